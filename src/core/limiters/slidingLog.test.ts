import { describe, expect, it } from 'vitest';
import { make, req, run } from './testkit';

describe('sliding-log', () => {
  it('prunes entries exactly W old (inclusive bound)', () => {
    const l = make('sliding-log', { limit: 1, windowSeconds: 10 });
    expect(l.decide(req(0)).allowed).toBe(true);
    expect(l.decide(req(9.999)).allowed).toBe(false);
    expect(l.decide(req(10)).allowed).toBe(true);
  });
  it('inclusive pruning forgives float noise (0.1 + 0.2 vs 0.3)', () => {
    const l = make('sliding-log', { limit: 1, windowSeconds: 0.2 });
    expect(l.decide(req(0.1)).allowed).toBe(true);
    expect(l.decide(req(0.30000000000000004)).allowed).toBe(true);
    expect(l.decide(req(0.1 + 0.2 + 0.2)).allowed).toBe(true);
  });
  it('remaining = L - sum; retry waits for the smallest j that makes room', () => {
    const l = make('sliding-log', { limit: 3, windowSeconds: 10 });
    const d = run(l, [req(0), req(2), req(4, 1), req(5, 2)]);
    expect(d.map((x) => x.remaining)).toEqual([2, 1, 0, 0]);
    // need 2 free: entries at 0 and 2 must leave -> 2 + 10 - 5 = 7
    expect(d[3]).toMatchObject({ allowed: false, retryAfterSeconds: 7 });
  });
  it('cost above L: retry -1', () => {
    expect(
      make('sliding-log', { limit: 3, windowSeconds: 10 }).decide(req(0, 3.5)).retryAfterSeconds,
    ).toBe(-1);
  });
});
