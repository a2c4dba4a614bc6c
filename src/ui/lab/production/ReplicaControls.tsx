// The store's replica and its failover (under Failures).
import { withFailover, withReplica } from '../../../store/productionEdits';
import { leftoverErrors } from '../fields/errors';
import { GroupErrors, NumberField } from '../fields/fields';
import { useEdit } from '../fields/useEdit';
import { useLab } from '../useLab';

type Obj = Record<string, unknown>;

export function ReplicaControls({ errors }: { errors: string[] }) {
  const { edit, runEnd } = useEdit();
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
          onChange={(e) => edit((s) => withReplica(s, e.target.checked))}
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
          onChange={(e) => edit((s) => withFailover(s, e.target.checked, runEnd()))}
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
