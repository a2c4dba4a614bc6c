// EVALSHA of the bench script on a real redis-server 7 (a loopback one the bench starts),
// driven by redis-benchmark with one client, unpipelined (-c 1 -P 1) and 32 deep (-c 1 -P 32).
// Without redis-server or redis-benchmark it is skipped (REQUIRE_REDIS=1: an error).
import { spawn, spawnSync } from 'node:child_process';
import { sha1Hex } from '../core/redis/sha1';
import { stat, type Stat } from './benchStat';
import { BENCH_ARGV, TOKEN_BUCKET_SOURCE } from './benchScript';
import { findBinary, rawCommand, startServer } from './redisProcess';

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
    const firstReply = await rawCommand(srv.port, ['EVALSHA', sha, '1', 'rl:first', ...BENCH_ARGV]);
    const rows: RedisBenchRow[] = [];
    for (const P of pipelines) {
      const rates: number[] = [];
      for (let k = 0; k < reps; k++) {
        const out = await runBenchmark(benchmark, [
          '-p', String(srv.port), '-c', '1', '-n', String(requests), '-P', String(P),
          '-r', String(keyspace), '--csv',
          'EVALSHA', sha, '1', 'rl:__rand_int__', ...BENCH_ARGV,
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
