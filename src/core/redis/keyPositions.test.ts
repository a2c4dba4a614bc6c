import { describe, expect, it } from 'vitest';
import { keyPositions, mapKeys } from './keyPositions';

describe('keyPositions', () => {
  it('finds keys by position, not by name', () => {
    expect(keyPositions(['SET', 'k', 'k'])).toEqual([1]);
    expect(mapKeys(['SET', 'k', 'k'], (k) => `p:${k}`)).toEqual(['SET', 'p:k', 'k']);
  });
  it('reads numkeys for scripts and multi-key commands', () => {
    expect(keyPositions(['EVAL', 'return 1', '2', 'a', 'b', 'a'])).toEqual([3, 4]);
    expect(keyPositions(['MSET', 'a', '1', 'b', '2'])).toEqual([1, 3]);
    expect(keyPositions(['ZUNIONSTORE', 'd', '2', 's1', 's2', 'WEIGHTS', '1', '2'])).toEqual([
      1, 3, 4,
    ]);
  });
  it('answers [] for keyless and unknown commands', () => {
    expect(keyPositions(['PING'])).toEqual([]);
    expect(keyPositions(['NOSUCH', 'k'])).toEqual([]);
    expect(keyPositions(['EVAL', 'return 1', 'x'])).toEqual([]);
  });
});
