import { describe, expect, it } from 'vitest';
import { labRunFromInput } from '../lab/labRun';
import { runEngine } from '../lab/run';
import { parseScenario } from '../scenario/validate';
import { quantile, signals, toPrometheusText } from './signals';

const sig = (s: object) => signals(runEngine(parseScenario(s)), 1);
const find = <T extends object>(rows: T[], m: Partial<T>): number =>
  rows
    .filter((r) => Object.entries(m).every(([k, v]) => r[k as keyof T] === v))
    .reduce((a, r) => a + (r as unknown as { count: number }).count, 0);

describe('signals', () => {
  it('as of a clock time: only the decisions made by then, as countsAt counts them', () => {
    const b = labRunFromInput({
      algorithm: 'fixed-window',
      params: { limit: 3, windowSeconds: 60 },
      placement: 'shared',
      store: { latencySeconds: 0.01 },
      requests: [1, 2, 3, 4, 5, 6].map((at) => ({ at, key: 'client' })),
    });
    if (!b.ok) throw new Error(b.message);
    const run = b.run;
    for (const t of [0, 1.005, 2.5, 4.2, 5.5, Infinity]) {
      const c = run.countsAt(t);
      const o = signals(run.engine, 1, t).overall;
      expect(o.requests, `t = ${t}`).toBe(c.decided);
      expect(o.rate429, `t = ${t}`).toBe(c.decided ? c.denied / c.decided : 0);
    }
    expect(signals(run.engine, 1, 4.2).overall).toMatchObject({ requests: 4, rate429: 0.25 });
    expect(signals(run.engine, 1).overall).toMatchObject({ requests: 6, rate429: 0.5 });
  });
  it('counts allowed, denied and failures apart, by route class (hand-checked)', () => {
    const s = sig({
      algorithm: 'fixed-window',
      params: { limit: 3, windowSeconds: 60 },
      failureMode: 'fail-open',
      store: { latencySeconds: 0.01, outages: [{ from: 10, to: 20 }] },
      traffic: [
        { pattern: 'steady', ratePerSecond: 1, from: 0, to: 5, route: '/search', key: 'a' },
        { pattern: 'steady', ratePerSecond: 1, from: 10, to: 12, route: '/login', key: 'b' },
      ],
    });
    expect(find(s.requests, { route: '/search', outcome: 'allowed' })).toBe(3);
    expect(find(s.requests, { route: '/search', outcome: 'denied' })).toBe(2);
    expect(find(s.requests, { route: '/login', outcome: 'fail_open' })).toBe(2);
    expect(find(s.errors, { route: '/login', kind: 'unreachable' })).toBe(2);
    expect(find(s.errors, { route: '/search' })).toBe(0);
    expect(find(s.policyDecisions, { policy: 'main', verdict: 'denied' })).toBe(2);
    expect(find(s.http, { status: 429 })).toBe(2);
    expect(s.overall).toMatchObject({ requests: 7, failOpen: 2, fallback: 0, errors: 2 });
    expect(s.overall.rate429).toBeCloseTo(2 / 7, 12);
    expect(s.overall.rate503).toBe(0);
  });

  it('latency p50/p99 come from the latency model (a round trip, or the wait for a failure)', () => {
    const s = sig({
      algorithm: 'token-bucket',
      params: { capacity: 100, refillPerSecond: 100 },
      store: {
        latencySeconds: 0.005,
        timeoutSeconds: 0.05,
        latencySpikes: [{ from: 99, to: 100, latencySeconds: 0.1 }],
      },
      traffic: [{ pattern: 'steady', ratePerSecond: 1, from: 0, to: 100 }],
    });
    // 99 requests answer after 10 ms; the one in the spike gives up at the 50 ms timeout
    expect(s.overall.p50).toBeCloseTo(0.01, 12);
    expect(s.overall.p99).toBeCloseTo(0.01, 12);
    const slow = s.latency.find((l) => l.outcome === 'fail_closed')!;
    expect(slow).toMatchObject({ count: 1 });
    expect(slow.p99).toBeCloseTo(0.05, 12);
    expect(find(s.errors, { kind: 'timeout' })).toBe(1);
    expect(s.overall.rate503).toBeCloseTo(0.01, 12);
  });

  it('per-policy verdicts with several policies; 503 vs 429 over time', () => {
    const s = sig({
      policies: [
        { id: 'per-key', algorithm: 'fixed-window', params: { limit: 2, windowSeconds: 60 } },
        {
          id: 'per-tenant',
          algorithm: 'fixed-window',
          params: { limit: 3, windowSeconds: 60 },
          scope: 'tenant',
        },
      ],
      store: { outages: [{ from: 5, to: 6 }] },
      requests: [0, 1, 2, 3, 5].map((at, k) => ({ at, key: `k${k % 2}`, tenant: 't' })),
    });
    // k0 at 0, k1 at 1, k0 at 2: the tenant's third; k1 at 3: tenant full; at 5: store down
    expect(find(s.policyDecisions, { policy: 'per-tenant', verdict: 'denied' })).toBe(1);
    expect(find(s.policyDecisions, { policy: 'per-key', verdict: 'denied' })).toBe(0);
    expect(find(s.policyDecisions, { policy: 'per-key', verdict: 'allowed' })).toBe(4);
    expect(find(s.http, { status: 503 })).toBe(1);
    expect(s.series.s429.reduce((a, b) => a + b, 0)).toBe(1);
    expect(s.series.s503[5]).toBe(1);
  });

  it('labels are policy, route class and outcome only: never a key or tenant', () => {
    const s = sig({
      algorithm: 'fixed-window',
      params: { limit: 1, windowSeconds: 60 },
      requests: [
        { at: 0, key: 'alice@example.com', tenant: 'acme-corp', route: '/api' },
        { at: 1, key: 'alice@example.com', tenant: 'acme-corp', route: '/api' },
      ],
    });
    const text = toPrometheusText(s);
    expect(text).toContain('ratelimit_requests_total{route="/api",outcome="denied"} 1');
    expect(text).not.toMatch(/alice|acme/);
    const labelNames = new Set([...text.matchAll(/([a-z_]+)="/g)].map((m) => m[1]));
    for (const l of labelNames)
      expect(['outcome', 'policy', 'quantile', 'route', 'status', 'verdict', 'kind']).toContain(l);
  });

  it('quantile is the nearest rank', () => {
    const xs = Float64Array.from([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(quantile(xs, 0.5)).toBe(5);
    expect(quantile(xs, 0.99)).toBe(10);
    expect(quantile(new Float64Array(0), 0.5)).toBeNaN();
  });
});
