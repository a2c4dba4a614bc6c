import { describe, expect, it } from 'vitest';
import { GLOB_MAX_NESTING, globMatch } from './glob';
import { RedisModel } from './model';
import { toJson } from './reply';

describe('helpers', () => {
  it('glob', () => {
    expect(globMatch('h[a-e]llo', 'hello')).toBe(true);
    expect(globMatch('h[^e]llo', 'hello')).toBe(false);
    expect(globMatch('a\\*b', 'a*b')).toBe(true);
    expect(globMatch('a*', '')).toBe(false);
  });
});

describe('abusive patterns (Redis 7.0 util.c: a * nested over 1000 deep is no match)', () => {
  const key = 'ab'.repeat(1500);
  it('answers as redis-server 7.0.15 does at the nesting limit', () => {
    expect(GLOB_MAX_NESTING).toBe(1000);
    expect(globMatch('*a'.repeat(1000) + '*', key)).toBe(true);
    expect(globMatch('*a'.repeat(1001) + '*', key)).toBe(false);
  });
  it('answers a 50,000-deep pattern without overflowing the stack', () => {
    const long = 'a'.repeat(60_000);
    expect(globMatch('*a'.repeat(25_000), long)).toBe(false);
    expect(globMatch('*'.repeat(50_000), long)).toBe(true);
    expect(globMatch('['.repeat(50_000), long)).toBe(false);
    expect(globMatch('a*'.repeat(25_000), long)).toBe(false);
  });
  it('KEYS and SCAN MATCH answer it too', () => {
    const m = new RedisModel();
    m.call(['SET', 'a'.repeat(60_000), '1']);
    expect(toJson(m.call(['KEYS', '*a'.repeat(25_000)]))).toEqual([]);
    expect(toJson(m.call(['SCAN', '0', 'MATCH', '*a'.repeat(25_000)]))).toEqual(['0', []]);
  });
});
