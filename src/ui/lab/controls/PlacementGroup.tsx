// The Placement group: where the counter lives (with the shards' and leases' fields), the
// side-by-side comparison, the number of servers and the routing.
import { useShallow } from 'zustand/react/shallow';
import { compareLabel, LANE_LABEL, laneTitles } from '../../../store/labStore';
import { PLACEMENTS, withPlacement, withRouting } from '../../../store/scenarioEdits';
import { PlacementExtras } from '../production/ProductionControls';
import { ServersField } from '../production/ServersField';
import { useLab, useStage } from '../useLab';
import { Group } from '../fields/fields';
import { useEdit } from '../fields/useEdit';

export function PlacementGroup({ errors }: { errors: string[] }) {
  const stage = useStage();
  const { edit } = useEdit();
  const input = useLab((s) => s.input);
  const lanes = useLab((s) => s.lanes);
  const override = useLab((s) => s.compareOverride);
  const compareTitle = useLab(useShallow((s) => laneTitles(s))).compare;
  const placement = String(input.placement ?? 'shared');
  return (
    <Group title="Placement" open>
      <fieldset className="radios">
        <legend className="field-label">Where the counter lives</legend>
        {PLACEMENTS.map((p) => (
          <label key={p}>
            <input
              type="radio"
              name="placement"
              value={p}
              checked={placement === p}
              onChange={() => edit((s) => withPlacement(s, p))}
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
          onChange={(e) => stage.store.getState().setLanes(e.target.checked)}
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
            onChange={(e) => edit((s) => withRouting(s, e.target.value))}
          >
            <option value="round-robin">round-robin</option>
            <option value="random">random (seeded)</option>
            <option value="sticky">sticky (by key)</option>
          </select>
        </div>
      </div>
      <p className="muted small">Requests that name a server keep it; the others are routed.</p>
    </Group>
  );
}
