import { describe, expect, it } from 'vitest';
import { make, req, run } from './testkit';

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
