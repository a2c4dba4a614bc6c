// The `explore` verb's work, run inside a worker thread (sandbox.ts): load the Lua engine,
// check that the code compiles and the initial commands succeed, then explore. A soft
// deadline stops the search between schedules (complete: false); the hard deadline in the
// parent stops anything else.
import { createLuaEngine } from '../core/lua/index';
import { checkRunnable, explore } from '../core/races/explore';
import type { ExploreInput, ExploreResult } from '../core/races/types';

export type ExploreJobResult =
  { ok: true; result: ExploreResult } | { ok: false; errors: string[] };

export interface ExploreJob {
  input: ExploreInput;
  /** Stop searching after this many ms (the result then says complete: false). */
  softDeadlineMs: number;
  /** Wall-clock budget of one Lua slice, ms. */
  budgetMs: number;
}

export async function exploreJob(job: ExploreJob): Promise<ExploreJobResult> {
  const start = performance.now();
  // The deadline counts from here, so the engine's start-up is inside it.
  const engine = await createLuaEngine({ budgetMs: job.budgetMs });
  const errors = checkRunnable(job.input, engine);
  if (errors.length) return { ok: false, errors };
  const result = explore(job.input, engine, {
    clock: () => performance.now() - start,
    deadlineMs: job.softDeadlineMs,
  });
  return { ok: true, result };
}
