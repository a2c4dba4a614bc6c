// The lab's Redis model vs a real redis-server: EVALSHA of the seed chapter's token-bucket
// script on 10,000 random keys. The seeds are not in the repository: the script is read from
// them when they are on this machine (../shared/seeds or $SEEDS_DIR), else the lab's own
// `token-bucket` template (src/core/playground/templates.ts, the same replies) stands in,
// and the output says which one ran.
//  - model: RedisModel + the lab's Lua engine (Redis's Lua 5.1 in wasm), in-process (Node), after warm-up;
//  - redis: redis-server 7 on a free loopback port (--save '' --appendonly no), driven by
//    redis-benchmark with one client, unpipelined (-c 1 -P 1) and 32 deep (-c 1 -P 32).
// Each figure is the median of `reps` runs, with the spread (min..max) beside it.
// Without redis-server or redis-benchmark the comparison is skipped (REQUIRE_REDIS=1: error).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { delimiter, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createLuaEngine } from '../core/lua/index';
import { RedisModel } from '../core/redis/model';
import type { Reply } from '../core/redis/reply';
import { sha1Hex } from '../core/redis/sha1';
import { templateById } from '../core/playground/templates';
import { findSeedsDir, seedTokenBucketScript } from '../core/content/seedFiles';

/** The script the comparison runs, and where it came from. */
export function benchScript(root = process.cwd()): { source: string; origin: string } {
  const seed = seedTokenBucketScript(findSeedsDir(root));
  if (seed) return { source: seed.source, origin: `the seed chapter's script (${seed.file})` };
  return {
    source: templateById('token-bucket')!.source,
    origin:
      "the lab's token-bucket template (seed chapters not found: set SEEDS_DIR to measure the seed's own script)",
  };
}

const BENCH_SCRIPT = benchScript();
export const TOKEN_BUCKET_SOURCE = BENCH_SCRIPT.source;
/** ARGV: capacity 20, refill 5/s, cost 1 (as the redis-benchmark command line). */
const ARGV = ['20', '5', '1'] as const;

export interface Stat {
  median: number;
  min: number;
  max: number;
  /** (max - min) / median, in percent. */
  spreadPct: number;
  runs: number[];
}

export function stat(xs: number[]): Stat {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  const median = s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
  const r = (x: number): number => Math.round(x);
  return {
    median: r(median),
    min: r(s[0]!),
    max: r(s[s.length - 1]!),
    spreadPct: median > 0 ? Math.round(((s[s.length - 1]! - s[0]!) / median) * 1000) / 10 : 0,
    runs: xs.map(r),
  };
}

/** redis-benchmark's __rand_int__: a 12-digit zero-padded number below keyspace. */
function randKey(i: number): string {
  return 'rl:' + String(i).padStart(12, '0');
}

// ---------------------------------------------------------------------------------------
// The model

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
  const first = model.call(['EVALSHA', sha, '1', 'rl:first', ...ARGV]);
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
      const r = model.call(['EVALSHA', sha, '1', keys[(x >>> 0) % keyspace]!, ...ARGV]);
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

// ---------------------------------------------------------------------------------------
// The real server

function findBinary(name: string, envVar: string): string | null {
  const fromEnv = process.env[envVar];
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
  for (const dir of (process.env.PATH ?? '').split(delimiter).concat(['/usr/bin'])) {
    if (!dir) continue;
    const p = join(dir, name);
    if (existsSync(p)) return p;
  }
  return null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

function encodeCommand(args: string[]): Buffer {
  const parts: Buffer[] = [Buffer.from(`*${args.length}\r\n`)];
  for (const a of args) {
    const b = Buffer.from(a, 'utf8');
    parts.push(Buffer.from(`$${b.length}\r\n`), b, Buffer.from('\r\n'));
  }
  return Buffer.concat(parts);
}

/** One command over a fresh connection; resolves with the raw RESP reply text. */
function rawCommand(port: number, args: string[], timeoutMs = 2000): Promise<string> {
  return new Promise((resolve, reject) => {
    const sock = createConnection({ host: '127.0.0.1', port });
    let buf = '';
    const done = (e: Error | null, v?: string): void => {
      clearTimeout(timer);
      sock.destroy();
      if (e) reject(e);
      else resolve(v!);
    };
    const timer = setTimeout(() => done(new Error('redis reply timed out')), timeoutMs);
    sock.on('error', (e) => done(e));
    sock.on('connect', () => sock.write(encodeCommand(args)));
    sock.on('data', (d) => {
      buf += d.toString('utf8');
      const nl = buf.indexOf('\r\n');
      if (nl < 0) return;
      if (buf[0] === '$') {
        const len = Number(buf.slice(1, nl));
        if (len < 0) return done(null, '(nil)');
        if (buf.length >= nl + 2 + len + 2) done(null, buf.slice(nl + 2, nl + 2 + len));
        return;
      }
      if (buf[0] === '*') {
        // Enough for the sanity check: an array of small integers.
        const n = Number(buf.slice(1, nl));
        const lines = buf.split('\r\n');
        if (lines.length >= n + 2)
          done(
            null,
            '[' +
              lines
                .slice(1, n + 1)
                .map((l) => l.slice(1))
                .join(',') +
              ']',
          );
        return;
      }
      done(null, buf.slice(0, nl));
    });
  });
}

interface Server {
  port: number;
  proc: ChildProcess;
  stop(): Promise<void>;
}

async function startServer(bin: string): Promise<Server> {
  let lastErr = '';
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort();
    const proc = spawn(
      bin,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let log = '';
    proc.stdout?.on('data', (d: Buffer) => (log += d.toString()));
    proc.stderr?.on('data', (d: Buffer) => (log += d.toString()));
    let exited = false;
    const exitedP = new Promise<void>((r) =>
      proc.once('exit', () => {
        exited = true;
        r();
      }),
    );
    const stop = async (): Promise<void> => {
      if (exited) return;
      proc.kill('SIGTERM');
      const t = setTimeout(() => proc.kill('SIGKILL'), 3000);
      await exitedP;
      clearTimeout(t);
    };
    const deadline = performance.now() + 5000;
    while (!exited && performance.now() < deadline) {
      try {
        if ((await rawCommand(port, ['PING'], 500)) === '+PONG') return { port, proc, stop };
      } catch {
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    lastErr = log.trim().split('\n').slice(-3).join(' | ');
    await stop();
  }
  throw new Error('redis-server did not start: ' + lastErr);
}

export interface RedisBenchRow {
  pipeline: number;
  requests: number;
  perSecond: Stat;
}

export interface RealRedisResult {
  server: string;
  version: string;
  sha: string;
  firstReply: string;
  rows: RedisBenchRow[];
}

function runBenchmark(bin: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const p = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let errText = '';
    p.stdout.on('data', (d: Buffer) => (out += d.toString()));
    p.stderr.on('data', (d: Buffer) => (errText += d.toString()));
    p.on('error', reject);
    p.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`redis-benchmark exited ${code}: ${errText}`)),
    );
  });
}

/** requests/s from `redis-benchmark --csv` (header line, then "test","rps",...). */
export function parseBenchmarkCsv(out: string): number {
  for (const line of out.split('\n')) {
    const cells = line.split('","').map((c) => c.replace(/^"|"$/g, '').trim());
    if (cells.length >= 2 && cells[0] !== 'test') {
      const rps = Number(cells[1]);
      if (Number.isFinite(rps) && rps > 0) return rps;
    }
  }
  throw new Error('could not read requests/s from redis-benchmark output: ' + out.slice(0, 300));
}

export async function benchRealRedis(
  opts: { requests?: number; keyspace?: number; reps?: number; pipelines?: number[] } = {},
): Promise<RealRedisResult | { skipped: string }> {
  const server = findBinary('redis-server', 'REDIS_SERVER');
  const benchmark = findBinary('redis-benchmark', 'REDIS_BENCHMARK');
  if (!server || !benchmark) {
    const missing = [!server && 'redis-server', !benchmark && 'redis-benchmark']
      .filter(Boolean)
      .join(' and ');
    const msg = `${missing} not found (set REDIS_SERVER / REDIS_BENCHMARK or install Redis 7)`;
    if (process.env.REQUIRE_REDIS === '1') throw new Error(msg);
    return { skipped: msg };
  }
  const requests = opts.requests ?? 100_000;
  const keyspace = opts.keyspace ?? 10_000;
  const reps = opts.reps ?? 3;
  const pipelines = opts.pipelines ?? [1, 32];
  const script = TOKEN_BUCKET_SOURCE;
  const version =
    /v=(\S+)/.exec(spawnSync(server, ['--version'], { encoding: 'utf8' }).stdout ?? '')?.[1] ?? '?';
  const srv = await startServer(server);
  const onExit = (): void => void srv.proc.kill('SIGKILL');
  process.once('exit', onExit);
  try {
    const sha = await rawCommand(srv.port, ['SCRIPT', 'LOAD', script]);
    if (sha !== sha1Hex(script)) throw new Error('SCRIPT LOAD answered ' + sha);
    const firstReply = await rawCommand(srv.port, ['EVALSHA', sha, '1', 'rl:first', ...ARGV]);
    const rows: RedisBenchRow[] = [];
    for (const P of pipelines) {
      const rates: number[] = [];
      for (let k = 0; k < reps; k++) {
        const out = await runBenchmark(benchmark, [
          '-p', String(srv.port), '-c', '1', '-n', String(requests), '-P', String(P),
          '-r', String(keyspace), '--csv',
          'EVALSHA', sha, '1', 'rl:__rand_int__', ...ARGV,
        ]); // prettier-ignore
        rates.push(parseBenchmarkCsv(out));
      }
      rows.push({ pipeline: P, requests, perSecond: stat(rates) });
    }
    return { server, version, sha, firstReply, rows };
  } finally {
    process.removeListener('exit', onExit);
    await srv.stop();
  }
}

// ---------------------------------------------------------------------------------------
// The section

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

const fmt = (n: number): string => n.toLocaleString('en-US');
const fmtStat = (s: Stat): string =>
  `${fmt(s.median)}  (${fmt(s.min)}..${fmt(s.max)}, spread ${s.spreadPct}%)`;

/** The human-readable table for `npm run bench`. */
export function printRedisCompare(r: RedisCompareResult): void {
  const m = r.model;
  console.log(
    `\nredis: ${r.command} (${m.keyspace} keys), median of ${m.perSecond.runs.length} runs (min..max)`,
  );
  console.log(`script: ${r.script}`);
  const rows: Record<string, string>[] = [
    {
      target: 'lab model (Node, in-process)',
      'EVALSHA/s': fmtStat(m.perSecond),
      'model / this': '1',
    },
  ];
  if ('rows' in r.redis) {
    for (const row of r.redis.rows) {
      const ratio = r.ratios.find((x) => x.pipeline === row.pipeline)?.modelOverRedis ?? 0;
      rows.push({
        target: `redis-server ${r.redis.version}, -c 1 -P ${row.pipeline}`,
        'EVALSHA/s': fmtStat(row.perSecond),
        'model / this': ratio.toFixed(2),
      });
    }
  }
  console.table(rows);
  console.log(
    `model: ${fmt(m.requests)} calls per run after ${fmt(m.warmup)} warm-up, ${m.allowedPct}% allowed, ` +
      `peak heap ${m.peakHeapMB} MB, Lua heap ${fmt(m.luaHeapBytes)} B; first reply ${m.firstReply}`,
  );
  if ('rows' in r.redis) {
    console.log(
      `redis: ${fmt(r.redis.rows[0]?.requests ?? 0)} requests per run; first reply ${r.redis.firstReply}` +
        (r.redis.firstReply === m.firstReply
          ? ' (same as the model)'
          : ' (DIFFERS from the model)'),
    );
  } else console.log(`real Redis comparison skipped: ${r.redis.skipped}`);
}
