// The byte format between the runtime and the C glue, without the wasm module.
import { describe, expect, it } from 'vitest';
import { GlueReader, putReply, putString, putU32, replySize } from './glueCodec';
import type { Shaped } from './resp3';

/** Bytes the glue would write: tag + u32 length + the string's bytes. */
function str(tag: string, s: string): number[] {
  const b = [...new TextEncoder().encode(s)];
  const n = new Uint8Array(4);
  putU32(n, 0, b.length);
  return [tag.charCodeAt(0), ...n, ...b];
}
function int64(v: bigint): number[] {
  const b = new Uint8Array(8);
  new DataView(b.buffer).setBigInt64(0, v, true);
  return [0x69, ...b];
}
function arr(n: number): number[] {
  const b = new Uint8Array(4);
  putU32(b, 0, n);
  return [0x2a, ...b];
}

describe('reading what the glue wrote', () => {
  it('decodes strings, errors, integers and nested arrays', () => {
    const bytes = Uint8Array.from([
      ...arr(4),
      ...str('$', 'héllo'),
      ...int64(-5n),
      ...arr(2),
      ...str('+', 'OK'),
      ...str('-', 'ERR x'),
      ...int64(2n ** 40n),
    ]);
    expect(new GlueReader().readReply(bytes, 0, bytes.length)).toEqual({
      t: 'arr',
      v: [
        { t: 'bulk', v: 'héllo' },
        { t: 'int', v: -5n },
        {
          t: 'arr',
          v: [
            { t: 'status', v: 'OK' },
            { t: 'err', v: 'ERR x' },
          ],
        },
        { t: 'int', v: 2n ** 40n },
      ],
    });
  });

  it('decodes a reply nested far deeper than the JS stack would allow recursively', () => {
    const depth = 100_000;
    const bytes: number[] = [];
    for (let i = 0; i < depth; i++) bytes.push(...arr(1));
    bytes.push(0x5f);
    let r = new GlueReader().readReply(Uint8Array.from(bytes), 0, bytes.length);
    let seen = 0;
    while (r.t === 'arr') {
      seen++;
      r = r.v[0]!;
    }
    expect(seen).toBe(depth);
    expect(r).toEqual({ t: 'nil' });
  });

  it('reads a call as its arguments, a recurring short one as the same string', () => {
    const one = (s: string) => str('$', s).slice(1);
    const n = new Uint8Array(4);
    putU32(n, 0, 3);
    const bytes = Uint8Array.from([...n, ...one('INCR'), ...one('rl:ü'), ...one('INCR')]);
    const reader = new GlueReader();
    const args = reader.readArgs(bytes, 0, bytes.length);
    expect(args).toEqual(['INCR', 'rl:ü', 'INCR']);
    expect(reader.readArgs(bytes, 0, bytes.length)[0]).toBe(args[0]);
  });
});

describe('writing a reply for the glue', () => {
  it('lays out tags, counts and UTF-8 bytes within the size it reserved', () => {
    const r: Shaped = {
      t: 'arr',
      v: [{ t: 'int', v: 7n }, { t: 'bulk', v: 'ü' }, { t: 'nil' }],
    };
    const u8 = new Uint8Array(replySize(r));
    const end = putReply(u8, 0, r);
    expect(end).toBeLessThanOrEqual(u8.length);
    const f = new Uint8Array(8);
    new DataView(f.buffer).setFloat64(0, 7, true);
    expect([...u8.subarray(0, end)]).toEqual([...arr(3), 0x69, ...f, ...str('$', 'ü'), 0x5f]);
  });

  it('writes a string as its byte length and bytes', () => {
    const u8 = new Uint8Array(32);
    expect(putString(u8, 0, 'añb')).toBe(8);
    expect([...u8.subarray(0, 8)]).toEqual(str('$', 'añb').slice(1));
  });
});
