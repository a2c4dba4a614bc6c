// The clocks lesson's worked example: limit 3, server B 30 s behind, time from each app server.
import { describe, expect, it } from 'vitest';
import { simulate } from '../simulate';

const skewed = {
  timeSource: 'app',
  routing: 'round-robin',
  servers: [{ name: 'A' }, { name: 'B', clockOffsetSeconds: -30 }],
  // Five requests at 60 to 64 s: A reads window 1 (60 s on), B reads 30 to 34 s, window 0.
  traffic: [{ pattern: 'burst', at: 60, count: 5, spacingSeconds: 1 }],
};
const admitted = (r: { decisions: { allowed: boolean }[] }) =>
  r.decisions.filter((d) => d.allowed).length;

describe('clock skew per algorithm', () => {
  it('a token bucket asked at the key latest time admits exactly 3', () => {
    const r = simulate({
      ...skewed,
      algorithm: 'token-bucket',
      params: { capacity: 3, refillPerSecond: 3 / 60 },
    });
    expect(admitted(r)).toBe(3);
    // B's calls read the bucket's latest time, never its own 30 s earlier.
    expect(r.decisions.every((d) => (d.now ?? NaN) >= 60)).toBe(true);
  });

  it("a fixed window keyed by the caller's window counts B in another window and admits more", () => {
    const r = simulate({
      ...skewed,
      algorithm: 'fixed-window',
      params: { limit: 3, windowSeconds: 60 },
    });
    expect(admitted(r)).toBe(5);
    expect(r.decisions.filter((d) => (d.now ?? NaN) < 60).length).toBe(2);
  });

  it('the same fixed window on the store clock admits 3', () => {
    const r = simulate({
      ...skewed,
      timeSource: 'store',
      algorithm: 'fixed-window',
      params: { limit: 3, windowSeconds: 60 },
    });
    expect(admitted(r)).toBe(3);
  });
});
