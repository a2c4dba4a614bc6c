import { describe, expect, it } from 'vitest';
import { clip, wrapWords } from './wrap';

describe('wrapWords', () => {
  it('breaks at spaces and keeps every word whole', () => {
    const lines = wrapWords('tokens=3.5 stamp=12.25 · ttl 4 s', 14);
    expect(lines).toEqual(['tokens=3.5', 'stamp=12.25 ·', 'ttl 4 s']);
    expect(lines.every((l) => l.length <= 14)).toBe(true);
    expect(lines.join(' ')).toBe('tokens=3.5 stamp=12.25 · ttl 4 s');
  });

  it('keeps a text that fits on one line', () => {
    expect(wrapWords('7 · ttl 60 s', 20)).toEqual(['7 · ttl 60 s']);
  });

  it('cuts only a word longer than a whole line', () => {
    expect(wrapWords('rl:tb:client-with-a-long-name 3', 10)).toEqual(['rl:tb:cli…', '3']);
    expect(clip('abc', 3)).toBe('abc');
  });
});
