import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runEngine } from '../run';
import { LabTimeline } from '../timeline';
import { parseScenario } from '../../scenario/validate';
import { simulate } from '../../simulate';
import { Clocks } from './clock';

const tb = { algorithm: 'token-bucket', params: { capacity: 5, refillPerSecond: 1 } };
const bits = (r: { decisions: { allowed: boolean }[] }) =>
  r.decisions.map((d) => (d.allowed ? 1 : 0)).join('');

describe('clocks', () => {
  it('server clocks read t + offset + drift * t; the store clock adds its steps', () => {
    const c = new Clocks(
      parseScenario({
        ...tb,
        servers: [{ name: 'A', clockOffsetSeconds: -2, clockDriftPpm: 50 }, { name: 'B' }],
        store: {
          clockSteps: [
            { at: 10, bySeconds: -5 },
            { at: 20, bySeconds: 3 },
          ],
        },
        requests: [],
      }),
    );
    expect(c.active).toBe(true);
    expect(c.server(0, 1000)).toBeCloseTo(1000 * 1.00005 - 2, 9);
    expect(c.server(1, 1000)).toBe(1000);
    expect([9.99, 10, 15, 20, 25].map((t) => c.store(t))).toEqual([9.99, 5, 10, 18, 23]);
    expect(new Clocks(parseScenario({ ...tb, requests: [] })).active).toBe(false);
  });

  it('a backward store step stalls refill and mints nothing (hand-checked)', () => {
    const requests = [0, 0, 0, 0, 0, 3, 4, 5, 6, 7, 8].map((at) => ({ at }));
    expect(bits(simulate({ ...tb, requests }))).toBe('11111111111');
    // At t = 2 the store clock goes back 5 s: it reads -2 at t = 3 and catches up with the
    // stored time (0) at t = 5; refill resumes from there: one token a second.
    const r = simulate({ ...tb, requests, store: { clockSteps: [{ at: 2, bySeconds: -5 }] } });
    expect(bits(r)).toBe('11111000111');
    expect(r.decisions.map((d) => d.now)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3]);
  });

  it('a forward store step refills up to capacity, never beyond', () => {
    const requests = [0, 0, 0, 0, 0, 3, 3, 3, 3, 3, 3].map((at) => ({ at }));
    const r = simulate({ ...tb, requests, store: { clockSteps: [{ at: 2, bySeconds: 1000 }] } });
    expect(bits(r)).toBe('11111111110');
    expect(r.decisions[5]!.remaining).toBe(4);
    expect(r.decisions[10]!.retryAfterSeconds).toBe(1);
  });

  it('time source "app": a server whose clock is behind charges the window of its own clock', () => {
    // Fixed window 2 per 10 s. B fills window 0 at t = 9; A's clock reads 2 s behind, so its
    // request at t = 10.5 is at 8.5 on its clock: still window 0 (denied) with "app", while
    // the store's clock (TIME) puts it in window 1 (admitted).
    const sc = {
      algorithm: 'fixed-window',
      params: { limit: 2, windowSeconds: 10 },
      servers: [{ name: 'A', clockOffsetSeconds: -2 }, { name: 'B' }],
      requests: [
        { at: 9, server: 'B' },
        { at: 9, server: 'B' },
        { at: 10.5, server: 'A' },
      ],
    };
    expect(bits(simulate({ ...sc, timeSource: 'app' }))).toBe('110');
    // A fixed window's script keys by the caller's own window number: it reads 8.5 as sent.
    expect(simulate({ ...sc, timeSource: 'app' }).decisions[2]!.now).toBe(8.5);
    expect(bits(simulate({ ...sc, timeSource: 'store' }))).toBe('111');
  });

  it('local placement: each server decides on its own clock', () => {
    const r = simulate({
      ...tb,
      placement: 'local',
      servers: [{ name: 'A', clockOffsetSeconds: 100, clockDriftPpm: 10000 }],
      requests: [{ at: 0 }, { at: 10 }],
    });
    expect(r.decisions.map((d) => d.now)).toEqual([100, 10 * 1.01 + 100]);
  });

  it('a backward clock step never raises tokens (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.double({ min: 0.1, max: 5, noNaN: true }),
        fc.double({ min: 0.5, max: 15, noNaN: true }),
        fc.double({ min: 0.1, max: 30, noNaN: true }),
        fc.integer({ min: 0, max: 1000 }),
        (capacity, refill, stepAt, back, seed) => {
          const run = runEngine(
            parseScenario({
              algorithm: 'token-bucket',
              params: { capacity, refillPerSecond: refill },
              seed,
              timeSource: 'store',
              servers: [{ name: 'A', clockOffsetSeconds: -1 }, { name: 'B' }],
              routing: 'random',
              store: { clockSteps: [{ at: stepAt, bySeconds: -back }] },
              traffic: [{ pattern: 'poisson', ratePerSecond: 3, from: 0, to: 20 }],
            }),
          );
          const tl = new LabTimeline(run);
          const tokens = (t: number): number => {
            const v = tl.statesAt(t).store![0]!.views[0];
            return v && v.kind === 'token-bucket' ? v.tokens : capacity;
          };
          // Until the clock reads again what it read before the step, the bucket never holds
          // more than it did just before the step (plus the refill of that last microsecond).
          const before = tokens(stepAt - 1e-6) + refill * 1e-6 + 1e-9;
          for (let t = stepAt; t < Math.min(stepAt + back, 20); t += 0.1) {
            expect(tokens(t)).toBeLessThanOrEqual(before);
            expect(tokens(t)).toBeLessThanOrEqual(capacity);
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
