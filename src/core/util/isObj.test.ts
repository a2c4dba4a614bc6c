import { describe, expect, it } from 'vitest';
import { isObj } from './isObj';

describe('isObj', () => {
  it('is true of objects only: not null, arrays or primitives', () => {
    expect([{}, { a: 1 }, Object.create(null)].map(isObj)).toEqual([true, true, true]);
    expect([null, undefined, [], [1], 'x', 3, true].map(isObj)).toEqual(Array(7).fill(false));
  });
});
