import { describe, expect, it } from 'vitest';
import { byteLength, byteSlice, canonical, fromBytes, joinBytes, toBytes } from './bytes';

const all = Uint8Array.from({ length: 256 }, (_, i) => i);

describe('strings stand for bytes', () => {
  it('keeps valid UTF-8 as its text', () => {
    expect(fromBytes(new TextEncoder().encode('héllo ✓ 😀'))).toBe('héllo ✓ 😀');
    expect(toBytes('héllo ✓ 😀')).toEqual(new TextEncoder().encode('héllo ✓ 😀'));
  });
  it('round-trips every byte, alone and in sequences', () => {
    for (let b = 0; b < 256; b++) {
      const s = fromBytes(Uint8Array.of(b));
      expect(toBytes(s)).toEqual(Uint8Array.of(b));
      expect(byteLength(s)).toBe(1);
    }
    expect(toBytes(fromBytes(all))).toEqual(all);
    expect(byteLength(fromBytes(all))).toBe(256);
  });
  it('escapes bytes outside valid UTF-8 as U+DC80..U+DCFF', () => {
    expect(fromBytes(Uint8Array.of(0xff, 0x61, 0xc3))).toBe('\udcffa\udcc3');
    // overlong, an encoded surrogate, above U+10FFFF: bytes, not characters
    expect(fromBytes(Uint8Array.of(0xc0, 0x80))).toBe('\udcc0\udc80');
    expect(fromBytes(Uint8Array.of(0xed, 0xa0, 0x80))).toBe('\udced\udca0\udc80');
    expect(fromBytes(Uint8Array.of(0xf4, 0x90, 0x80, 0x80))).toBe('\udcf4\udc90\udc80\udc80');
  });
  it('round-trips random byte strings (a seeded walk)', () => {
    let x = 12345;
    for (let n = 0; n < 500; n++) {
      const len = n % 40;
      const b = new Uint8Array(len);
      for (let i = 0; i < len; i++) {
        x = (Math.imul(x, 1103515245) + 12345) >>> 0;
        // mostly high bytes and UTF-8 lead bytes, so sequences are cut and mixed
        b[i] = (x >>> 16) % 3 === 0 ? (x >>> 8) & 0x7f : 0x80 | ((x >>> 8) & 0x7f);
      }
      const s = fromBytes(b);
      expect(toBytes(s)).toEqual(b);
      expect(byteLength(s)).toBe(len);
      expect(canonical(s)).toBe(s);
    }
  });
  it('joins and cuts on bytes', () => {
    expect(joinBytes('a\udcc3', '\udca9')).toBe('aé');
    expect(joinBytes('\udce2', '\udc82\udcac')).toBe('€');
    expect(byteSlice('é✓', 1, 2)).toBe('\udca9\udce2');
    expect(byteSlice('é✓', 0, 1)).toBe('é');
  });
});
