// Pause suggests just past the nearest expiry in the store (what frees a lock), else a second.
import { describe, expect, it } from 'vitest';
import type { KeyState } from '../../core/races/types';
import { suggestedPause } from './pauseLength';

const k = (ttlMs: number | null): KeyState => ({ key: 'k', type: 'string', value: '1', ttlMs });

describe('suggestedPause', () => {
  it('one millisecond past the nearest expiry, rounded down first', () => {
    expect(suggestedPause([k(60_000), k(1_250.7), k(null)])).toBe(1_251);
    expect(suggestedPause([k(0)])).toBe(1);
  });
  it('a second when nothing expires', () => {
    expect(suggestedPause([])).toBe(1000);
    expect(suggestedPause([k(null)])).toBe(1000);
  });
});
