// `npm run bench` (table) or `npm run bench -- --json`. Sections are modules; add yours
// to SECTIONS. For a clean peak-heap figure run with: node --expose-gc --import tsx src/bench/run.ts
// BENCH_SECTIONS=engine,redis,races,grade,real,live picks sections; BENCH_REQUESTS sizes the engine trace;
// BENCH_REDIS_REQUESTS / BENCH_REDIS_REPS size the Redis comparison (REQUIRE_REDIS=1: a
// missing redis-server or redis-benchmark is an error instead of a skipped comparison).
import { runEngineBench } from './engine';
import { printRacesBench, runRacesBench, type RacesBenchCase } from './races';
import {
  printExploreFeedback,
  runExploreFeedbackBench,
  type FeedbackCase,
} from './exploreFeedback';
import { printGradeBench, runGradeBench, type GradeBenchResult } from './gradeBench';
import { printLiveBench, runLiveBench, type LiveBenchRow } from './liveBench';
import { printLiveRedisCost, runLiveRedisCost, type LiveRedisCost } from './liveRedisCost';
import { runRedisCompare, type RedisCompareResult } from './redisCompare';
import { printRedisCompare } from './redisCompareReport';
import { printRealBench, runRealBench, type RealBenchResult } from './realBench';

const SECTIONS: Record<string, () => unknown> = {
  engine: () => runEngineBench(Number(process.env.BENCH_REQUESTS ?? 1_000_000)),
  redis: () =>
    runRedisCompare({
      requests: Number(process.env.BENCH_REDIS_REQUESTS ?? 100_000),
      redisRequests: Number(process.env.BENCH_REDIS_REQUESTS ?? 100_000),
      reps: Number(process.env.BENCH_REDIS_REPS ?? 3),
    }),
  races: () => runRacesBench(),
  // Part of BENCH_SECTIONS=races: how fast the explore verb answers.
  racesFeedback: () => runExploreFeedbackBench(),
  grade: () => runGradeBench(),
  // The lab on a real Redis the section starts (BENCH_REAL_TRIALS trials a race).
  real: () => runRealBench({ trials: Number(process.env.BENCH_REAL_TRIALS ?? 200) }),
  live: () => runLiveBench(),
  // Part of BENCH_SECTIONS=live: Redis commands and bytes per step (load does not change them).
  liveRedisCost: () => runLiveRedisCost(Number(process.env.BENCH_LIVE_COST_LEARNERS ?? 1000)),
};

const json = process.argv.includes('--json');
const only = process.env.BENCH_SECTIONS?.split(',').map((s) => s.trim());
const results: Record<string, unknown> = {};
for (const [name, fn] of Object.entries(SECTIONS)) {
  if (
    !only ||
    only.includes(name) ||
    (name === 'racesFeedback' && only.includes('races')) ||
    (name === 'liveRedisCost' && only.includes('live'))
  )
    results[name] = await fn();
}

if (json) process.stdout.write(JSON.stringify(results, null, 2) + '\n');
else {
  if (results.engine) {
    const e = results.engine as ReturnType<typeof runEngineBench>;
    console.log('engine: decisions/s on a 1M-request trace, event log + checkpoints on');
    console.table(e.algorithms);
    console.log('seek in a 10,000-request run:', e.seek);
  }
  if (results.redis) printRedisCompare(results.redis as RedisCompareResult);
  if (results.races) printRacesBench(results.races as RacesBenchCase[]);
  if (results.racesFeedback) printExploreFeedback(results.racesFeedback as FeedbackCase[]);
  if (results.grade) printGradeBench(results.grade as GradeBenchResult);
  if (results.real) printRealBench(results.real as RealBenchResult);
  if (results.live) printLiveBench(results.live as LiveBenchRow[]);
  if (results.liveRedisCost) printLiveRedisCost(results.liveRedisCost as LiveRedisCost | null);
}
