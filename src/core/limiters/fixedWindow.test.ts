import { describe, expect, it } from 'vitest';
import { make, req, run } from './testkit';

describe('fixed-window', () => {
  const p = { limit: 3, windowSeconds: 60 };
  it('admits up to L per window, remaining = L - count, retry to the next window', () => {
    const d = run(make('fixed-window', p), [req(0), req(1), req(2), req(59.9)]);
    expect(d.map((x) => x.allowed)).toEqual([true, true, true, false]);
    expect(d.map((x) => x.remaining)).toEqual([2, 1, 0, 0]);
    // ceil(60 - 59.9) = 1, not 2 from float noise (60 - 59.9 = 0.10000000000000142).
    expect(d[3]!.retryAfterSeconds).toBe(1);
  });
  it('window ids forgive float noise: t = 0.3, W = 0.1 is window 3', () => {
    const l = make('fixed-window', { limit: 1, windowSeconds: 0.1 });
    expect(l.decide(req(0.2)).allowed).toBe(true);
    expect(l.decide(req(0.3)).allowed).toBe(true);
    expect(l.view('k', 0.3)).toMatchObject({ windowStart: expect.closeTo(0.3, 9) });
  });
  it('retry is max(1, ceil((w+1)W - t))', () => {
    const l = make('fixed-window', { limit: 1, windowSeconds: 10 });
    l.decide(req(0));
    expect(l.decide(req(2.5)).retryAfterSeconds).toBe(8);
    expect(l.decide(req(9.99)).retryAfterSeconds).toBe(1);
  });
  it('cost above L is denied with retry -1', () => {
    const d = make('fixed-window', p).decide(req(0, 4));
    expect(d).toMatchObject({ allowed: false, retryAfterSeconds: -1, remaining: 3 });
  });
  it('admissions only by default; countAttempts counts every attempt', () => {
    const a = run(make('fixed-window', { limit: 2, windowSeconds: 60 }), [
      req(0),
      req(0),
      req(0),
      req(0),
    ]);
    expect(a.map((x) => x.remaining)).toEqual([1, 0, 0, 0]);
    const l = make('fixed-window', { limit: 2, windowSeconds: 60, countAttempts: true });
    const b = run(l, [req(0, 5), req(0), req(0)]);
    // the impossible attempt (cost 5) is counted too: 5 > 2, so later ones are denied
    expect(b.map((x) => x.allowed)).toEqual([false, false, false]);
    expect(b[0]!.retryAfterSeconds).toBe(-1);
    expect(l.view('k', 0)).toMatchObject({ count: 7 });
  });
  it('a denied request changes no state (admissions-only)', () => {
    const l = make('fixed-window', { limit: 2, windowSeconds: 60 });
    run(l, [req(0), req(0), req(1), req(2)]);
    expect(l.view('k', 2)).toMatchObject({ count: 2 });
  });
});
