// Engine benchmark: decisions per second per algorithm on a 1,000,000-request trace with
// the event log on, peak memory, and seeking in a 10,000-event run. One more row runs
// failover, clock skew and token leases together on the same trace (issue 15).
import { performance } from 'node:perf_hooks';
import { runEngine } from '../core/lab/run';
import { LabTimeline } from '../core/lab/timeline';
import { parseScenario } from '../core/scenario/validate';

export interface EngineBenchResult {
  algorithm: string;
  requests: number;
  seconds: number;
  decisionsPerSecond: number;
  /** The same per second of this process's CPU time (steadier on a machine shared with others). */
  decisionsPerCpuSecond: number;
  peakHeapMB: number;
  peakRssMB: number;
  arrayBuffersMB: number;
}

const ALGORITHMS: [string, Record<string, unknown>, Record<string, unknown>][] = [
  ['fixed-window', { limit: 1000, windowSeconds: 1 }, {}],
  ['sliding-log', { limit: 100, windowSeconds: 1 }, {}],
  ['sliding-window-counter', { limit: 1000, windowSeconds: 1 }, {}],
  ['token-bucket', { capacity: 1000, refillPerSecond: 1000 }, {}],
  ['gcra', { ratePerSecond: 1000, burst: 1000 }, {}],
  ['leaky-bucket', { ratePerSecond: 1000, burst: 100 }, {}],
  ['concurrency', { maxInFlight: 100 }, { duration: 0.05 }],
];

const mb = (x: number): number => Math.round((x / 1048576) * 10) / 10;

function gc(): void {
  const g = (globalThis as { gc?: () => void }).gc;
  if (g) g();
}

/** 1,000,000 requests: Poisson at 2,000/s over 500 s, 2 servers, 4 tenants by key. */
export function traceScenario(
  algorithm: string,
  params: Record<string, unknown>,
  extra: Record<string, unknown>,
  n: number,
): unknown {
  const seconds = n / 2000;
  return {
    algorithm,
    params,
    servers: 2,
    seed: 7,
    traffic: [
      { pattern: 'steady', ratePerSecond: 2000, from: 0, to: seconds, key: 'client', ...extra },
    ],
  };
}

/**
 * The production features together on the same trace (issue 15): token leases of 20 with a
 * 1 s TTL, two servers with skewed, drifting clocks read as the limiter's time (timeSource
 * "app"), a replica 50 ms behind and a failover half way with a 0.5 s gap (fail-open).
 */
export const PRODUCTION_EXTRA: Record<string, unknown> = {
  placement: 'leased',
  lease: { size: 20, ttlSeconds: 1 },
  servers: [
    { name: 'A', clockOffsetSeconds: -0.5, clockDriftPpm: 50 },
    { name: 'B', clockOffsetSeconds: 0.25, clockDriftPpm: -30 },
  ],
  timeSource: 'app',
  failureMode: 'fail-open',
};

export function productionScenario(n: number): unknown {
  const sc = traceScenario('token-bucket', { capacity: 1000, refillPerSecond: 2500 }, {}, n) as {
    traffic: unknown[];
  };
  const seconds = n / 2000;
  return {
    ...sc,
    ...PRODUCTION_EXTRA,
    store: {
      latencySeconds: 0.0005,
      replica: { lagSeconds: 0.05 },
      failover: { at: seconds / 2, downSeconds: 0.5 },
    },
  };
}

export function benchAlgorithm(
  algorithm: string,
  params: Record<string, unknown>,
  extra: Record<string, unknown>,
  n = 1_000_000,
  scenario?: unknown,
): EngineBenchResult {
  gc();
  const base = process.memoryUsage();
  let peakHeap = base.heapUsed;
  let peakRss = base.rss;
  const sc = parseScenario(scenario ?? traceScenario(algorithm, params, extra, n));
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const run = runEngine(sc);
  const cpu = process.cpuUsage(c0);
  const seconds = (performance.now() - t0) / 1000;
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const m = process.memoryUsage();
  peakHeap = Math.max(peakHeap, m.heapUsed);
  peakRss = Math.max(peakRss, m.rss);
  const requests = run.requests.n;
  return {
    algorithm,
    requests,
    seconds: Math.round(seconds * 1000) / 1000,
    decisionsPerSecond: Math.round(requests / seconds),
    decisionsPerCpuSecond: Math.round(requests / cpuSeconds),
    peakHeapMB: mb(peakHeap),
    peakRssMB: mb(peakRss),
    arrayBuffersMB: mb(m.arrayBuffers),
  };
}

export interface SeekBenchResult {
  events: number;
  seeks: number;
  maxMs: number;
  meanMs: number;
}

/** Random seeks (deterministic times) in a 10,000-request run with latency and 3 servers. */
export function benchSeek(): SeekBenchResult {
  const sc = parseScenario({
    algorithm: 'sliding-log',
    params: { limit: 50, windowSeconds: 2 },
    servers: 3,
    routing: 'random',
    store: { latencySeconds: 0.002 },
    traffic: [{ pattern: 'poisson', ratePerSecond: 100, from: 0, to: 100, key: 'client' }],
  });
  const run = runEngine(sc);
  const tl = new LabTimeline(run);
  let max = 0;
  let sum = 0;
  const seeks = 200;
  let x = 12345;
  for (let k = 0; k < seeks; k++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    const t = (x / 2147483648) * run.endTime;
    const a = performance.now();
    tl.seek(t);
    const d = performance.now() - a;
    max = Math.max(max, d);
    sum += d;
  }
  return {
    events: run.requests.n,
    seeks,
    maxMs: Math.round(max * 100) / 100,
    meanMs: Math.round((sum / seeks) * 100) / 100,
  };
}

export function runEngineBench(n = 1_000_000): {
  algorithms: EngineBenchResult[];
  seek: SeekBenchResult;
} {
  const algorithms = ALGORITHMS.map(([a, p, e]) => benchAlgorithm(a, p, e, n));
  algorithms.push(benchAlgorithm('failover+skew+leases', {}, {}, n, productionScenario(n)));
  return { algorithms, seek: benchSeek() };
}
