import { describe, expect, it } from 'vitest';
import { ExploreInputError } from './errors';
import { parseExploreInput } from './input';

const errorsOf = (v: unknown): string[] => {
  try {
    parseExploreInput(v);
    return [];
  } catch (e) {
    return e instanceof ExploreInputError ? e.errors : [String(e)];
  }
};

describe('explore input: startTime', () => {
  const base = { code: 'return 1', requests: [{}] };
  it('takes the model clock’s whole range and refuses anything outside it, naming the field', () => {
    expect(errorsOf({ ...base, startTime: 9e9 })).toEqual([]);
    for (const t of [1e308, 9e9 + 1, -1, '1'])
      expect(errorsOf({ ...base, startTime: t })).toEqual([
        'startTime must be Unix seconds from 0 to 9000000000',
      ]);
  });
});
