// EVALSHA of the bench script through the lab's Redis model and Lua engine (Redis's Lua 5.1 in
// wasm), in-process (Node), on random keys after a warm-up: calls per second over several reps.
import { performance } from 'node:perf_hooks';
import { createLuaEngine } from '../core/lua/index';
import { RedisModel } from '../core/redis/model';
import type { Reply } from '../core/redis/reply';
import { stat, type Stat } from './benchStat';
import { BENCH_ARGV, TOKEN_BUCKET_SOURCE } from './benchScript';

/** redis-benchmark's __rand_int__: a 12-digit zero-padded number below keyspace. */
function randKey(i: number): string {
  return 'rl:' + String(i).padStart(12, '0');
}

export interface ModelBenchResult {
  requests: number;
  warmup: number;
  keyspace: number;
  /** EVALSHA calls per second, median and spread over the reps. */
  perSecond: Stat;
  /** Share of allowed decisions in the last rep (sanity: the script really ran). */
  allowedPct: number;
  /** Peak JS heap while the model ran, MB (sampled after warm-up and every rep). */
  peakHeapMB: number;
  /** Bytes in the Lua heap after the runs. */
  luaHeapBytes: number;
  /** The reply to the first call on a fresh key. */
  firstReply: string;
}

export function replyText(r: Reply): string {
  switch (r.t) {
    case 'int':
      return String(r.v);
    case 'bulk':
    case 'status':
      return r.v;
    case 'err':
      return '(error) ' + r.v;
    case 'nil':
    case 'nilarr':
      return '(nil)';
    case 'arr':
      return '[' + r.v.map(replyText).join(',') + ']';
  }
}

const mb = (x: number): number => Math.round((x / 1048576) * 10) / 10;

export async function benchModelEvalsha(
  opts: { requests?: number; warmup?: number; keyspace?: number; reps?: number } = {},
): Promise<ModelBenchResult> {
  const requests = opts.requests ?? 100_000;
  const warmup = opts.warmup ?? 30_000;
  const keyspace = opts.keyspace ?? 10_000;
  const reps = opts.reps ?? 3;
  const script = TOKEN_BUCKET_SOURCE;
  (globalThis as { gc?: () => void }).gc?.();
  const engine = await createLuaEngine();
  const model = new RedisModel({ scriptEngine: engine });
  const load = model.call(['SCRIPT', 'LOAD', script]);
  if (load.t !== 'bulk') throw new Error('SCRIPT LOAD failed: ' + replyText(load));
  const sha = load.v;
  const first = model.call(['EVALSHA', sha, '1', 'rl:first', ...BENCH_ARGV]);
  const keys = Array.from({ length: keyspace }, (_, i) => randKey(i));
  let x = 0x9e3779b9;
  let allowed = 0;
  const batch = (n: number): number => {
    allowed = 0;
    const t0 = performance.now();
    for (let i = 0; i < n; i++) {
      // xorshift32: a fresh random key per request, like redis-benchmark -r.
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      model.advance(0.00001); // 10 µs of virtual time per request
      const r = model.call(['EVALSHA', sha, '1', keys[(x >>> 0) % keyspace]!, ...BENCH_ARGV]);
      if (r.t === 'arr') {
        const a = r.v[0];
        if (a !== undefined && a.t === 'int' && a.v === 1n) allowed++;
      } else throw new Error('EVALSHA failed: ' + replyText(r));
    }
    return performance.now() - t0;
  };
  let peak = 0;
  const sample = (): void => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  };
  batch(warmup);
  sample();
  const rates: number[] = [];
  for (let k = 0; k < reps; k++) {
    const ms = batch(requests);
    sample();
    rates.push((requests / ms) * 1000);
  }
  return {
    requests,
    warmup,
    keyspace,
    perSecond: stat(rates),
    allowedPct: Math.round((allowed / requests) * 1000) / 10,
    peakHeapMB: mb(peak),
    luaHeapBytes: engine.memoryInUse(),
    firstReply: replyText(first),
  };
}
