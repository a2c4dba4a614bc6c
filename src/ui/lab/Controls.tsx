// The controls, in collapsible groups. Every edit goes through the engine's validation: a bad
// value shows the engine's message next to its field and the last valid run keeps running.
import { useId, useState, type ReactNode } from 'react';
import { algorithmOf, BUILTIN_ALGORITHMS, defaultParams } from '../../core/limiters/registry';
import type { ParamDescriptor } from '../../core/limiters/types';
import {
  compareLabel,
  laneTitles,
  LANE_LABEL,
  WORKED_EXAMPLE,
  type LabStore,
  type ScenarioInput,
} from '../../store/labStore';
import { useShallow } from 'zustand/react/shallow';
import {
  applyPlacement,
  PlacementExtras,
  PRODUCTION_ERROR,
  ReplicaControls,
  RolloutGroup,
  ServersField,
  TimeGroup,
} from './production/ProductionControls';
import { useLab, useStage } from './useLab';

/** How long each request holds its slot when an algorithm needs one (concurrency). */
export const DEFAULT_DURATION = 2;

/**
 * Switch the draft to another algorithm with its default parameters. Concurrency counts
 * requests in flight, so every request and traffic pattern that has no duration gets one
 * (without it the engine refuses the scenario and the choice would snap back).
 */
export function switchAlgorithm(d: ScenarioInput, algorithm: string): void {
  d.algorithm = algorithm;
  d.params = defaultParams(algorithm);
  if (algorithm !== 'concurrency') return;
  for (const key of ['requests', 'traffic'] as const) {
    const list = d[key];
    if (!Array.isArray(list)) continue;
    for (const r of list as Record<string, unknown>[])
      if (typeof r === 'object' && r !== null && r.duration === undefined)
        r.duration = DEFAULT_DURATION;
  }
}

/** The controls an algorithm's parameters get: numbers and switches (its own description). */
function paramControls(algorithm: string, params: Record<string, unknown>): ParamDescriptor[] {
  const declared = algorithmOf(algorithm)?.params;
  if (declared && declared.length) return declared;
  // A plug-in that declares nothing: one number field per numeric value given.
  return Object.keys(params)
    .filter((k) => typeof params[k] === 'number')
    .map((name) => ({ name, kind: 'number' as const, required: false, help: '' }));
}

export const TRAFFIC_PRESETS: { id: string; label: string; apply(d: ScenarioInput): void }[] = [
  {
    id: 'worked',
    label: 'The worked example: 5 requests, A B A B A',
    apply(d) {
      d.requests = structuredClone(WORKED_EXAMPLE.requests);
      delete d.traffic;
    },
  },
  {
    id: 'steady',
    label: 'Steady: 2 per second for 30 s',
    apply(d) {
      d.requests = [];
      d.traffic = [{ pattern: 'steady', ratePerSecond: 2, from: 0, to: 30, key: 'client-1' }];
    },
  },
  {
    id: 'burst',
    label: 'Burst: 20 requests at once',
    apply(d) {
      d.requests = [];
      d.traffic = [{ pattern: 'burst', at: 1, count: 20, spacingSeconds: 0.05, key: 'client-1' }];
    },
  },
  {
    id: 'poisson',
    label: 'Random arrivals (Poisson), 3 per second',
    apply(d) {
      d.requests = [];
      d.traffic = [{ pattern: 'poisson', ratePerSecond: 3, from: 0, to: 40, key: 'client-1' }];
    },
  },
  {
    id: 'boundary',
    label: 'Boundary attack: both sides of a window edge',
    apply(d) {
      d.requests = [];
      d.traffic = [
        {
          pattern: 'boundary-attack',
          windowSeconds: 60,
          boundary: 60,
          count: 10,
          spreadSeconds: 2,
          key: 'client-1',
        },
      ];
    },
  },
  {
    id: 'tenants',
    label: 'Four tenants, one noisy neighbour',
    apply(d) {
      d.requests = [];
      d.traffic = [
        {
          pattern: 'multi-tenant',
          tenants: 4,
          ratePerSecond: 0.5,
          noisyTenant: 0,
          noisyFactor: 6,
          from: 0,
          to: 40,
        },
      ];
    },
  },
  {
    id: 'storm',
    label: 'Retry storm: 30 clients retry on 429',
    apply(d) {
      d.requests = [];
      d.traffic = [{ pattern: 'retry-storm', clients: 30, at: 1, jitter: true, maxAttempts: 4 }];
    },
  },
];

export function errorsFor(errors: string[], path: string): string[] {
  return errors.filter(
    (e) =>
      e.startsWith(`${path} `) || e.startsWith(`${path}.`) || e.startsWith(`scenario.${path} `),
  );
}

export function setPath(d: ScenarioInput, path: (string | number)[], value: unknown) {
  let o = d as Record<string | number, unknown>;
  for (let k = 0; k < path.length - 1; k++) {
    const key = path[k]!;
    if (typeof o[key] !== 'object' || o[key] === null)
      o[key] = typeof path[k + 1] === 'number' ? [] : {};
    o = o[key] as Record<string | number, unknown>;
  }
  const last = path[path.length - 1]!;
  if (value === undefined) delete o[last];
  else o[last] = value;
}

export const pathText = (p: (string | number)[]) =>
  p.reduce<string>(
    (acc, k) => (typeof k === 'number' ? `${acc}[${k}]` : acc ? `${acc}.${k}` : k),
    '',
  );

/** A number field that sends whatever was typed to the engine and shows its verdict. */
export function NumberField({
  label,
  help,
  path,
  value,
  errors,
  scale = 1,
  unit,
  prepare,
}: {
  label: string;
  help?: string;
  path: (string | number)[];
  value: unknown;
  errors: string[];
  scale?: number;
  unit?: string;
  /** Reshape the draft before the value is set (e.g. `servers: 2` into a list of servers). */
  prepare?: (d: ScenarioInput) => void;
}) {
  const id = useId();
  const stage = useStage();
  const shown =
    typeof value === 'number'
      ? String(+(value * scale).toPrecision(6))
      : value === undefined
        ? ''
        : String(value);
  const [text, setText] = useState(shown);
  const [synced, setSynced] = useState(shown);
  if (synced !== shown) {
    setSynced(shown);
    setText(shown);
  }
  const mine = errorsFor(errors, pathText(path));
  return (
    <div className="field">
      <label htmlFor={id}>
        <span className="field-label">{label}</span>
        {help && <span className="field-help"> {help}</span>}
      </label>
      <div className="field-row">
        <input
          id={id}
          inputMode="decimal"
          value={text}
          aria-invalid={mine.length > 0}
          aria-describedby={mine.length ? `${id}-err` : undefined}
          data-testid={`field-${pathText(path)}`}
          onChange={(e) => {
            const t = e.target.value;
            setText(t);
            // The engine judges the value: '' is missing, 'abc' is NaN, both are refused with its message.
            const v = t.trim() === '' ? undefined : Number(t) / scale;
            stage.store.getState().edit((d) => {
              prepare?.(d);
              setPath(d, path, v);
            });
          }}
        />
        {unit && <span className="muted">{unit}</span>}
      </div>
      {mine.length > 0 && (
        <p className="field-error" id={`${id}-err`} role="alert" data-testid="field-error">
          {mine.join('; ')}
          <span className="muted"> · still running the last valid setting</span>
        </p>
      )}
    </div>
  );
}

export function Group({
  title,
  children,
  open,
  id,
}: {
  title: string;
  children: ReactNode;
  open?: boolean;
  id?: string;
}) {
  return (
    <details className="ctl-group" open={open} id={id}>
      <summary>{title}</summary>
      <div className="ctl-body">{children}</div>
    </details>
  );
}

export function Controls() {
  const stage = useStage();
  const labStore: LabStore = stage.store;
  const input = useLab((s) => s.input);
  const errors = useLab((s) => s.errors);
  const lanes = useLab((s) => s.lanes);
  const override = useLab((s) => s.compareOverride);
  const compareTitle = useLab(useShallow((s) => laneTitles(s))).compare;
  const edit = (f: (d: ScenarioInput) => void) => labStore.getState().edit(f);
  const multi = Array.isArray(input.policies);
  const algorithm = String(
    input.algorithm ?? (multi ? ((input.policies as ScenarioInput[])[0]?.algorithm ?? '') : ''),
  );
  const params = (input.params ?? {}) as Record<string, unknown>;
  const placement = String(input.placement ?? 'shared');
  const store = (input.store ?? {}) as Record<string, unknown>;
  const outage = ((store.outages as { from: number; to: number }[] | undefined) ?? [])[0];
  const traffic = (input.traffic as Record<string, unknown>[] | undefined)?.[0];
  const failureMode = String(input.failureMode ?? 'fail-closed');
  const globalPolicy = multi
    ? (input.policies as ScenarioInput[]).find((p) => p.id === 'global')
    : undefined;
  const unplaced = errors.filter(
    (e) =>
      !/^(params|store|traffic\[0\]|servers|fallback|policies\[1\])/.test(e) &&
      !PRODUCTION_ERROR.test(e),
  );

  return (
    <div className="controls" aria-label="Scenario controls" role="region">
      <Group title="Algorithm" open id="ctl-algorithm">
        {!multi && (
          <>
            <div className="field">
              <label htmlFor="ctl-alg" className="field-label">
                Algorithm
              </label>
              <select
                id="ctl-alg"
                data-testid="algorithm"
                value={algorithm}
                onChange={(e) => edit((d) => switchAlgorithm(d, e.target.value))}
              >
                {!(BUILTIN_ALGORITHMS as readonly string[]).includes(algorithm) && (
                  // A plug-in such as a learner's Lua script (a practice case's replay).
                  <option value={algorithm}>
                    {algorithm === 'lua' ? 'lua (the script below)' : algorithm}
                  </option>
                )}
                {BUILTIN_ALGORITHMS.map((a) => (
                  <option key={a} value={a}>
                    {a}
                  </option>
                ))}
              </select>
            </div>
            {algorithm === 'lua' && (
              <p className="muted small" data-testid="lua-keys">
                Runs the scenario&apos;s Lua script on each request, with KEYS{' '}
                <code>{((params.keys as string[] | undefined) ?? ['rl:{key}']).join(', ')}</code>
                {Array.isArray(params.args) && params.args.length > 0 && (
                  <>
                    {' '}
                    and ARGV <code>{(params.args as string[]).join(', ')}</code>
                  </>
                )}
                . Pick another algorithm to replace it.
              </p>
            )}
            <p className="muted small" data-testid="algorithm-summary">
              {algorithmOf(algorithm)?.summary}
            </p>
            {paramControls(algorithm, params).map((p) =>
              p.kind === 'boolean' ? (
                <label key={p.name} className="field inline">
                  <input
                    type="checkbox"
                    checked={params[p.name] === true}
                    onChange={(e) =>
                      edit((d) => setPath(d, ['params', p.name], e.target.checked || undefined))
                    }
                  />
                  <span>
                    {p.name} <span className="field-help">{p.help}</span>
                  </span>
                </label>
              ) : p.kind === 'number' ? (
                <NumberField
                  key={`${algorithm}-${p.name}`}
                  label={p.name}
                  help={p.help}
                  path={['params', p.name]}
                  value={params[p.name]}
                  errors={errors}
                />
              ) : null,
            )}
          </>
        )}
        <label className="field inline">
          <input
            type="checkbox"
            checked={!!globalPolicy}
            data-testid="global-policy"
            onChange={(e) =>
              edit((d) => {
                if (e.target.checked) {
                  d.policies = [
                    { id: 'per-client', algorithm: d.algorithm, params: d.params, scope: 'key' },
                    {
                      id: 'global',
                      algorithm: 'token-bucket',
                      params: { capacity: 10, refillPerSecond: 2 },
                      scope: 'global',
                    },
                  ];
                  delete d.algorithm;
                  delete d.params;
                } else {
                  const pols = (d.policies as ScenarioInput[]) ?? [];
                  const main = pols[0] ?? {
                    algorithm: 'fixed-window',
                    params: defaultParams('fixed-window'),
                  };
                  d.algorithm = main.algorithm;
                  d.params = main.params;
                  delete d.policies;
                  delete d.multiPolicy;
                }
              })
            }
          />
          <span>Add a second policy: all clients together, token bucket 10, +2/s</span>
        </label>
        {multi && (
          <>
            <p className="muted small">
              Policies:{' '}
              {(input.policies as ScenarioInput[])
                .map((p) => `${String(p.id)} (${String(p.algorithm)}, ${String(p.scope ?? 'key')})`)
                .join(' + ')}
            </p>
            <div className="field">
              <label htmlFor="ctl-mp" className="field-label">
                Charging several policies
              </label>
              <select
                id="ctl-mp"
                value={String(input.multiPolicy ?? 'all-or-nothing')}
                onChange={(e) => edit((d) => (d.multiPolicy = e.target.value))}
              >
                <option value="all-or-nothing">
                  all-or-nothing: charge only when every policy admits
                </option>
                <option value="naive">naive: charge each in turn, stop at the first denial</option>
              </select>
            </div>
          </>
        )}
      </Group>

      <Group title="Placement" open>
        <fieldset className="radios">
          <legend className="field-label">Where the counter lives</legend>
          {(
            ['local', 'shared', 'shared-nonatomic', 'shared-fallback', 'sharded', 'leased'] as const
          ).map((p) => (
            <label key={p}>
              <input
                type="radio"
                name="placement"
                value={p}
                checked={placement === p}
                onChange={() => edit((d) => applyPlacement(d, p))}
              />
              <span>
                {LANE_LABEL[p]} <code className="muted">{p}</code>
              </span>
            </label>
          ))}
        </fieldset>
        <PlacementExtras errors={errors} />
        <label className="field inline">
          <input
            type="checkbox"
            checked={lanes}
            data-testid="compare-lanes"
            onChange={(e) => labStore.getState().setLanes(e.target.checked)}
          />
          <span>
            Compare side by side with{' '}
            {override && compareTitle ? `“${compareTitle}”` : compareLabel(input)}
          </span>
        </label>
        <div className="field-pair">
          <ServersField errors={errors} />
          <div className="field">
            <label htmlFor="ctl-routing" className="field-label">
              Routing
            </label>
            <select
              id="ctl-routing"
              value={String(input.routing ?? 'round-robin')}
              onChange={(e) => edit((d) => (d.routing = e.target.value))}
            >
              <option value="round-robin">round-robin</option>
              <option value="random">random (seeded)</option>
              <option value="sticky">sticky (by key)</option>
            </select>
          </div>
        </div>
        <p className="muted small">Requests that name a server keep it; the others are routed.</p>
      </Group>

      <Group title="Traffic">
        <div className="field">
          <label htmlFor="ctl-traffic" className="field-label">
            Pattern
          </label>
          <select
            id="ctl-traffic"
            data-testid="traffic"
            value={
              traffic
                ? (
                    {
                      steady: 'steady',
                      burst: 'burst',
                      poisson: 'poisson',
                      'boundary-attack': 'boundary',
                      'multi-tenant': 'tenants',
                      'retry-storm': 'storm',
                    } as Record<string, string>
                  )[String(traffic.pattern)]
                : 'worked'
            }
            onChange={(e) =>
              edit((d) => TRAFFIC_PRESETS.find((p) => p.id === e.target.value)?.apply(d))
            }
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

      <Group title="Failures" open={!!store.replica || !!outage}>
        <NumberField
          label="Store latency"
          help="one way"
          path={['store', 'latencySeconds']}
          value={store.latencySeconds ?? 0}
          scale={1000}
          unit="ms"
          errors={errors}
        />
        <label className="field inline">
          <input
            type="checkbox"
            checked={!!outage}
            data-testid="outage"
            onChange={(e) =>
              edit((d) => {
                const end = labStore.getState().run.end;
                setPath(
                  d,
                  ['store', 'outages'],
                  e.target.checked
                    ? [{ from: +(end * 0.3).toFixed(2), to: +(end * 0.7).toFixed(2) }]
                    : undefined,
                );
              })
            }
          />
          <span>The store goes down for a while</span>
        </label>
        {outage && (
          <div className="field-pair">
            <NumberField
              label="from"
              unit="s"
              path={['store', 'outages', 0, 'from']}
              value={outage.from}
              errors={errors}
            />
            <NumberField
              label="to"
              unit="s"
              path={['store', 'outages', 0, 'to']}
              value={outage.to}
              errors={errors}
            />
          </div>
        )}
        <NumberField
          label="Timeout"
          help="empty: wait forever"
          path={['store', 'timeoutSeconds']}
          value={store.timeoutSeconds ?? undefined}
          scale={1000}
          unit="ms"
          errors={errors}
        />
        <div className="field">
          <label htmlFor="ctl-fm" className="field-label">
            When the store fails
          </label>
          <select
            id="ctl-fm"
            data-testid="failure-mode"
            value={failureMode}
            onChange={(e) =>
              edit((d) => {
                d.failureMode = e.target.value;
                if (e.target.value === 'local-fallback' && !d.fallback)
                  d.fallback = {
                    algorithm: 'token-bucket',
                    params: { capacity: 2, refillPerSecond: 0.05 },
                  };
                if (e.target.value !== 'local-fallback' && d.placement !== 'shared-fallback')
                  delete d.fallback;
              })
            }
          >
            <option value="fail-closed">fail closed: answer 503</option>
            <option value="fail-open">fail open: let it through (bypass)</option>
            <option value="local-fallback">local fallback: each server limits on its own</option>
          </select>
        </div>
        <ReplicaControls errors={errors} />
      </Group>
      <TimeGroup errors={errors} />
      <RolloutGroup errors={errors} />
      {unplaced.length > 0 && (
        <ul className="notice error small" role="alert">
          {unplaced.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
