// Shadow mode (enforce: false) for the whole scenario.
import { withShadowMode } from '../../../store/productionEdits';
import { leftoverErrors } from '../fields/errors';
import { Group, GroupErrors } from '../fields/fields';
import { useEdit } from '../fields/useEdit';
import { useLab } from '../useLab';

export function RolloutGroup({ errors }: { errors: string[] }) {
  const { edit } = useEdit();
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
          onChange={(e) => edit((s) => withShadowMode(s, e.target.checked))}
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
