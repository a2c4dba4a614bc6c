// The lab's Redis model vs a real redis-server: EVALSHA of the seed chapter's token-bucket
// script on 10,000 random keys. The seeds are not in the repository: the script is read from
// them when they are on this machine (../shared/seeds or $SEEDS_DIR), else the lab's own
// `token-bucket` template (src/core/playground/templates.ts, the same replies) stands in,
// and the output says which one ran.
//  - model: RedisModel + the lab's Lua engine (Redis's Lua 5.1 in wasm), in-process (Node), after warm-up;
//  - redis: redis-server 7 on a free loopback port (--save '' --appendonly no), driven by
//    redis-benchmark with one client, unpipelined (-c 1 -P 1) and 32 deep (-c 1 -P 32).
// The pieces: benchScript.ts, modelEvalsha.ts, redisServerBench.ts (with redisProcess.ts),
// benchStat.ts and the printed table in redisCompareReport.ts.
// Each figure is the median of `reps` runs, with the spread (min..max) beside it.
// Without redis-server or redis-benchmark the comparison is skipped (REQUIRE_REDIS=1: error).
import { BENCH_SCRIPT } from './benchScript';
import { benchModelEvalsha, type ModelBenchResult } from './modelEvalsha';
import { benchRealRedis, type RealRedisResult } from './redisServerBench';

export interface RedisCompareResult {
  script: string;
  command: string;
  model: ModelBenchResult;
  redis: RealRedisResult | { skipped: string };
  /** model median / redis median, per pipeline depth (absent when skipped). */
  ratios: { pipeline: number; modelOverRedis: number }[];
}

export async function runRedisCompare(
  opts: { requests?: number; redisRequests?: number; reps?: number } = {},
): Promise<RedisCompareResult> {
  const model = await benchModelEvalsha({ requests: opts.requests, reps: opts.reps });
  const redis = await benchRealRedis({ requests: opts.redisRequests, reps: opts.reps });
  const ratios =
    'rows' in redis
      ? redis.rows.map((r) => ({
          pipeline: r.pipeline,
          modelOverRedis: Math.round((model.perSecond.median / r.perSecond.median) * 100) / 100,
        }))
      : [];
  return {
    script: BENCH_SCRIPT.origin,
    command: 'EVALSHA <sha> 1 rl:<random of 10000> 20 5 1',
    model,
    redis,
    ratios,
  };
}
