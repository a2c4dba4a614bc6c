// Where the charts' "now" line stands: on the plot area, clamped to its ends.
import { describe, expect, it } from 'vitest';
import { nowLineX } from './NowLine';

describe('the now line', () => {
  it('moves from the plot’s left edge to its right edge as the clock goes from 0 to the axis end', () => {
    const inset = { left: 42, right: 8 };
    expect(nowLineX(0, 10, 500, inset)).toBe(42);
    expect(nowLineX(5, 10, 500, inset)).toBe(42 + 225);
    expect(nowLineX(10, 10, 500, inset)).toBe(492);
    expect(nowLineX(4, 8, 1000)).toBe(500);
  });

  it('stays on the plot before 0 and past the end; an empty axis keeps it at the start', () => {
    expect(nowLineX(-3, 10, 500)).toBe(0);
    expect(nowLineX(1e9, 10, 500)).toBe(500);
    expect(nowLineX(3, 0, 500, { left: 10, right: 0 })).toBe(10);
  });
});
