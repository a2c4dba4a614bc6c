import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getLimiterFactory } from './registry';
import type { Limiter, LimiterRequest, Params } from './types';

const make = (a: string, p: Params): Limiter => getLimiterFactory(a)!.create(p);

/** Sorted arrival times on a 0.1 s grid (decimal inputs like a scenario's). */
const times = (max = 60) =>
  fc
    .array(fc.integer({ min: 0, max: max * 10 }), { minLength: 1, maxLength: 60 })
    .map((xs) => xs.sort((a, b) => a - b).map((x) => x / 10));

const CASES: [string, Params, boolean][] = [
  ['fixed-window', { limit: 3, windowSeconds: 10 }, false],
  ['sliding-log', { limit: 3, windowSeconds: 10 }, false],
  ['sliding-window-counter', { limit: 3, windowSeconds: 10 }, false],
  ['token-bucket', { capacity: 3, refillPerSecond: 0.7 }, false],
  ['gcra', { ratePerSecond: 0.3, burst: 3 }, false],
  ['leaky-bucket', { ratePerSecond: 0.6, burst: 2 }, true],
  ['concurrency', { maxInFlight: 3 }, false],
];

describe('retryAfterSeconds is the smallest whole wait that works (brute force)', () => {
  for (const [alg, params, unitOnly] of CASES) {
    it(alg, () => {
      fc.assert(
        fc.property(
          times(),
          fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 60, maxLength: 60 }),
          (ts, costs) => {
            const l = make(alg, params);
            ts.forEach((at, k) => {
              const r: LimiterRequest = {
                at,
                key: 'k',
                server: 'A',
                cost: unitOnly ? 1 : costs[k]!,
                duration: 2.5,
              };
              const before = l.snapshot();
              const d = l.decide(r);
              if (d.allowed || d.retryAfterSeconds === null) return;
              const s = d.retryAfterSeconds;
              const tryAt = (wait: number): boolean => {
                const m = make(alg, params);
                m.restore(before);
                return m.decide({ ...r, at: at + wait }).allowed;
              };
              if (s === -1) {
                expect(tryAt(1000)).toBe(false);
                return;
              }
              expect(s).toBeGreaterThanOrEqual(1);
              expect(tryAt(s)).toBe(true);
              if (s > 1) expect(tryAt(s - 1)).toBe(false);
            });
          },
        ),
        { numRuns: 150 },
      );
    });
  }
});

describe('limits hold on any traffic', () => {
  it('token bucket never admits more than C + r*d cost in any interval d', () => {
    fc.assert(
      fc.property(
        times(),
        fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 60, maxLength: 60 }),
        (ts, costs) => {
          const C = 4;
          const r = 0.5;
          const l = make('token-bucket', { capacity: C, refillPerSecond: r });
          const adm: [number, number][] = [];
          ts.forEach((at, k) => {
            if (l.decide({ at, key: 'k', server: 'A', cost: costs[k]!, duration: 1 }).allowed)
              adm.push([at, costs[k]!]);
          });
          for (let i = 0; i < adm.length; i++) {
            let sum = 0;
            for (let j = i; j < adm.length; j++) {
              sum += adm[j]![1];
              expect(sum).toBeLessThanOrEqual(C + r * (adm[j]![0] - adm[i]![0]) + 1e-9);
            }
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a sliding log never admits more than L in any window W', () => {
    fc.assert(
      fc.property(times(), (ts) => {
        const L = 3;
        const W = 5;
        const l = make('sliding-log', { limit: L, windowSeconds: W });
        const adm = ts.filter(
          (at) => l.decide({ at, key: 'k', server: 'A', cost: 1, duration: 1 }).allowed,
        );
        for (let i = 0; i < adm.length; i++) {
          const inWindow = adm.filter((x) => x >= adm[i]! && x < adm[i]! + W).length;
          expect(inWindow).toBeLessThanOrEqual(L);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('a fixed window admits at most 2L in any window-long interval', () => {
    fc.assert(
      fc.property(times(), (ts) => {
        const L = 3;
        const W = 5;
        const l = make('fixed-window', { limit: L, windowSeconds: W });
        const adm = ts.filter(
          (at) => l.decide({ at, key: 'k', server: 'A', cost: 1, duration: 1 }).allowed,
        );
        for (let i = 0; i < adm.length; i++) {
          const inWindow = adm.filter((x) => x >= adm[i]! && x < adm[i]! + W).length;
          expect(inWindow).toBeLessThanOrEqual(2 * L);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('GCRA {r, b} and token bucket {b, r} agree on unit costs', () => {
    fc.assert(
      fc.property(
        times(),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 20 }),
        (ts, b, r10) => {
          const r = r10 / 10;
          const g = make('gcra', { ratePerSecond: r, burst: b });
          const tb = make('token-bucket', { capacity: b, refillPerSecond: r });
          for (const at of ts) {
            const q = { at, key: 'k', server: 'A', cost: 1, duration: 1 };
            const dg = g.decide(q);
            const dt = tb.decide(q);
            expect(dg.allowed).toBe(dt.allowed);
            expect(dg.retryAfterSeconds).toBe(dt.retryAfterSeconds);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
