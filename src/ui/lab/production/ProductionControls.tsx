// The lab's controls for the production features (docs/scenario.md, "The limiter in
// production"): shards and leases under Placement (here), the number of servers
// (ServersField.tsx), the replica and its failover under Failures (ReplicaControls.tsx), server
// clocks, the time source and store clock steps under Time (TimeGroup.tsx), shadow mode under
// Rollout (RolloutGroup.tsx). Like every control, each edit is a pure scenario edit
// (src/store/productionEdits.ts) that goes through the engine's validation: a refused value
// shows the engine's message next to its field (or under its group) and the last valid run
// keeps running.
import {
  withCluster,
  withHashTags,
  withShardBudget,
  withShardBy,
} from '../../../store/productionEdits';
import { leftoverErrors } from '../fields/errors';
import { GroupErrors, NumberField } from '../fields/fields';
import { useEdit } from '../fields/useEdit';
import { useLab } from '../useLab';

type Obj = Record<string, unknown>;

/** Shards (placement "sharded") and leases (placement "leased"). */
export function PlacementExtras({ errors }: { errors: string[] }) {
  const { edit } = useEdit();
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
                onChange={(e) => edit((s) => withShardBudget(s, e.target.value))}
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
                onChange={(e) => edit((s) => withShardBy(s, e.target.value))}
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
            prepare={withCluster}
          />
          <label className="field inline">
            <input
              type="checkbox"
              data-testid="hash-tags"
              checked={cluster?.hashTags === true}
              onChange={(e) => edit((s) => withHashTags(s, e.target.checked))}
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
