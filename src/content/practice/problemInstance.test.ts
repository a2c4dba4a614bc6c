// The URL's seed: a whole number from 0 picks the numbers; anything else is the problem's own.
import { describe, expect, it } from 'vitest';
import { parseHash } from '../../ui/shell/router';
import { freshNumbersHref, seedOf } from './problemInstance';

describe('the seed in a problem URL', () => {
  it('reads a whole number from 0 and falls back to 0 otherwise', () => {
    const at = (h: string) => seedOf(parseHash(h));
    expect(at('#/practice/p?seed=12345')).toBe(12345);
    expect(at('#/practice/p')).toBe(0);
    for (const bad of ['-3', '1.5', 'abc', '1e400']) expect(at(`#/practice/p?seed=${bad}`)).toBe(0);
  });

  it('fresh numbers are a new address for the same problem, with a seed the page reads back', () => {
    const href = freshNumbersHref('predict-boundary-burst');
    const seed = seedOf(parseHash(href));
    expect(href).toBe(`#/practice/predict-boundary-burst?seed=${seed}`);
    expect(Number.isInteger(seed) && seed >= 0 && seed <= 0x7fffffff).toBe(true);
  });
});
