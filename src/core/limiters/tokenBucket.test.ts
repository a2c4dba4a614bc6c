import { describe, expect, it } from 'vitest';
import { make, req, run } from './testkit';

describe('token-bucket', () => {
  const p = { capacity: 3, refillPerSecond: 1 };
  it('starts full, refills continuously, remaining = floor(tokens)', () => {
    const d = run(make('token-bucket', p), [req(0), req(0), req(0), req(0), req(0.5), req(1)]);
    expect(d.map((x) => x.allowed)).toEqual([true, true, true, false, false, true]);
    expect(d.map((x) => x.remaining)).toEqual([2, 1, 0, 0, 0, 0]);
    expect(d[3]!.retryAfterSeconds).toBe(1);
  });
  it('retry = max(1, ceil((cost - tokens) / r))', () => {
    const l = make('token-bucket', { capacity: 10, refillPerSecond: 0.5 });
    l.decide(req(0, 10));
    expect(l.decide(req(0, 3)).retryAfterSeconds).toBe(6);
    expect(l.decide(req(1, 3)).retryAfterSeconds).toBe(5);
  });
  it('fractional refill without float drift: 10 x 0.1 s at r = 10 refills one token each', () => {
    const l = make('token-bucket', { capacity: 1, refillPerSecond: 10 });
    let t = 0;
    const out: boolean[] = [];
    for (let k = 0; k < 10; k++) {
      out.push(l.decide(req(t)).allowed);
      t += 0.1;
    }
    expect(out.every(Boolean)).toBe(true);
  });
  it('cost above capacity: denied, retry -1', () => {
    expect(make('token-bucket', p).decide(req(0, 4))).toMatchObject({
      allowed: false,
      retryAfterSeconds: -1,
      remaining: 3,
    });
  });
  it('never mints tokens when the clock goes back', () => {
    const l = make('token-bucket', p);
    run(l, [req(10, 3)]);
    expect(l.decide(req(5)).allowed).toBe(false);
    expect(l.decide(req(11)).allowed).toBe(true);
  });
});
