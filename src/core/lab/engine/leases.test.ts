import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { simulate } from '../../simulate';

const at = (server: string, times: number[]) => times.map((t) => ({ at: t, server }));
const tenth = (from: number, n: number) =>
  Array.from({ length: n }, (_, k) => Math.round((from + k / 10) * 100) / 100);
const TB = (capacity: number) => ({
  algorithm: 'token-bucket',
  params: { capacity, refillPerSecond: 1e-6 },
});

describe('token leases', () => {
  it('one store call per lease: 10 requests, leases of 5, two calls (hand-checked)', () => {
    const r = simulate({
      ...TB(10),
      placement: 'leased',
      lease: { size: 5, ttlSeconds: 100 },
      servers: 1,
      requests: at('A', tenth(0, 10)),
    });
    expect(r.allowed).toBe(10);
    expect(r.decisions.map((d) => (d.leased ? 'L' : 'S')).join('')).toBe('SLLLLSLLLL');
    expect(r.leases).toMatchObject({
      storeCalls: 2,
      localDecisions: 8,
      callReduction: 5,
      tokensLeased: 10,
      tokensSpent: 10,
      tokensStranded: 0,
    });
  });

  it('a quiet server strands its tokens until the lease expires (hand-checked)', () => {
    // A takes 5 at t = 0 and spends 1; B takes the other 5 and is refused from then on,
    // while A's 4 wait unspent until the lease expires at t = 2 (the run goes on to 2.5).
    const sc = {
      ...TB(10),
      servers: [{ name: 'A' }, { name: 'B' }],
      requests: [...at('A', [0]), ...at('B', [...tenth(0.1, 10), 2.5])],
    };
    const r = simulate({ ...sc, placement: 'leased', lease: { size: 5, ttlSeconds: 2 } });
    expect(r.allowed).toBe(6);
    expect(r.decisions.slice(6).every((d) => !d.allowed && d.retryAfterSeconds! > 0)).toBe(true);
    expect(r.leases!.tokensStranded).toBe(4);
    expect(r.leases!.servers.map((s) => [s.server, s.tokensStranded])).toEqual([
      ['A', 4],
      ['B', 0],
    ]);
    expect(r.leases!.tokensHeldAtEnd).toBe(0);
    expect(simulate(sc).allowed).toBe(10); // one shared bucket: nothing stranded
  });

  it('a lease spent in the next window overshoots the window (hand-checked)', () => {
    // Fixed window 10 per 10 s. A takes all 10 at 9.9 (window 0) and spends 1; B takes the
    // 10 of window 1 at t = 10; A spends its 9 left in window 1: 19 admitted there.
    const r = simulate({
      algorithm: 'fixed-window',
      params: { limit: 10, windowSeconds: 10 },
      placement: 'leased',
      lease: { size: 10, ttlSeconds: 20 },
      servers: [{ name: 'A' }, { name: 'B' }],
      requests: [...at('A', [9.9]), ...at('B', tenth(10, 10)), ...at('A', tenth(11, 9))],
    });
    expect(r.allowed).toBe(20);
    expect(r.overage![0]).toMatchObject({ overage: 9, from: 10, to: 20 });
  });

  it('takes what is left when less than a lease remains', () => {
    const r = simulate({
      ...TB(7),
      placement: 'leased',
      lease: { size: 5, ttlSeconds: 100 },
      servers: 1,
      requests: at('A', tenth(0, 10)),
    });
    expect(r.allowed).toBe(7);
    expect(r.decisions.map((d) => (d.allowed ? (d.leased ? 'L' : 'S') : 'x')).join('')).toBe(
      'SLLLLSLxxx',
    );
    expect(r.leases!.storeCalls).toBe(5);
  });

  it('a held lease keeps admitting while the store is down', () => {
    const r = simulate({
      ...TB(100),
      placement: 'leased',
      lease: { size: 20, ttlSeconds: 10 },
      servers: 1,
      store: { latencySeconds: 0.001, outages: [{ from: 1, to: 2 }] },
      requests: at('A', tenth(0, 30)),
    });
    expect(r.allowed).toBe(30);
    expect(r.unavailable).toBeUndefined();
  });

  it('leases never admit more than was leased, and a lease of one request is the shared store (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.double({ min: 0.5, max: 20, noNaN: true }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.constantFrom('token-bucket', 'fixed-window', 'sliding-log', 'gcra'),
        (size, ttl, servers, seed, algorithm) => {
          const params =
            algorithm === 'token-bucket'
              ? { capacity: 20, refillPerSecond: 5 }
              : algorithm === 'gcra'
                ? { ratePerSecond: 5, burst: 20 }
                : { limit: 20, windowSeconds: 4 };
          const sc = {
            algorithm,
            params,
            servers,
            routing: 'random',
            seed,
            store: { latencySeconds: 0.002 },
            traffic: [{ pattern: 'poisson', ratePerSecond: 12, from: 0, to: 15 }],
          };
          const r = simulate({ ...sc, placement: 'leased', lease: { size, ttlSeconds: ttl } });
          expect(r.allowed).toBe(r.leases!.tokensSpent);
          expect(r.leases!.tokensSpent).toBeLessThanOrEqual(r.leases!.tokensLeased);
          // what a server holds is at most one lease per server beyond the allowance
          expect(r.overage![0]!.overage).toBeLessThanOrEqual(servers * size + 1e-9);
          const one = simulate({ ...sc, placement: 'leased', lease: { size: 1, ttlSeconds: ttl } });
          expect(one.decisions.map((d) => d.allowed)).toEqual(
            simulate(sc).decisions.map((d) => d.allowed),
          );
        },
      ),
      { numRuns: 40 },
    );
  });
});
