// How fast the `explore` verb answers (issue 24): the whole verb as a user runs it, in its
// worker thread, start-up (the thread, the Lua engine) included: a small program, and one the
// explorer cannot finish (4 requests x 10 INCRs on one key, about 10^21 schedules), which must
// come back "not complete" with its reason well before the 5 s the issue allows. Wall times are
// measured here, never typed in.
import { performance } from 'node:perf_hooks';
import { DEFAULT_EXPLORE_DEADLINE_MS, runExploreVerb } from '../cli/exploreVerb';
import { createLuaEngine } from '../core/lua/index';
import { explore } from '../core/races/explore';
import { parseRacesSpec } from '../core/races/puzzle';

export interface FeedbackCase {
  name: string;
  verdict: string;
  complete: boolean;
  /** What stopped the search (null when complete). */
  stoppedBy: string | null;
  schedules: number;
  /** Wall ms of the whole verb, median of the runs, and the slowest. */
  medianMs: number;
  maxMs: number;
  /** The search alone on a started engine, with the verb's deadline: median wall ms. */
  afterStartupMs: number;
}

const same = (n: number, args: string[] = []) =>
  Array.from({ length: n }, () => ({ keys: ['k'], args }));

const GET_THEN_SET = `local count = tonumber(redis.call("GET", KEYS[1]) or "0")
if count + 1 > tonumber(ARGV[1]) then return 0 end
redis.call("SET", KEYS[1], count + 1)
return 1`;
const THREE = `local count = tonumber(redis.call("GET", KEYS[1]) or "0")
redis.call("INCR", KEYS[1])
redis.call("EXPIRE", KEYS[1], 60)
return count < tonumber(ARGV[1]) and 1 or 0`;
const TEN_INCRS = `for i = 1, 10 do redis.call("INCR", KEYS[1]) end
return 1`;

const CASES: { name: string; input: object }[] = [
  {
    name: 'small: 2 requests x 3 round trips (GET-then-SET)',
    input: { code: GET_THEN_SET, requests: same(2, ['3']), initial: [['SET', 'k', '2']] },
  },
  { name: 'small: 3 requests x 3 round trips', input: { code: THREE, requests: same(3, ['2']) } },
  {
    name: 'small: 3 requests x 3 round trips, symmetry',
    input: { code: THREE, requests: same(3, ['2']), symmetry: true },
  },
  {
    name: 'cannot finish: 4 requests x 10 INCRs on one key',
    input: { code: TEN_INCRS, requests: same(4), invariant: { maxAdmitted: 4 } },
  },
];

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const round = (x: number) => Math.round(x);

export async function runExploreFeedbackBench(reps = 3): Promise<FeedbackCase[]> {
  const out: FeedbackCase[] = [];
  const engine = await createLuaEngine({ budgetMs: 250 });
  for (const c of CASES) {
    const times: number[] = [];
    let last: Record<string, unknown> = {};
    for (let i = 0; i < reps; i++) {
      const t0 = performance.now();
      const r = await runExploreVerb(JSON.stringify(c.input));
      times.push(performance.now() - t0);
      if (r.code !== 0) throw new Error(`${c.name}: the verb failed: ${r.stderr}`);
      last = JSON.parse(r.stdout) as Record<string, unknown>;
    }
    const reason = last.incompleteReason as { by: string } | null;
    // The same search in-process on an engine already started: the time after start-up (the
    // deadline here counts from the search's start).
    const input = parseRacesSpec(c.input, 'play', '').input;
    const searches: number[] = [];
    for (let i = 0; i < reps; i++) {
      const t0 = performance.now();
      explore(input, engine, {
        clock: () => performance.now() - t0,
        deadlineMs: DEFAULT_EXPLORE_DEADLINE_MS,
      });
      searches.push(performance.now() - t0);
    }
    out.push({
      name: c.name,
      verdict: String(last.verdict),
      complete: last.complete === true,
      stoppedBy: reason?.by ?? null,
      schedules: Number(last.schedules),
      medianMs: round(median(times)),
      maxMs: round(Math.max(...times)),
      afterStartupMs: round(median(searches)),
    });
  }
  return out;
}

export function printExploreFeedback(rows: FeedbackCase[]): void {
  console.log('explore verb: wall ms from the call to the answer, worker start-up included');
  console.table(
    rows.map((r) => ({
      case: r.name,
      verdict: r.verdict,
      complete: r.complete,
      'stopped by': r.stoppedBy ?? '',
      schedules: r.schedules,
      'median ms': r.medianMs,
      'max ms': r.maxMs,
      'search ms (started engine)': r.afterStartupMs,
    })),
  );
}
