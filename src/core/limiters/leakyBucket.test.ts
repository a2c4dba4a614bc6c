import { describe, expect, it } from 'vitest';
import { make, req, run } from './testkit';

describe('leaky-bucket', () => {
  it('spec example: r = 1, B = 2, four requests at t = 0', () => {
    const d = run(make('leaky-bucket', { ratePerSecond: 1, burst: 2 }), [
      req(0),
      req(0),
      req(0),
      req(0),
    ]);
    expect(d).toEqual([
      { allowed: true, retryAfterSeconds: null, delaySeconds: 0 },
      { allowed: true, retryAfterSeconds: null, delaySeconds: 1 },
      { allowed: true, retryAfterSeconds: null, delaySeconds: 2 },
      { allowed: false, retryAfterSeconds: 1 },
    ]);
  });
  it('the clamp comes after the + 1', () => {
    const l = make('leaky-bucket', { ratePerSecond: 1, burst: 0 });
    expect(l.decide(req(0)).allowed).toBe(true);
    // e' = max(0, 0 - 0.5 + 1) = 0.5 > 0: denied; retry ceil((0 + 1 - 0)/1 - 0.5) = 1
    expect(l.decide(req(0.5))).toEqual({ allowed: false, retryAfterSeconds: 1 });
    // e' = max(0, 0 - 2 + 1) = 0 <= 0: admitted
    expect(l.decide(req(2)).allowed).toBe(true);
  });
  it('delay D and nodelay decide delaySeconds', () => {
    const d = run(make('leaky-bucket', { ratePerSecond: 2, burst: 3, delay: 1 }), [
      req(0),
      req(0),
      req(0),
      req(0),
    ]);
    expect(d.map((x) => x.delaySeconds)).toEqual([0, 0, 0.5, 1]);
    const n = run(make('leaky-bucket', { ratePerSecond: 2, burst: 3, nodelay: true, delay: 1 }), [
      req(0),
      req(0),
      req(0),
    ]);
    expect(n.map((x) => x.delaySeconds)).toEqual([0, 0, 0]);
  });
  it('a denial leaves excess and last unchanged', () => {
    const l = make('leaky-bucket', { ratePerSecond: 1, burst: 1 });
    run(l, [req(0), req(0), req(0)]);
    expect(l.view('k', 0)).toMatchObject({ excess: 1, last: 0 });
  });
});
