import { describe, expect, it } from 'vitest';
import { make, req, run } from './testkit';

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
