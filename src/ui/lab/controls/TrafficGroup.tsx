// The Traffic group: a preset pattern, its numbers, and the seed.
import { trafficPresetOf, TRAFFIC_PRESETS, withTrafficPreset } from '../../../store/trafficPresets';
import { useLab } from '../useLab';
import { Group, NumberField } from '../fields/fields';
import { useEdit } from '../fields/useEdit';

export function TrafficGroup({ errors }: { errors: string[] }) {
  const { edit } = useEdit();
  const input = useLab((s) => s.input);
  const traffic = (input.traffic as Record<string, unknown>[] | undefined)?.[0];
  return (
    <Group title="Traffic">
      <div className="field">
        <label htmlFor="ctl-traffic" className="field-label">
          Pattern
        </label>
        <select
          id="ctl-traffic"
          data-testid="traffic"
          value={trafficPresetOf(input)}
          onChange={(e) => edit((s) => withTrafficPreset(s, e.target.value))}
        >
          {TRAFFIC_PRESETS.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
        </select>
      </div>
      {traffic &&
        Object.entries(traffic)
          .filter(([k, v]) => typeof v === 'number' && k !== 'noisyTenant')
          .map(([k, v]) => (
            <NumberField
              key={`${String(traffic.pattern)}-${k}`}
              label={k}
              path={['traffic', 0, k]}
              value={v}
              errors={errors}
            />
          ))}
      <NumberField
        label="Seed"
        help="same seed, same run"
        path={['seed']}
        value={input.seed ?? 1}
        errors={errors}
      />
    </Group>
  );
}
