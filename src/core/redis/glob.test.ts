import { describe, expect, it } from 'vitest';
import { globMatch } from './glob';

describe('helpers', () => {
  it('glob', () => {
    expect(globMatch('h[a-e]llo', 'hello')).toBe(true);
    expect(globMatch('h[^e]llo', 'hello')).toBe(false);
    expect(globMatch('a\\*b', 'a*b')).toBe(true);
    expect(globMatch('a*', '')).toBe(false);
  });
});
