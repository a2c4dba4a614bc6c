// Explorer benchmark (issue 10): every schedule of 2 requests x 4 round trips, 3 requests x 3
// round trips with partial-order reduction, and the reduction factor (schedules explored
// without reduction / with it). Times are wall-clock medians over several runs on a warm
// engine; the first (cold) run is reported too. Nothing here is typed in.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createLuaEngine } from '../core/lua/index';
import { explore } from '../core/races/explore';
import type { ExploreInput } from '../core/races/types';

export interface RacesBenchCase {
  name: string;
  reduction: boolean;
  schedules: number;
  schedulesWithoutReduction: number;
  reductionFactor: number;
  violations: number;
  coldMs: number;
  medianMs: number;
  /** CPU time of the process (all threads, GC included), median of the warm runs. */
  medianCpuMs: number;
  luaStarts: number;
  /** False when a cap stopped either search (then the factor compares capped counts). */
  complete: boolean;
}

const same = (n: number, args: string[]) =>
  Array.from({ length: n }, () => ({ keys: ['k'], args }));

/** Four round trips on one counter: GET-then-SET with a re-read and a TTL check. */
const FOUR = `local limit = tonumber(ARGV[1])
local count = tonumber(redis.call("GET", KEYS[1]) or "0")
if count + 1 > limit then return 0 end
redis.call("SET", KEYS[1], count + 1)
redis.call("EXPIRE", KEYS[1], 60)
local after = tonumber(redis.call("GET", KEYS[1]))
return after <= limit and 1 or 0`;

/** Three round trips, always: check, count the attempt, renew the expiry (check-then-INCR). */
const THREE = `local limit = tonumber(ARGV[1])
local count = tonumber(redis.call("GET", KEYS[1]) or "0")
redis.call("INCR", KEYS[1])
redis.call("EXPIRE", KEYS[1], 60)
if count >= limit then return 0 end
return 1`;

/** Optimistic locking with up to 3 attempts: many round trips, many schedules. */
const WATCH = `for attempt = 1, 3 do
  redis.call("WATCH", KEYS[1])
  local count = tonumber(redis.call("GET", KEYS[1]) or "0")
  if count + 1 > tonumber(ARGV[1]) then
    redis.call("UNWATCH")
    return 0
  end
  redis.call("MULTI")
  redis.call("SET", KEYS[1], count + 1)
  if redis.call("EXEC") then return 1 end
end
return 0`;

const CASES: { name: string; input: ExploreInput }[] = [
  {
    name: '2 requests x 4 round trips, every schedule (no reduction)',
    input: {
      code: FOUR,
      requests: same(2, ['3']),
      initial: [],
      invariant: {},
      crashes: false,
      maxSchedules: 20000,
      reduction: false,
    },
  },
  {
    name: '2 requests x 4 round trips, with reduction',
    input: {
      code: FOUR,
      requests: same(2, ['3']),
      initial: [],
      invariant: {},
      crashes: false,
      maxSchedules: 20000,
    },
  },
  {
    name: '3 requests x 3 round trips, with reduction',
    input: {
      code: THREE,
      requests: same(3, ['2']),
      initial: [],
      invariant: {},
      crashes: false,
      maxSchedules: 20000,
    },
  },
  {
    name: '3 requests x 3 round trips, with reduction and crashes',
    input: {
      code: THREE,
      requests: same(3, ['2']),
      initial: [],
      invariant: {},
      crashes: true,
      maxSchedules: 20000,
    },
  },
  {
    name: '4 requests, WATCH/MULTI/EXEC retry loop, up to the 20,000 cap',
    input: {
      code: WATCH,
      requests: same(4, ['3']),
      initial: [],
      invariant: {},
      crashes: false,
      maxSchedules: 20000,
      // The schedule cap is what this case measures, not the default round-trip budget.
      maxSteps: 100_000_000,
    },
  },
];

const BRUTE_CAP = 200_000;

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};
const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

export async function runRacesBench(reps = 5): Promise<RacesBenchCase[]> {
  const out: RacesBenchCase[] = [];
  for (const c of CASES) {
    // A fresh engine per case: the cold run pays for compiling and the first Lua runs.
    const engine = await createLuaEngine({ budgetMs: 250 });
    const times: number[] = [];
    const cpu: number[] = [];
    let last = null as ReturnType<typeof explore> | null;
    for (let i = 0; i <= reps; i++) {
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      last = explore(c.input, engine);
      const dc = process.cpuUsage(c0);
      times.push(performance.now() - t0);
      cpu.push((dc.user + dc.system) / 1000);
    }
    // Brute force with a higher cap, so the factor compares complete counts where it can.
    const bruteRun =
      c.input.reduction === false
        ? last!
        : explore({ ...c.input, reduction: false, maxSchedules: BRUTE_CAP }, engine);
    const brute = bruteRun.schedules;
    const complete = last!.complete && bruteRun.complete;
    out.push({
      name: c.name,
      reduction: c.input.reduction !== false,
      schedules: last!.schedules,
      schedulesWithoutReduction: brute,
      reductionFactor: round(brute / last!.schedules, 2),
      violations: last!.violations,
      coldMs: round(times[0]!),
      medianMs: round(median(times.slice(1))),
      medianCpuMs: round(median(cpu.slice(1))),
      luaStarts: last!.stats.luaStarts,
      complete,
    });
  }
  return out;
}

export function printRacesBench(rows: RacesBenchCase[]): void {
  console.log(
    `races: the interleaving explorer (ms; median of warm runs; load average ${loadavg()[0]!.toFixed(1)})`,
  );
  console.table(
    rows.map((r) => ({
      case: r.name,
      schedules: r.schedules,
      'without reduction': r.schedulesWithoutReduction,
      'reduction factor': r.reductionFactor,
      violations: r.violations,
      complete: r.complete,
      'cold ms': r.coldMs,
      'median ms': r.medianMs,
      'median cpu ms': r.medianCpuMs,
    })),
  );
}
