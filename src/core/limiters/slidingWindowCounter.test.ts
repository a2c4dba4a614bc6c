import { describe, expect, it } from 'vitest';
import { make, req } from './testkit';

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
