import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../scenario/validate';
import { FLAG } from './columns';
import { runEngine } from './run';
import { LabTimeline, aggregates, requestEvents } from './timeline';

const lab = (s: object) => runEngine(parseScenario(s));
const fw = (limit: number, windowSeconds = 60) => ({
  algorithm: 'fixed-window',
  params: { limit, windowSeconds },
});

describe('topology and placement', () => {
  it('round-robin routes unnamed requests A, B, A, ...; local admits per server', () => {
    const r = lab({
      ...fw(3),
      servers: 2,
      placement: 'local',
      traffic: [{ pattern: 'burst', at: 0, count: 6 }],
    });
    expect(Array.from({ length: 6 }, (_, i) => requestEvents(r, i).server)).toEqual([
      'A',
      'B',
      'A',
      'B',
      'A',
      'B',
    ]);
    expect(r.totals.allowed).toBe(6);
  });
  it('sticky routing keeps a key on one server; explicit server wins', () => {
    const r = lab({
      ...fw(100),
      servers: 4,
      routing: 'sticky',
      requests: [
        { at: 0, key: 'x' },
        { at: 1, key: 'x' },
        { at: 2, key: 'x', server: 'D' },
      ],
    });
    const s = [0, 1, 2].map((i) => requestEvents(r, i).server);
    expect(s[0]).toBe(s[1]);
    expect(s[2]).toBe('D');
  });
  it('local placement over N servers admits at most N times shared', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 0, max: 1000 }),
        (n, count, seed) => {
          const s = {
            ...fw(5, 10),
            servers: n,
            routing: 'random',
            seed,
            traffic: [{ pattern: 'poisson', ratePerSecond: count / 20, from: 0, to: 20 }],
          };
          const local = lab({ ...s, placement: 'local' }).totals.allowed;
          const shared = lab({ ...s, placement: 'shared' }).totals.allowed;
          expect(local).toBeLessThanOrEqual(n * shared);
          expect(shared).toBeLessThanOrEqual(local);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('shared atomic vs non-atomic', () => {
  const storm = (placement: string, latency: number, seed: number) => ({
    algorithm: 'token-bucket',
    params: { capacity: 5, refillPerSecond: 1 },
    placement,
    seed,
    store: { latencySeconds: latency },
    traffic: [{ pattern: 'poisson', ratePerSecond: 20, from: 0, to: 5 }],
  });
  it('atomic never double-spends; non-atomic does under latency', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10000 }), (seed) => {
        const a = lab(storm('shared', 0.05, seed));
        expect(a.totals.doubleSpent).toBe(0);
        // the shared budget holds: at most C + r*T admissions
        expect(a.totals.allowed).toBeLessThanOrEqual(5 + 1 * 5.2);
        const na = lab(storm('shared-nonatomic', 0.05, seed));
        expect(na.totals.doubleSpent).toBeGreaterThan(0);
        expect(na.totals.allowed).toBeGreaterThan(a.totals.allowed);
      }),
      { numRuns: 20 },
    );
  });
  it('non-atomic with zero latency matches atomic', () => {
    const a = lab(storm('shared', 0, 3));
    const na = lab(storm('shared-nonatomic', 0, 3));
    expect(na.totals.allowed).toBe(a.totals.allowed);
    expect(na.totals.doubleSpent).toBe(0);
  });
  it('latency shows in the event log: send, store arrival, reply, response', () => {
    const r = lab({ ...fw(1), store: { latencySeconds: 0.01 }, requests: [{ at: 1 }] });
    const e = requestEvents(r, 0);
    expect(e.storeArrive).toBeCloseTo(1.01, 9);
    expect(e.storeReply).toBeCloseTo(1.02, 9);
    expect(e.decidedAt).toBeCloseTo(1.01, 9);
    expect(e.respondedAt).toBeCloseTo(1.02, 9);
  });
});

describe('failure modes', () => {
  const base = {
    ...fw(100),
    store: { latencySeconds: 0.01, outages: [{ from: 5, to: 10 }] },
    traffic: [{ pattern: 'steady', ratePerSecond: 1, from: 0, to: 20 }],
  };
  it('fail-closed answers 503 (unavailable), never 429', () => {
    const r = lab({ ...base, failureMode: 'fail-closed' });
    expect(r.totals).toMatchObject({ unavailable: 5, denied: 0, allowed: 15 });
    const e = requestEvents(r, 6);
    expect(e).toMatchObject({ outcome: 'unavailable', http: 503, unreachable: true });
  });
  it('fail-open admits as a bypass', () => {
    const r = lab({ ...base, failureMode: 'fail-open' });
    expect(r.totals).toMatchObject({ bypass: 5, unavailable: 0, allowed: 15 });
  });
  it('local-fallback uses the per-server emergency limiter', () => {
    const r = lab({ ...base, failureMode: 'local-fallback', servers: 1, fallback: fw(2) });
    expect(r.totals).toMatchObject({ allowed: 17, denied: 3, viaFallback: 5 });
    expect(requestEvents(r, 7)).toMatchObject({ via: 'fallback', outcome: 'denied', http: 429 });
  });
  it('a timeout turns a slow store into a failure (the store still charged)', () => {
    const r = lab({
      ...fw(100),
      failureMode: 'fail-closed',
      store: {
        latencySeconds: 0.01,
        timeoutSeconds: 0.05,
        latencySpikes: [{ from: 2, to: 3, latencySeconds: 0.1 }],
      },
      traffic: [{ pattern: 'steady', ratePerSecond: 1, from: 0, to: 5 }],
    });
    expect(r.totals).toMatchObject({ unavailable: 1, timedOut: 1 });
    expect(requestEvents(r, 2)).toMatchObject({ timedOut: true, decidedAt: 2.05 });
  });
});

describe('multi-policy', () => {
  const pols = [
    {
      id: 'key',
      algorithm: 'fixed-window',
      params: { limit: 10, windowSeconds: 60 },
      scope: 'key',
    },
    {
      id: 'tenant',
      algorithm: 'fixed-window',
      params: { limit: 3, windowSeconds: 60 },
      scope: 'tenant',
    },
  ];
  const reqs = Array.from({ length: 6 }, (_, k) => ({ at: k, key: `u${k % 2}`, tenant: 't' }));
  it('all-or-nothing charges no policy for a denied request', () => {
    const r = lab({ policies: pols, requests: reqs });
    expect(r.totals).toMatchObject({ allowed: 3, denied: 3 });
    expect(r.totals.wastedBudget).toEqual({ key: 0, tenant: 0 });
  });
  it('naive charges earlier policies and reports the waste', () => {
    const r = lab({ policies: pols, multiPolicy: 'naive', requests: reqs });
    expect(r.totals).toMatchObject({ allowed: 3, denied: 3 });
    expect(r.totals.wastedBudget).toEqual({ key: 3, tenant: 0 });
  });
  it('the combined retry is the largest wait among denying policies', () => {
    const r = lab({
      policies: [
        { id: 'a', algorithm: 'fixed-window', params: { limit: 1, windowSeconds: 10 } },
        { id: 'b', algorithm: 'fixed-window', params: { limit: 1, windowSeconds: 30 } },
      ],
      requests: [{ at: 0 }, { at: 1 }],
    });
    expect(requestEvents(r, 1).retryAfterSeconds).toBe(29);
  });
});

describe('generators', () => {
  it('the boundary attack reaches 2L across a fixed-window boundary', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 1, max: 10 }), (L, spread) => {
        const r = lab({
          ...fw(L, 60),
          traffic: [
            {
              pattern: 'boundary-attack',
              windowSeconds: 60,
              boundary: 60,
              count: L + 5,
              spreadSeconds: spread,
            },
          ],
        });
        expect(r.totals.allowed).toBe(2 * L);
      }),
      { numRuns: 40 },
    );
  });
  it('retry storms follow Retry-After, up to maxAttempts', () => {
    const s = {
      ...fw(10, 10),
      traffic: [{ pattern: 'retry-storm', clients: 50, at: 0, maxAttempts: 3 }],
    };
    const r = lab(s);
    // 50 at t=0 (10 admitted); 40 retry at t=10 (10 admitted); 30 retry at t=20 (10 admitted)
    expect(r.requests.n).toBe(120);
    expect(r.totals.allowed).toBe(30);
    const j = lab({ ...s, traffic: [{ ...s.traffic[0], jitter: true }] });
    const times = new Set(Array.from(j.requests.at.subarray(50, j.requests.n)));
    expect(times.size).toBeGreaterThan(10);
  });
  it('multi-tenant traffic has one noisy tenant', () => {
    const r = lab({
      ...fw(1000),
      traffic: [
        {
          pattern: 'multi-tenant',
          tenants: 4,
          ratePerSecond: 2,
          noisyTenant: 1,
          noisyFactor: 10,
          from: 0,
          to: 60,
        },
      ],
    });
    const counts = new Map<string, number>();
    for (let i = 0; i < r.requests.n; i++) {
      const t = requestEvents(r, i).tenant;
      counts.set(t, (counts.get(t) ?? 0) + 1);
    }
    expect(counts.get('tenant-1')!).toBeGreaterThan(4 * counts.get('tenant-0')!);
  });
});

describe('determinism, seek, aggregates', () => {
  const s = {
    algorithm: 'sliding-log',
    params: { limit: 20, windowSeconds: 5 },
    servers: 3,
    routing: 'random',
    placement: 'shared-nonatomic',
    seed: 42,
    store: { latencySeconds: 0.002, latencySpikes: [{ from: 10, to: 12, latencySeconds: 0.05 }] },
    traffic: [
      { pattern: 'poisson', ratePerSecond: 30, from: 0, to: 30 },
      { pattern: 'retry-storm', clients: 40, at: 3, jitter: true, maxAttempts: 4 },
    ],
  };
  it('same scenario + seed => identical event log; another seed differs', () => {
    const a = lab(s);
    const b = lab(s);
    const cols = (r: typeof a) => [
      Array.from(r.requests.at.subarray(0, r.requests.n)),
      Array.from(r.requests.server.subarray(0, r.requests.n)),
      Array.from(r.events.decidedAt.subarray(0, r.requests.n)),
      Array.from(r.events.outcome.subarray(0, r.requests.n)),
      Array.from(r.events.flags.subarray(0, r.requests.n)),
    ];
    expect(cols(a)).toEqual(cols(b));
    expect(cols(lab({ ...s, seed: 43 }))).not.toEqual(cols(a));
  });
  it('seek gives the counts so far and the states a fresh run cut at t would have', () => {
    const run = runEngine(parseScenario({ ...s, placement: 'shared', store: undefined }), {
      checkpointEvery: 64,
    });
    const tl = new LabTimeline(run);
    for (const t of [0, 7.3, 15, 2.2, 29.99, 100]) {
      const c = tl.countsAt(t);
      let allowed = 0;
      for (let i = 0; i < run.requests.n; i++)
        if (run.events.decidedAt[i]! <= t && run.events.outcome[i] === 0) allowed++;
      expect(c.allowed).toBe(allowed);
      // a run of just the requests decided by t has the same limiter state
      const cut = [];
      for (let i = 0; i < run.requests.n; i++)
        if (run.requests.at[i]! <= t)
          cut.push({ at: run.requests.at[i]!, server: run.servers[run.requests.server[i]!]! });
      cut.sort((x, y) => x.at - y.at);
      const ref = runEngine(
        parseScenario({
          algorithm: 'sliding-log',
          params: { limit: 20, windowSeconds: 5 },
          servers: 3,
          requests: cut,
        }),
      );
      const view = tl.statesAt(t).store![0]!.views[0];
      const refView = new LabTimeline(ref).statesAt(t).store![0]!.views[0];
      expect(view).toEqual(refView);
    }
  });
  it('activeAt lists requests in flight; aggregates sum to the totals', () => {
    const run = lab(s);
    const tl = new LabTimeline(run);
    for (const i of tl.activeAt(11)) {
      expect(run.requests.at[i]!).toBeLessThanOrEqual(11);
      expect(run.events.respondedAt[i]!).toBeGreaterThanOrEqual(11);
    }
    const ag = aggregates(run, 1);
    const sum = (a: Int32Array) => a.reduce((x, y) => x + y, 0);
    expect(sum(ag.allowed)).toBe(run.totals.allowed);
    expect(sum(ag.denied) + sum(ag.unavailable) + sum(ag.bypass)).toBe(
      run.totals.denied + run.totals.unavailable + run.totals.bypass,
    );
    expect(run.totals.doubleSpent).toBe(
      Array.from(run.events.flags.subarray(0, run.requests.n)).filter((f) => f & FLAG.doubleSpent)
        .length,
    );
  });
});
