// The controls, in collapsible groups (one file each, under controls/ and production/, built
// from the fields and message rules in fields/). Every edit is a pure scenario edit
// (src/store/scenarioEdits.ts) that goes through the engine's validation: a bad value shows
// the engine's message next to its field and the last valid run keeps running.
import { AlgorithmGroup } from './controls/AlgorithmGroup';
import { FailuresGroup } from './controls/FailuresGroup';
import { PlacementGroup } from './controls/PlacementGroup';
import { TrafficGroup } from './controls/TrafficGroup';
import { unplacedErrors } from './fields/errors';
import { RolloutGroup } from './production/RolloutGroup';
import { TimeGroup } from './production/TimeGroup';
import { useLab } from './useLab';

export function Controls() {
  const errors = useLab((s) => s.errors);
  const unplaced = unplacedErrors(errors);
  return (
    <div className="controls" aria-label="Scenario controls" role="region">
      <AlgorithmGroup errors={errors} />
      <PlacementGroup errors={errors} />
      <TrafficGroup errors={errors} />
      <FailuresGroup errors={errors} />
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
