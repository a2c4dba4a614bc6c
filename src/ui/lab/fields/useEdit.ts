// The controls' way into their stage's store: an edit (one of the pure scenario edits) and the
// end of the current run (where a new outage, failover or clock step is placed).
import type { ScenarioInput } from '../../../store/labStore';
import { useStage } from '../useLab';

export function useEdit() {
  const stage = useStage();
  return {
    edit: (change: (s: ScenarioInput) => ScenarioInput): boolean =>
      stage.store.getState().edit(change),
    runEnd: (): number => stage.store.getState().run.end,
  };
}
