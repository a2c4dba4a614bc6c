import { describe, expect, it } from 'vitest';
import { getLimiterFactory } from './registry';
import type { Decision, Limiter, Params } from './types';

function make(algorithm: string, params: Params): Limiter {
  return getLimiterFactory(algorithm)!.create(params);
}
const req = (at: number, cost = 1, key = 'k', duration = 1) => ({
  at,
  key,
  server: 'A',
  cost,
  duration,
});
function run(l: Limiter, reqs: ReturnType<typeof req>[]): Decision[] {
  return reqs.map((r) => l.decide(r));
}

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

describe('sliding-window-counter', () => {
  it('weights the previous window, not floored', () => {
    const l = make('sliding-window-counter', { limit: 10, windowSeconds: 10 });
    for (let k = 0; k < 10; k++) l.decide(req(5));
    // at t = 12.5: estimate = 10 * 0.75 + 0 = 7.5 -> a cost of 2.5 fits, 3 does not
    expect(l.decide(req(12.5, 3)).allowed).toBe(false);
    expect(l.decide(req(12.5, 2.5)).allowed).toBe(true);
  });
  it('retry is the smallest whole wait whose estimate admits', () => {
    const l = make('sliding-window-counter', { limit: 4, windowSeconds: 10 });
    for (let k = 0; k < 4; k++) l.decide(req(9));
    // at 10: estimate 4 -> need prev*(10-e)/10 <= 3 -> e >= 2.5 -> wait 3
    expect(l.decide(req(10)).retryAfterSeconds).toBe(3);
    expect(l.decide(req(0, 5)).retryAfterSeconds).toBe(-1);
  });
});

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

describe('gcra', () => {
  it('admits b at once then one per T; retry max(1, ceil(newTAT - bT - t))', () => {
    const l = make('gcra', { ratePerSecond: 1, burst: 2 });
    const d = run(l, [req(0), req(0), req(0), req(0.5), req(1)]);
    expect(d.map((x) => x.allowed)).toEqual([true, true, false, false, true]);
    expect(d[2]!.retryAfterSeconds).toBe(1);
    expect(d[3]!.retryAfterSeconds).toBe(1);
  });
  it('cost above burst: retry -1', () => {
    expect(make('gcra', { ratePerSecond: 1, burst: 2 }).decide(req(0, 3)).retryAfterSeconds).toBe(
      -1,
    );
  });
});

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

describe('concurrency', () => {
  it('a release at t happens before an arrival at t', () => {
    const l = make('concurrency', { maxInFlight: 1 });
    expect(l.decide(req(0, 1, 'k', 2)).allowed).toBe(true);
    expect(l.decide(req(1, 1, 'k', 2))).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
    expect(l.decide(req(2, 1, 'k', 2)).allowed).toBe(true);
  });
  it('retry waits for the earliest end that makes room; cost > M is -1', () => {
    const l = make('concurrency', { maxInFlight: 3 });
    run(l, [req(0, 1, 'k', 10), req(0, 1, 'k', 5), req(0, 1, 'k', 7.5)]);
    expect(l.decide(req(1, 2, 'k', 1)).retryAfterSeconds).toBe(7); // ends 5 and 7.5 -> ceil(6.5)
    expect(l.decide(req(1, 4, 'k', 1)).retryAfterSeconds).toBe(-1);
  });
});

describe('check / commit (multi-policy building blocks)', () => {
  it('check never charges; commit(false) charges nothing', () => {
    const l = make('token-bucket', { capacity: 1, refillPerSecond: 1 });
    expect(l.check(req(0)).allowed).toBe(true);
    expect(l.check(req(0)).allowed).toBe(true);
    l.commit(req(0), false);
    expect(l.decide(req(0)).allowed).toBe(true);
    expect(l.decide(req(0)).allowed).toBe(false);
  });
  it('snapshot / restore and read / write state copy, not share', () => {
    const l = make('sliding-log', { limit: 2, windowSeconds: 10 });
    l.decide(req(0));
    const snap = l.snapshot();
    const st = l.readState('k');
    l.decide(req(1));
    const m = make('sliding-log', { limit: 2, windowSeconds: 10 });
    m.restore(snap);
    expect(m.decide(req(2)).remaining).toBe(0);
    m.writeState('k', st);
    expect(m.decide(req(2)).remaining).toBe(0);
    expect(l.decide(req(2)).allowed).toBe(false);
  });
});
