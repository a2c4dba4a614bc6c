// Which admissions of a lane went over the limit: the run against one shared counter with the
// same policy on the same requests (core/lab/moments.ts), built once per run.
import { runScenario, type LabRun } from '../../core/lab/labRun';
import { overTheLimit, referenceScenario, type OverLimit } from '../../core/lab/moments';
import { overages } from '../../core/production/overage';

const cache = new WeakMap<LabRun, OverLimit | null>();

export function overLimitOf(run: LabRun): OverLimit | null {
  if (cache.has(run)) return cache.get(run)!;
  let over: OverLimit | null = null;
  const ref = referenceScenario(run.scenario, run);
  // Shards and leases admit other requests than one counter would, within the same budget:
  // a mismatch is over the limit only when the engine measures admissions beyond the policy.
  const p = run.scenario.placement;
  const within =
    (p === 'sharded' || p === 'leased') && overages(run.engine).every((o) => o.overage <= 0);
  // A reference that runs the learner's script would run it here, on the page's thread: a
  // Lua lane gets no over-the-limit marks.
  const lua = ref?.policies.some((q) => q.algorithm === 'lua') ?? false;
  if (ref && !within && !lua) {
    try {
      over = overTheLimit(run, runScenario(ref, { seekable: false }));
    } catch {
      over = null;
    }
  }
  cache.set(run, over);
  return over;
}
