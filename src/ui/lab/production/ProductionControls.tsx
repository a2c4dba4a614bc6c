// The lab's controls for the production features (docs/scenario.md, "The limiter in
// production"): shards and leases under Placement, the replica and its failover under Failures,
// server clocks, the time source and store clock steps under Time, shadow mode under Rollout.
// Like every control, each edit goes through the engine's validation: a refused value shows
// the engine's message next to its field (or under its group) and the last valid run keeps
// running.
import type { ScenarioInput } from '../../../store/labStore';
import { errorsFor, Group, NumberField } from '../Controls';
import { useLab, useStage } from '../useLab';

const LETTERS = 'ABCDEFGH';
type Obj = Record<string, unknown>;
const store = (d: ScenarioInput): Obj => {
  if (typeof d.store !== 'object' || d.store === null) d.store = {};
  return d.store as Obj;
};
/** Edits to the stage's own store, and a time inside its current run (a new failover or step). */
function useEditor() {
  const stage = useStage();
  return {
    edit: (f: (d: ScenarioInput) => void) => stage.store.getState().edit(f),
    within: (f: number): number => +(stage.store.getState().run.end * f).toFixed(2),
  };
}

/** The engine's messages for a group that no field of it shows (cross-field rules). */
export function leftoverErrors(errors: string[], prefixes: string[], fields: string[]): string[] {
  return errors.filter(
    (e) =>
      prefixes.some((p) => e.startsWith(p)) && !fields.some((f) => errorsFor([e], f).length > 0),
  );
}

/** Messages the production groups show, so the controls' catch-all list leaves them out. */
export const PRODUCTION_ERROR =
  /^(lease|shards|shardBudget|shardBy|timeSource|enforce|placement "|store\.(replica|failover|clockSteps|cluster)|servers)/;

function GroupErrors({ messages }: { messages: string[] }) {
  if (!messages.length) return null;
  return (
    <ul className="notice error small" role="alert" data-testid="group-errors">
      {messages.map((m) => (
        <li key={m}>
          {m}
          <span className="muted"> · still running the last valid setting</span>
        </li>
      ))}
    </ul>
  );
}

/** `servers: n` as the list form, so one server can get its own clock. */
export function serversAsList(d: ScenarioInput): Obj[] {
  if (!Array.isArray(d.servers)) {
    const n = typeof d.servers === 'number' ? d.servers : 2;
    d.servers = Array.from({ length: Math.max(1, Math.min(8, n)) }, (_, k) => ({
      name: LETTERS[k],
    }));
  }
  return d.servers as Obj[];
}

/** The number of servers, for either form of `servers`. */
export function ServersField({ errors }: { errors: string[] }) {
  const { edit } = useEditor();
  const input = useLab((s) => s.input);
  const list = Array.isArray(input.servers) ? (input.servers as Obj[]) : null;
  if (!list)
    return (
      <NumberField
        label="Servers"
        help="1 to 8"
        path={['servers']}
        value={input.servers ?? 2}
        errors={errors}
      />
    );
  return (
    <div className="field">
      <label htmlFor="ctl-servers" className="field-label">
        Servers <span className="field-help">1 to 8, each with its own clock</span>
      </label>
      <select
        id="ctl-servers"
        data-testid="field-servers"
        value={list.length}
        onChange={(e) =>
          edit((d) => {
            const l = serversAsList(d);
            const n = Number(e.target.value);
            while (l.length > n) l.pop();
            while (l.length < n) {
              const used = new Set(l.map((s) => s.name));
              l.push({ name: [...LETTERS].find((c) => !used.has(c)) ?? `S${l.length}` });
            }
          })
        }
      >
        {[1, 2, 3, 4, 5, 6, 7, 8].map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Shards (placement "sharded") and leases (placement "leased"). */
export function PlacementExtras({ errors }: { errors: string[] }) {
  const { edit } = useEditor();
  const input = useLab((s) => s.input);
  const placement = String(input.placement ?? 'shared');
  const st = (input.store ?? {}) as Obj;
  const cluster = st.cluster as Obj | undefined;
  const lease = (input.lease ?? {}) as Obj;
  const fields = ['shards', 'lease.size', 'lease.ttlSeconds', 'store.cluster.nodes'];
  const left = leftoverErrors(errors, ['lease', 'shard', 'placement "', 'store.cluster'], fields);
  return (
    <>
      {placement === 'sharded' && (
        <div className="ctl-sub" data-testid="shard-controls">
          <NumberField
            label="Shards"
            help="keys the budget is spread over, 1 to 64"
            path={['shards']}
            value={input.shards}
            errors={errors}
          />
          <div className="field-pair">
            <div className="field">
              <label htmlFor="ctl-shard-budget" className="field-label">
                Budget per shard
              </label>
              <select
                id="ctl-shard-budget"
                data-testid="shard-budget"
                value={String(input.shardBudget ?? 'split')}
                onChange={(e) => edit((d) => (d.shardBudget = e.target.value))}
              >
                <option value="split">split: each gets 1/n</option>
                <option value="copy">copy: each gets all of it</option>
              </select>
            </div>
            <div className="field">
              <label htmlFor="ctl-shard-by" className="field-label">
                A request picks its shard
              </label>
              <select
                id="ctl-shard-by"
                value={String(input.shardBy ?? 'random')}
                onChange={(e) => edit((d) => (d.shardBy = e.target.value))}
              >
                <option value="random">at random (seeded)</option>
                <option value="key">by its key</option>
                <option value="server">by its server</option>
              </select>
            </div>
          </div>
          <NumberField
            label="Cluster nodes"
            help="Redis Cluster primaries, 1 to 16"
            path={['store', 'cluster', 'nodes']}
            value={cluster?.nodes ?? 3}
            errors={errors}
            prepare={(d) => {
              const s = store(d);
              if (typeof s.cluster !== 'object' || s.cluster === null) s.cluster = {};
            }}
          />
          <label className="field inline">
            <input
              type="checkbox"
              data-testid="hash-tags"
              checked={cluster?.hashTags === true}
              onChange={(e) =>
                edit((d) => {
                  const s = store(d);
                  s.cluster = {
                    nodes: 3,
                    ...((s.cluster as Obj) ?? {}),
                    hashTags: e.target.checked,
                  };
                })
              }
            />
            <span>
              Hash tags: <code>rl:{'{key}'}:n</code>, every shard of a key in one slot
            </span>
          </label>
        </div>
      )}
      {placement === 'leased' && (
        <div className="ctl-sub field-pair" data-testid="lease-controls">
          <NumberField
            label="Lease size"
            help="tokens per store call"
            path={['lease', 'size']}
            value={lease.size}
            errors={errors}
          />
          <NumberField
            label="Lease lifetime"
            unit="s"
            path={['lease', 'ttlSeconds']}
            value={lease.ttlSeconds}
            errors={errors}
          />
        </div>
      )}
      <GroupErrors messages={left} />
    </>
  );
}

/** What choosing a placement does to the fields only some placements have. */
export function applyPlacement(d: ScenarioInput, p: string): void {
  d.placement = p;
  if (p === 'sharded') d.shards ??= 4;
  else {
    delete d.shards;
    delete d.shardBudget;
    delete d.shardBy;
    if (typeof d.store === 'object' && d.store !== null) delete (d.store as Obj).cluster;
  }
  if (p === 'leased') d.lease ??= { size: 5, ttlSeconds: 2 };
  else delete d.lease;
}

/** The store's replica and its failover (under Failures). */
export function ReplicaControls({ errors }: { errors: string[] }) {
  const { edit, within } = useEditor();
  const input = useLab((s) => s.input);
  const st = (input.store ?? {}) as Obj;
  const replica = st.replica as Obj | undefined;
  const failover = st.failover as Obj | undefined;
  const fields = ['store.replica.lagSeconds', 'store.failover.at', 'store.failover.downSeconds'];
  const left = leftoverErrors(errors, ['store.replica', 'store.failover'], fields);
  return (
    <div className="ctl-sub" data-testid="replica-controls">
      <label className="field inline">
        <input
          type="checkbox"
          data-testid="replica-toggle"
          checked={!!replica}
          onChange={(e) =>
            edit((d) => {
              const s = store(d);
              if (e.target.checked) s.replica = { lagSeconds: 0.5 };
              else {
                delete s.replica;
                delete s.failover;
              }
            })
          }
        />
        <span>The store has a replica (asynchronous replication)</span>
      </label>
      {replica && (
        <NumberField
          label="Replica lag"
          help="writes reach the replica this much later"
          path={['store', 'replica', 'lagSeconds']}
          value={replica.lagSeconds ?? 0}
          scale={1000}
          unit="ms"
          errors={errors}
        />
      )}
      <label className="field inline">
        <input
          type="checkbox"
          data-testid="failover-toggle"
          checked={!!failover}
          onChange={(e) =>
            edit((d) => {
              const s = store(d);
              if (e.target.checked) {
                s.replica ??= { lagSeconds: 0.5 };
                s.failover = { at: within(0.4), downSeconds: 1 };
              } else delete s.failover;
            })
          }
        />
        <span>The primary fails and the replica is promoted</span>
      </label>
      {failover && (
        <div className="field-pair">
          <NumberField
            label="Primary lost at"
            unit="s"
            path={['store', 'failover', 'at']}
            value={failover.at}
            errors={errors}
          />
          <NumberField
            label="Promotion takes"
            unit="s"
            path={['store', 'failover', 'downSeconds']}
            value={failover.downSeconds ?? 0}
            errors={errors}
          />
        </div>
      )}
      <GroupErrors messages={left} />
    </div>
  );
}

/** Server clocks, the time source and the store's clock steps. */
export function TimeGroup({ errors }: { errors: string[] }) {
  const { edit, within } = useEditor();
  const input = useLab((s) => s.input);
  const st = (input.store ?? {}) as Obj;
  const steps = (st.clockSteps as Obj[] | undefined) ?? [];
  const list = Array.isArray(input.servers) ? (input.servers as Obj[]) : null;
  const n = list ? list.length : typeof input.servers === 'number' ? input.servers : 2;
  const names = list
    ? list.map((s, k) => String(s.name ?? LETTERS[k]))
    : [...LETTERS].slice(0, Math.max(1, Math.min(8, n)));
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
          onChange={(e) =>
            edit((d) => {
              if (e.target.value === 'store') delete d.timeSource;
              else d.timeSource = e.target.value;
            })
          }
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
              prepare={serversAsList}
            />
            <NumberField
              label="drift"
              unit="ppm"
              path={['servers', k, 'clockDriftPpm']}
              value={s.clockDriftPpm ?? 0}
              errors={errors}
              prepare={serversAsList}
            />
          </div>
        );
      })}
      <label className="field inline">
        <input
          type="checkbox"
          data-testid="clock-step"
          checked={steps.length > 0}
          onChange={(e) =>
            edit((d) => {
              const s = store(d);
              if (e.target.checked) s.clockSteps = [{ at: within(0.4), bySeconds: -3 }];
              else delete s.clockSteps;
            })
          }
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

/** Shadow mode (enforce: false) for the whole scenario. */
export function RolloutGroup({ errors }: { errors: string[] }) {
  const { edit } = useEditor();
  const input = useLab((s) => s.input);
  const left = leftoverErrors(errors, ['enforce', 'policies'], []).filter((e) =>
    e.includes('enforce'),
  );
  return (
    <Group title="Rollout" id="ctl-rollout" open={input.enforce === false}>
      <label className="field inline">
        <input
          type="checkbox"
          data-testid="shadow-mode"
          checked={input.enforce === false}
          onChange={(e) =>
            edit((d) => {
              if (e.target.checked) d.enforce = false;
              else delete d.enforce;
            })
          }
        />
        <span>
          Shadow mode: decide and record every verdict, deny nothing (<code>enforce: false</code>)
        </span>
      </label>
      <p className="muted small">
        Run a new policy this way first: the Production panels list who it would have denied.
      </p>
      <GroupErrors messages={left} />
    </Group>
  );
}
