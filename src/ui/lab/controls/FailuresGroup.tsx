// The Failures group: the store's latency, an outage, a timeout, what the service does when
// the store fails, and the store's replica and failover.
import { withFailureMode, withOutage } from '../../../store/scenarioEdits';
import { ReplicaControls } from '../production/ReplicaControls';
import { useLab } from '../useLab';
import { Group, NumberField } from '../fields/fields';
import { useEdit } from '../fields/useEdit';

export function FailuresGroup({ errors }: { errors: string[] }) {
  const { edit, runEnd } = useEdit();
  const input = useLab((s) => s.input);
  const store = (input.store ?? {}) as Record<string, unknown>;
  const outage = ((store.outages as { from: number; to: number }[] | undefined) ?? [])[0];
  const failureMode = String(input.failureMode ?? 'fail-closed');
  return (
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
          onChange={(e) => edit((s) => withOutage(s, e.target.checked, runEnd()))}
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
          onChange={(e) => edit((s) => withFailureMode(s, e.target.value))}
        >
          <option value="fail-closed">fail closed: answer 503</option>
          <option value="fail-open">fail open: let it through (bypass)</option>
          <option value="local-fallback">local fallback: each server limits on its own</option>
        </select>
      </div>
      <ReplicaControls errors={errors} />
    </Group>
  );
}
