import { describe, expect, it } from 'vitest';
import { simulate } from './simulate';
import { ScenarioError } from './scenario/validate';

const fw = { algorithm: 'fixed-window', params: { limit: 3, windowSeconds: 60 } };
const route = ['A', 'B', 'A', 'B', 'A'].map((server, k) => ({ at: k, server, key: 'client-1' }));

describe('simulate (headless contract)', () => {
  it("the seed's worked example: local admits 5, shared admits 3", () => {
    expect(simulate({ ...fw, placement: 'local', requests: route })).toMatchObject({
      allowed: 5,
      denied: 0,
    });
    const shared = simulate({ ...fw, placement: 'shared', requests: route });
    expect(shared).toMatchObject({ allowed: 3, denied: 2 });
    expect(shared.decisions[3]).toEqual({
      allowed: false,
      outcome: 'denied',
      retryAfterSeconds: 57,
      remaining: 0,
    });
  });
  it('placement defaults to shared and server to "A"', () => {
    expect(simulate({ ...fw, requests: route }).allowed).toBe(3);
    const noServer = route.map(({ at }) => ({ at }));
    expect(simulate({ ...fw, placement: 'local', requests: noServer }).allowed).toBe(3);
  });
  it('processes by time, equal times in input order, reports in input order', () => {
    const r = simulate({
      algorithm: 'token-bucket',
      params: { capacity: 1, refillPerSecond: 0.1 },
      requests: [{ at: 5 }, { at: 0, cost: 1 }, { at: 0 }],
    });
    expect(r.decisions.map((d) => d.allowed)).toEqual([false, true, false]);
    expect(r.decisions[1]).toEqual({
      allowed: true,
      outcome: 'allowed',
      retryAfterSeconds: null,
      remaining: 0,
    });
    expect(r.decisions[2]!.retryAfterSeconds).toBe(10);
    expect(r.decisions[0]!.retryAfterSeconds).toBe(5);
  });
  it('remaining only where the spec defines it; delaySeconds for leaky bucket', () => {
    const g = simulate({
      algorithm: 'gcra',
      params: { ratePerSecond: 1, burst: 1 },
      requests: [{ at: 0 }],
    });
    expect(g.decisions[0]).toEqual({ allowed: true, outcome: 'allowed', retryAfterSeconds: null });
    const lb = simulate({
      algorithm: 'leaky-bucket',
      params: { ratePerSecond: 1, burst: 0 },
      requests: [{ at: 0 }],
    });
    expect(lb.decisions[0]).toEqual({
      allowed: true,
      outcome: 'allowed',
      retryAfterSeconds: null,
      delaySeconds: 0,
    });
  });
  it('concurrency uses duration', () => {
    const r = simulate({
      algorithm: 'concurrency',
      params: { maxInFlight: 1 },
      requests: [
        { at: 0, duration: 2 },
        { at: 1, duration: 1 },
        { at: 2, duration: 1 },
      ],
    });
    expect(r.decisions.map((d) => d.allowed)).toEqual([true, false, true]);
  });
  it('keys have separate budgets', () => {
    const r = simulate({
      ...fw,
      params: { limit: 1, windowSeconds: 60 },
      requests: [
        { at: 0, key: 'a' },
        { at: 0, key: 'b' },
      ],
    });
    expect(r.allowed).toBe(2);
  });
  it('bad input throws a ScenarioError naming the field', () => {
    expect(() =>
      simulate({ ...fw, requests: [{ at: 0 }, { at: 1 }, { at: 2 }, { at: 3, cost: '1' }] }),
    ).toThrow('requests[3].cost must be a finite number > 0');
    expect(() => simulate({ ...fw, requests: [{ at: 0 }], foo: 1 })).toThrow(ScenarioError);
  });
});
