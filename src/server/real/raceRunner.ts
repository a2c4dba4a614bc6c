// `explore --real`: a race's requests as real concurrent connections, N times, beside the
// explorer's verdict on the model. The work runs in a worker thread with a hard deadline;
// whatever happens there, this side deletes the run's keys (SCAN MATCH on the prefix + UNLINK).
import { parseExploreInput, ExploreInputError } from '../../core/races/input';
import type { ExploreInput } from '../../core/races/types';
import { runInWorker } from '../../cli/sandbox';
import type { RaceJob, RaceJobResult, RealRaceResult } from './raceJob';
import { newPrefix, prefixCommand, prefixKey } from './safety';
import { RealStore } from './store';
import type { RealTarget } from './target';

export const MAX_TRIALS = 10_000;
export const MAX_DELAY_MS = 1_000;

export interface RealRaceOptions {
  target: RealTarget;
  trials: number;
  delayMs?: number;
  lockstep?: boolean;
  prefixBase?: string;
  /** Hard deadline of the whole run (default 60 s); trials stop starting 5 s before it. */
  deadlineMs?: number;
}

export type RealRaceOutcome =
  { ok: true; result: RealRaceResult } | { ok: false; errors: string[] };

/** Options a caller typed, checked: each bad one named. */
export function checkRaceOptions(o: { trials: unknown; delayMs?: unknown }): string[] {
  const errs: string[] = [];
  const t = o.trials;
  if (typeof t !== 'number' || !Number.isInteger(t) || t < 1 || t > MAX_TRIALS)
    errs.push(`trials must be a whole number from 1 to ${MAX_TRIALS}, got ${JSON.stringify(t)}`);
  const d = o.delayMs;
  if (
    d !== undefined &&
    (typeof d !== 'number' || !Number.isFinite(d) || d < 0 || d > MAX_DELAY_MS)
  )
    errs.push(
      `delayMs must be a number of milliseconds from 0 to ${MAX_DELAY_MS}, got ${JSON.stringify(d)}`,
    );
  return errs;
}

/** The input with every request's KEYS and the initial commands' keys under the prefix. */
export function underPrefix(input: ExploreInput, prefix: string): ExploreInput {
  return {
    ...input,
    requests: input.requests.map((r) => ({ ...r, keys: r.keys.map((k) => prefixKey(prefix, k)) })),
    initial: input.initial.map((c) => prefixCommand(prefix, c)),
  };
}

export async function runRealRace(value: unknown, opts: RealRaceOptions): Promise<RealRaceOutcome> {
  const optErrors = checkRaceOptions(opts);
  if (optErrors.length) return { ok: false, errors: optErrors };
  if (opts.target.kind !== 'single')
    return {
      ok: false,
      errors: [
        `a real race needs one server (redis://HOST:PORT); ${opts.target.label} is a cluster`,
      ],
    };
  let input: ExploreInput;
  try {
    input = parseExploreInput(value);
  } catch (e) {
    if (e instanceof ExploreInputError) return { ok: false, errors: e.errors };
    throw e;
  }
  const prefix = newPrefix(opts.prefixBase);
  const hardMs = opts.deadlineMs ?? 60_000;
  const job: RaceJob = {
    input: underPrefix(input, prefix),
    prefix,
    target: opts.target,
    trials: opts.trials,
    delayMs: opts.delayMs ?? 0,
    lockstep: opts.lockstep ?? false,
    softDeadlineMs: Math.max(500, hardMs - 5000),
  };
  try {
    const out = await runInWorker<RaceJobResult>(
      new URL('./raceJob.ts', import.meta.url),
      'raceJob',
      job,
      { timeoutMs: hardMs },
    );
    if (!out.ok)
      return {
        ok: false,
        errors: [
          out.reason === 'timeout'
            ? `the real run was stopped after ${hardMs / 1000} s (its deadline); try fewer trials`
            : `the real run failed: ${out.message}`,
        ],
      };
    return out.value;
  } finally {
    const store = await RealStore.open(opts.target).catch(() => null);
    if (store) {
      await store.cleanup(prefix).catch(() => 0);
      await store.close();
    }
  }
}
