import { describe, expect, it } from 'vitest';
import { RedisModel } from '../model';
import { toJson } from '../reply';

describe('bitmaps', () => {
  it('sets, reads, counts and finds bits on the bytes of a string', () => {
    const m = new RedisModel();
    const j = (...a: string[]): unknown => toJson(m.call(a));
    for (const id of [3, 9, 3, 200]) j('SETBIT', 'seen', String(id), '1');
    expect(j('BITCOUNT', 'seen')).toBe(3);
    expect(j('STRLEN', 'seen')).toBe(26);
    expect(j('GETBIT', 'seen', '9')).toBe(1);
    expect(j('BITPOS', 'seen', '1')).toBe(3);
    expect(j('BITPOS', 'seen', '1', '4', '-1', 'BIT')).toBe(9);
    expect(j('BITCOUNT', 'seen', '0', '8', 'BIT')).toBe(1);
    expect((j('GET', 'seen') as string).charCodeAt(0)).toBe(0x10);
  });
});
