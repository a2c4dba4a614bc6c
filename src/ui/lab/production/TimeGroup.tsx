// Server clocks, the time source and the store's clock steps (the "Time and clocks" group).
import {
  SERVER_LETTERS,
  withClockStep,
  withServersAsList,
  withTimeSource,
} from '../../../store/productionEdits';
import { leftoverErrors } from '../fields/errors';
import { Group, GroupErrors, NumberField } from '../fields/fields';
import { useEdit } from '../fields/useEdit';
import { useLab } from '../useLab';

type Obj = Record<string, unknown>;

export function TimeGroup({ errors }: { errors: string[] }) {
  const { edit, runEnd } = useEdit();
  const input = useLab((s) => s.input);
  const st = (input.store ?? {}) as Obj;
  const steps = (st.clockSteps as Obj[] | undefined) ?? [];
  const list = Array.isArray(input.servers) ? (input.servers as Obj[]) : null;
  const n = list ? list.length : typeof input.servers === 'number' ? input.servers : 2;
  const names = list
    ? list.map((s, k) => String(s.name ?? SERVER_LETTERS[k]))
    : [...SERVER_LETTERS].slice(0, Math.max(1, Math.min(8, n)));
  const fields = [
    'servers',
    ...names.flatMap((_, k) => [`servers[${k}].clockOffsetSeconds`, `servers[${k}].clockDriftPpm`]),
    ...steps.flatMap((_, k) => [`store.clockSteps[${k}].at`, `store.clockSteps[${k}].bySeconds`]),
  ];
  const left = leftoverErrors(errors, ['timeSource', 'servers', 'store.clockSteps'], fields);
  return (
    <Group
      title="Time and clocks"
      id="ctl-time"
      open={
        !!input.timeSource ||
        steps.length > 0 ||
        !!list?.some((x) => x.clockOffsetSeconds || x.clockDriftPpm)
      }
    >
      <div className="field">
        <label htmlFor="ctl-time-source" className="field-label">
          The limiter takes now from
        </label>
        <select
          id="ctl-time-source"
          data-testid="time-source-select"
          value={String(input.timeSource ?? 'store')}
          onChange={(e) => edit((s) => withTimeSource(s, e.target.value))}
        >
          <option value="store">the store (Redis TIME): one clock</option>
          <option value="app">each app server's own clock</option>
        </select>
      </div>
      <p className="muted small">
        Each server's clock: offset (seconds) and drift (parts per million).
      </p>
      {names.map((name, k) => {
        const s = list?.[k] ?? {};
        return (
          <div className="field-pair" key={name} data-testid={`clock-fields-${name}`}>
            <NumberField
              label={`Server ${name} offset`}
              unit="s"
              path={['servers', k, 'clockOffsetSeconds']}
              value={s.clockOffsetSeconds ?? 0}
              errors={errors}
              prepare={withServersAsList}
            />
            <NumberField
              label="drift"
              unit="ppm"
              path={['servers', k, 'clockDriftPpm']}
              value={s.clockDriftPpm ?? 0}
              errors={errors}
              prepare={withServersAsList}
            />
          </div>
        );
      })}
      <label className="field inline">
        <input
          type="checkbox"
          data-testid="clock-step"
          checked={steps.length > 0}
          onChange={(e) => edit((s) => withClockStep(s, e.target.checked, runEnd()))}
        />
        <span>The store's clock steps (an NTP correction, a VM resumed)</span>
      </label>
      {steps.map((c, k) => (
        <div className="field-pair" key={k}>
          <NumberField
            label="at"
            unit="s"
            path={['store', 'clockSteps', k, 'at']}
            value={c.at}
            errors={errors}
          />
          <NumberField
            label="by"
            help="negative: back"
            unit="s"
            path={['store', 'clockSteps', k, 'bySeconds']}
            value={c.bySeconds}
            errors={errors}
          />
        </div>
      ))}
      <GroupErrors messages={left} />
    </Group>
  );
}
