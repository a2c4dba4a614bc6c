// The byte format replies and arguments cross the wasm boundary in, both ways (lab.c's
// push_reply and its call buffer): a tag byte, then u32 lengths and counts (little-endian),
// strings as their UTF-8 bytes, numbers as float64 or int64. The glue turns them into Lua
// values and back as redis-server 7.0.15 does; this side only moves the bytes.
import { encodeInto, fromBytes } from '../redis/bytes';
import type { Reply } from '../redis/reply';
import type { Shaped } from './resp3';

const SMALL_INT_REPLIES: Reply[] = [];
for (let i = 0; i < 1024; i++) SMALL_INT_REPLIES.push({ t: 'int', v: BigInt(i) });
const STR_CACHE_SIZE = 1024;
const STR_CACHE_MAX_LEN = 40;

/** Encode a reply for the glue at `p`; the end. */
export function putReply(u8: Uint8Array, p: number, r: Shaped): number {
  switch (r.t) {
    case 'int':
      u8[p] = 0x69; // 'i': a double, as Redis pushes integers
      return putF64(u8, p + 1, Number(r.v));
    case 'bulk':
      u8[p] = 0x24; // '$'
      return putString(u8, p + 1, r.v);
    case 'status':
      u8[p] = 0x2b; // '+'
      return putString(u8, p + 1, r.v);
    case 'err':
      u8[p] = 0x2d; // '-'
      return putString(u8, p + 1, r.v);
    case 'nil':
    case 'nilarr':
      u8[p] = 0x5f; // '_': false
      return p + 1;
    case 'null':
      u8[p] = 0x4e; // 'N': nil (RESP3)
      return p + 1;
    case 'double':
      u8[p] = 0x2c; // ','
      return putF64(u8, p + 1, r.v);
    case 'arr': {
      u8[p] = 0x2a; // '*'
      p = putU32(u8, p + 1, r.v.length);
      for (const x of r.v) p = putReply(u8, p, x);
      return p;
    }
    case 'set': {
      u8[p] = 0x7e; // '~'
      p = putU32(u8, p + 1, r.v.length);
      for (const x of r.v) p = putReply(u8, p, x);
      return p;
    }
    case 'map': {
      u8[p] = 0x25; // '%'
      p = putU32(u8, p + 1, r.v.length);
      for (const [k, v] of r.v) {
        p = putReply(u8, p, k);
        p = putReply(u8, p, v);
      }
      return p;
    }
  }
}

/** u32 byte length + the bytes `s` stands for (room already reserved: 3 per UTF-16 unit). */
export function putString(u8: Uint8Array, p: number, s: string): number {
  const n = s.length;
  const start = p + 4;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c > 127) {
      const end = encodeInto(s, u8, start);
      putU32(u8, p, end - start);
      return end;
    }
    u8[start + i] = c;
  }
  putU32(u8, p, n);
  return start + n;
}

/** The bytes `s` stands for at `p`, no length; their count. */
export function putBytes(u8: Uint8Array, p: number, s: string): number {
  const n = s.length;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c > 127) return encodeInto(s, u8, p) - p;
    u8[p + i] = c;
  }
  return n;
}

/** Bytes to reserve for `r` (strings at 3 bytes per UTF-16 unit). */
export function replySize(r: Shaped): number {
  switch (r.t) {
    case 'bulk':
    case 'status':
    case 'err':
      return 5 + r.v.length * 3;
    case 'arr':
    case 'set': {
      let n = 5;
      for (const x of r.v) n += replySize(x);
      return n;
    }
    case 'map': {
      let n = 5;
      for (const [k, v] of r.v) n += replySize(k) + replySize(v);
      return n;
    }
    default:
      return 9;
  }
}

/** Reads what the glue wrote: a call's arguments, a script's reply. */
export class GlueReader {
  private readonly strCache: string[] = new Array<string>(STR_CACHE_SIZE).fill('');

  /** A call's arguments: u32 count, then each as u32 length + bytes. */
  readArgs(u8: Uint8Array, p: number, end: number): string[] {
    const argc = getU32(u8, p);
    p += 4;
    const args = new Array<string>(argc);
    for (let i = 0; i < argc && p < end; i++) {
      const n = getU32(u8, p);
      args[i] = this.str(u8, p + 4, n);
      p += 4 + n;
    }
    return args;
  }

  /**
   * Bytes -> string. Short ASCII strings (command names, fields, keys) come back as the same
   * flat string each time they recur, whose hash the model's Map lookups have already computed.
   */
  str(u8: Uint8Array, p: number, n: number): string {
    if (n === 0) return '';
    if (n > STR_CACHE_MAX_LEN) return fromBytes(u8.subarray(p, p + n));
    let h = n;
    for (let i = 0; i < n; i++) {
      const c = u8[p + i]!;
      if (c > 127) return fromBytes(u8.subarray(p, p + n));
      h = (Math.imul(h, 31) + c) | 0;
    }
    const slot = h & (STR_CACHE_SIZE - 1);
    const hit = this.strCache[slot]!;
    if (hit.length === n) {
      let i = 0;
      while (i < n && hit.charCodeAt(i) === u8[p + i]) i++;
      if (i === n) return hit;
    }
    const s = String.fromCharCode.apply(null, u8.subarray(p, p + n) as unknown as number[]);
    this.strCache[slot] = s;
    return s;
  }

  /** Decode the glue's reply encoding (iteratively: replies may nest thousands deep). */
  readReply(u8: Uint8Array, p: number, end: number): Reply {
    // Open arrays: their items so far and how many they still need.
    const open: Array<{ items: Reply[]; left: number }> = [];
    for (;;) {
      let r: Reply;
      const tag = p < end ? u8[p]! : 0;
      if (tag === 0x24 || tag === 0x2b || tag === 0x2d) {
        // '$' bulk, '+' status, '-' error
        const n = getU32(u8, p + 1);
        const v = this.str(u8, p + 5, n);
        p += 5 + n;
        r = tag === 0x24 ? { t: 'bulk', v } : tag === 0x2b ? { t: 'status', v } : { t: 'err', v };
      } else if (tag === 0x69) {
        // 'i': int64, little-endian
        const lo = getU32(u8, p + 1);
        const hi = getU32(u8, p + 5) | 0;
        p += 9;
        if (hi === 0 && lo < 1024) r = SMALL_INT_REPLIES[lo]!;
        else if ((hi === 0 && lo < 0x80000000) || (hi === -1 && lo >= 0x80000000))
          r = { t: 'int', v: BigInt(hi === 0 ? lo : lo - 0x100000000) };
        else r = { t: 'int', v: (BigInt(hi) << 32n) | BigInt(lo) };
      } else if (tag === 0x2a) {
        // '*': an array of n replies
        const n = getU32(u8, p + 1);
        p += 5;
        if (n > 0) {
          open.push({ items: [], left: n });
          continue;
        }
        r = { t: 'arr', v: [] };
      } else {
        p += 1;
        r = { t: 'nil' };
      }
      // Hand r to the innermost open array; close the ones that are complete.
      for (;;) {
        const top = open[open.length - 1];
        if (top === undefined) return r;
        top.items.push(r);
        if (--top.left > 0) break;
        open.pop();
        r = { t: 'arr', v: top.items };
      }
    }
  }
}

export function putU32(u8: Uint8Array, p: number, v: number): number {
  u8[p] = v & 255;
  u8[p + 1] = (v >>> 8) & 255;
  u8[p + 2] = (v >>> 16) & 255;
  u8[p + 3] = (v >>> 24) & 255;
  return p + 4;
}

export function getU32(u8: Uint8Array, p: number): number {
  return (u8[p]! | (u8[p + 1]! << 8) | (u8[p + 2]! << 16) | (u8[p + 3]! << 24)) >>> 0;
}

const f64 = new Float64Array(1);
const f64b = new Uint8Array(f64.buffer);
export function putF64(u8: Uint8Array, p: number, v: number): number {
  f64[0] = v;
  for (let i = 0; i < 8; i++) u8[p + i] = f64b[i]!;
  return p + 8;
}
