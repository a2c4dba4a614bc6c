// Which admissions of a run went over the limit: admitted by this run, refused by one shared
// counter with the same policy on the same requests (moments.ts). `reference` runs that
// scenario; LabRun.overLimit calls this once per run, so no reader starts an engine run.
import type { Scenario } from '../scenario/types';
import { overages } from './overage';
import type { LabRun } from './labRun';
import { overTheLimit, referenceScenario, type OverLimit } from './moments';
import type { EngineRun } from './run';

export function overLimitOf(
  run: LabRun,
  engine: EngineRun,
  reference: (s: Scenario) => LabRun,
): OverLimit | null {
  const ref = referenceScenario(run.scenario, run);
  if (!ref) return null;
  // Shards and leases admit other requests than one counter would, within the same budget:
  // a mismatch is over the limit only when the engine measures admissions beyond the policy.
  const p = run.scenario.placement;
  if ((p === 'sharded' || p === 'leased') && overages(engine).every((o) => o.overage <= 0))
    return null;
  // The reference would run the learner's script again, outside its worker: a Lua run gets
  // no over-the-limit marks.
  if (ref.policies.some((q) => q.algorithm === 'lua')) return null;
  try {
    return overTheLimit(run, reference(ref));
  } catch {
    return null;
  }
}
