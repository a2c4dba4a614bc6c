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
  /** Stop searching this many ms after `startedAt` (the result then says complete: false, and why). */
  softDeadlineMs: number;
  /** When the verb was called: Unix ms (performance.timeOrigin + performance.now(), comparable across threads). */
  startedAt: number;
  /** Wall-clock budget of one Lua slice, ms. */
  budgetMs: number;
}

export async function exploreJob(job: ExploreJob): Promise<ExploreJobResult> {
  // The deadline counts from the verb's call, so the thread's and the engine's start-up are inside it.
  const since = () => performance.timeOrigin + performance.now() - job.startedAt;
  const engine = await createLuaEngine({ budgetMs: job.budgetMs });
  const errors = checkRunnable(job.input, engine);
  if (errors.length) return { ok: false, errors };
  const result = explore(job.input, engine, {
    clock: since,
    deadlineMs: job.softDeadlineMs,
  });
  return { ok: true, result };
}
