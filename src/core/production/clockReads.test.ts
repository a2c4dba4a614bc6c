import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { labRunFromInput } from '../lab/labRun';
import { clockRead, clockReadSeries } from './clockReads';

const fw = { algorithm: 'fixed-window', params: { limit: 30, windowSeconds: 10 } };
const steady = [{ pattern: 'steady', ratePerSecond: 10, from: 0, to: 10 }];
const run = (x: Record<string, unknown>) => {
  const r = labRunFromInput({ ...fw, traffic: steady, ...x });
  if (!r.ok) throw new Error(r.message);
  return r.run.engine;
};

describe('clock reads', () => {
  it('a server clock 2 s behind reads 2 s behind (time source app)', () => {
    const e = run({
      servers: [{ name: 'A', clockOffsetSeconds: -2 }, { name: 'B' }],
      timeSource: 'app',
    });
    const a = Array.from({ length: e.requests.n }, (_, i) => i).find(
      (i) => e.requests.server[i] === 0 && e.requests.at[i]! > 3,
    )!;
    const r = clockRead(e, a)!;
    expect(r.clock).toBe(0);
    expect(r.reading - r.trueTime).toBeCloseTo(-2, 9);
  });
  it('a backward store step stalls a token bucket (the time used never goes back)', () => {
    const e = run({
      algorithm: 'token-bucket',
      params: { capacity: 30, refillPerSecond: 3 },
      store: { clockSteps: [{ at: 4, bySeconds: -3 }] },
    });
    const s = clockReadSeries(e);
    let stalled = 0;
    for (let k = 0; k < s.trueTime.length; k++) {
      expect(s.stall[k]).toBeGreaterThanOrEqual(0);
      if (s.trueTime[k]! >= 4) expect(s.offset[k]).toBeCloseTo(-3, 9);
      if (s.stall[k]! > 0) stalled++;
    }
    expect(stalled).toBeGreaterThan(0);
  });
  it('a fixed window reads a backward step as given (its script keys by that window)', () => {
    const e = run({ store: { clockSteps: [{ at: 4, bySeconds: -3 }] } });
    const s = clockReadSeries(e);
    for (let k = 0; k < s.trueTime.length; k++) expect(s.stall[k]).toBe(0);
  });
  it('the reading is what the clocks say and the time used never precedes it (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -5, max: 5, noNaN: true }),
        fc.integer({ min: -500, max: 500 }),
        fc.constantFrom('store', 'app'),
        fc.double({ min: -4, max: 4, noNaN: true }),
        (off, ppm, src, step) => {
          const e = run({
            servers: [{ name: 'A', clockOffsetSeconds: off, clockDriftPpm: ppm }, { name: 'B' }],
            timeSource: src,
            store: { clockSteps: [{ at: 5, bySeconds: step }] },
          });
          for (let i = 0; i < e.requests.n; i++) {
            const r = clockRead(e, i);
            if (!r) continue;
            expect(r.used).toBeGreaterThanOrEqual(r.reading - 1e-9);
          }
        },
      ),
      { seed: 15, numRuns: 25 },
    );
  });
});
