// Bitmaps (Redis's bitops.c): SETBIT, GETBIT, BITCOUNT and BITPOS over a string's bytes,
// bit 0 being the most significant bit of the first byte. Argument checks, their order and
// the replies follow redis-server 7.0.15.
import { fromBytes, LAB_MAX_STRING_BYTES, toBytes } from '../bytes';
import { command, KEY1, type CommandRow, type Ctx } from '../command';
import { parseInt64 } from '../numfmt';
import { err, type Reply } from '../reply';
import { ERRORS, intReply, ONE, ZERO } from '../shared';

const BAD_OFFSET = err('ERR bit offset is not an integer or out of range');
const BAD_BIT = err('ERR bit is not an integer or out of range');
/** proto-max-bulk-len in bits: the first offset Redis refuses. */
const MAX_BITS = 512n * 1024n * 1024n * 8n;

const POPCOUNT = new Uint8Array(256);
for (let i = 1; i < 256; i++) POPCOUNT[i] = (i & 1) + POPCOUNT[i >> 1]!;

function bitOffset(s: string): bigint | null {
  const n = parseInt64(s);
  return n === null || n < 0n || n >= MAX_BITS ? null : n;
}

function setbit(c: Ctx, a: string[]): Reply {
  const off = bitOffset(a[2]!);
  if (off === null) return BAD_OFFSET;
  const on = parseInt64(a[3]!);
  if (on === null || (on !== 0n && on !== 1n)) return BAD_BIT;
  const key = a[1]!;
  const e = c.db.readString(key);
  if (e === null) return ERRORS.wrongType;
  const byte = Number(off >> 3n);
  if (byte + 1 > LAB_MAX_STRING_BYTES) {
    return err(
      `ERR the lab's Redis model keeps strings up to ${LAB_MAX_STRING_BYTES} bytes ` +
        `(this one would have ${byte + 1}); real Redis allows up to 536870912`,
    );
  }
  const old = e === undefined ? new Uint8Array(0) : toBytes(e.v);
  const grown = byte >= old.length;
  const bytes = grown ? new Uint8Array(byte + 1) : old;
  if (grown) bytes.set(old);
  const mask = 1 << (7 - Number(off & 7n));
  const was = (bytes[byte]! & mask) !== 0;
  // dbUnshareStringValue: even an unchanged value is a raw string afterwards.
  if (e !== undefined) e.enc = 'raw';
  if (e === undefined || grown || was !== (on === 1n)) {
    bytes[byte] = on === 1n ? bytes[byte]! | mask : bytes[byte]! & ~mask;
    const v = fromBytes(bytes);
    if (e === undefined) c.db.put(key, { type: 'string', v, exp: -1, enc: 'raw' });
    else {
      e.v = v;
      e.enc = 'raw';
      c.db.touch(key);
    }
  }
  return was ? ONE : ZERO;
}

function getbit(c: Ctx, a: string[]): Reply {
  const off = bitOffset(a[2]!);
  if (off === null) return BAD_OFFSET;
  const e = c.db.readString(a[1]!);
  if (e === undefined) return ZERO;
  if (e === null) return ERRORS.wrongType;
  const byte = Number(off >> 3n);
  const bytes = toBytes(e.v);
  if (byte >= bytes.length) return ZERO;
  return bytes[byte]! & (1 << (7 - Number(off & 7n))) ? ONE : ZERO;
}

/** A [start, end] range as BITCOUNT / BITPOS clamp it, with BIT edges as byte masks. */
interface Range {
  start: number;
  end: number;
  firstMask: number;
  lastMask: number;
}

function clampRange(start: bigint, end: bigint, len: number, isbit: boolean): Range {
  const total = BigInt(isbit ? len * 8 : len);
  if (start < 0n) start += total;
  if (end < 0n) end += total;
  if (start < 0n) start = 0n;
  if (end < 0n) end = 0n;
  if (end >= total) end = total - 1n;
  let firstMask = 0;
  let lastMask = 0;
  if (isbit && start <= end) {
    firstMask = ~((1 << (8 - Number(start & 7n))) - 1) & 0xff;
    lastMask = (1 << (7 - Number(end & 7n))) - 1;
    start >>= 3n;
    end >>= 3n;
  }
  return { start: Number(start), end: Number(end), firstMask, lastMask };
}

function unit(s: string): boolean | null {
  const u = s.toLowerCase();
  return u === 'bit' ? true : u === 'byte' ? false : null;
}

function bitcount(c: Ctx, a: string[]): Reply {
  const e = c.db.readString(a[1]!);
  if (e === undefined) return ZERO;
  if (e === null) return ERRORS.wrongType;
  const p = toBytes(e.v);
  let r: Range;
  if (a.length === 4 || a.length === 5) {
    const start = parseInt64(a[2]!);
    if (start === null) return ERRORS.notInt;
    const end = parseInt64(a[3]!);
    if (end === null) return ERRORS.notInt;
    if (start < 0n && end < 0n && start > end) return ZERO;
    let isbit = false;
    if (a.length === 5) {
      const u = unit(a[4]!);
      if (u === null) return ERRORS.syntax;
      isbit = u;
    }
    r = clampRange(start, end, p.length, isbit);
  } else if (a.length === 2) {
    r = { start: 0, end: p.length - 1, firstMask: 0, lastMask: 0 };
  } else return ERRORS.syntax;
  if (r.start > r.end) return ZERO;
  let n = 0;
  for (let i = r.start; i <= r.end; i++) n += POPCOUNT[p[i]!]!;
  if (r.firstMask !== 0) n -= POPCOUNT[p[r.start]! & r.firstMask]!;
  if (r.lastMask !== 0) n -= POPCOUNT[p[r.end]! & r.lastMask]!;
  return intReply(n);
}

/** redisBitpos: the first `bit` in p[from, from + count), count*8 when there is none of a 0. */
function firstBit(p: Uint8Array, from: number, count: number, bit: number): number {
  const skip = bit ? 0 : 0xff;
  for (let i = 0; i < count; i++) {
    const b = p[from + i]!;
    if (b === skip) continue;
    for (let j = 0; j < 8; j++) {
      if (((b >> (7 - j)) & 1) === bit) return i * 8 + j;
    }
  }
  return bit ? -1 : count * 8;
}

function bitpos(c: Ctx, a: string[]): Reply {
  const bitArg = parseInt64(a[2]!);
  if (bitArg === null) return ERRORS.notInt;
  if (bitArg !== 0n && bitArg !== 1n) return err('ERR The bit argument must be 1 or 0.');
  const bit = Number(bitArg);
  const e = c.db.readString(a[1]!);
  if (e === undefined) return intReply(bit ? -1 : 0);
  if (e === null) return ERRORS.wrongType;
  const p = toBytes(e.v);
  let r: Range;
  let endGiven = false;
  if (a.length >= 4 && a.length <= 6) {
    const start = parseInt64(a[3]!);
    if (start === null) return ERRORS.notInt;
    let isbit = false;
    if (a.length === 6) {
      const u = unit(a[5]!);
      if (u === null) return ERRORS.syntax;
      isbit = u;
    }
    let end: bigint;
    if (a.length >= 5) {
      const x = parseInt64(a[4]!);
      if (x === null) return ERRORS.notInt;
      end = x;
      endGiven = true;
    } else end = isbit ? BigInt(p.length * 8 + 7) : BigInt(p.length - 1);
    r = clampRange(start, end, p.length, isbit);
  } else if (a.length === 3) {
    r = { start: 0, end: p.length - 1, firstMask: 0, lastMask: 0 };
  } else return ERRORS.syntax;
  if (r.start > r.end) return intReply(-1);
  let { start } = r;
  let bytes = r.end - r.start + 1;
  let pos: number;
  const one = (b: number): number => firstBit(Uint8Array.of(b), 0, 1, bit);
  result: {
    if (r.firstMask) {
      let t = bit ? p[start]! & ~r.firstMask : p[start]! | r.firstMask;
      if (r.lastMask && bytes === 1) t = bit ? t & ~r.lastMask : t | r.lastMask;
      pos = one(t & 0xff);
      if (bytes === 1 || (pos !== -1 && pos !== 8)) break result;
      start++;
      bytes--;
    }
    const cur = bytes - (r.lastMask ? 1 : 0);
    if (cur > 0) {
      pos = firstBit(p, start, cur, bit);
      if (bytes === cur || (pos !== -1 && pos !== cur * 8)) break result;
      start += cur;
      bytes -= cur;
    }
    const t = bit ? p[r.end]! & ~r.lastMask : p[r.end]! | r.lastMask;
    pos = one(t & 0xff);
  }
  if (endGiven && bit === 0 && pos === bytes * 8) return intReply(-1);
  if (pos !== -1) pos += start * 8;
  return intReply(pos);
}

export const BITMAP_COMMANDS: readonly CommandRow[] = [
  command({
    group: 'bitmap',
    name: 'setbit',
    arity: 4,
    flags: 'write denyoom',
    keys: KEY1,
    args: 'key offset value',
    summary: 'Set or clear one bit (the string grows with zero bytes); answers the old bit.',
    since: '2.2.0',
    run: setbit,
  }),
  command({
    group: 'bitmap',
    name: 'getbit',
    arity: 3,
    flags: 'readonly fast',
    keys: KEY1,
    args: 'key offset',
    summary: 'One bit (0 past the end).',
    since: '2.2.0',
    run: getbit,
  }),
  command({
    group: 'bitmap',
    name: 'bitcount',
    arity: -2,
    flags: 'readonly',
    keys: KEY1,
    args: 'key [start end [BYTE | BIT]]',
    summary: 'Count the set bits, in a byte or bit range.',
    since: '2.6.0',
    run: bitcount,
  }),
  command({
    group: 'bitmap',
    name: 'bitpos',
    arity: -3,
    flags: 'readonly',
    keys: KEY1,
    args: 'key bit [start [end [BYTE | BIT]]]',
    summary: 'The first bit set to 1 or 0, in a byte or bit range.',
    since: '2.8.7',
    run: bitpos,
  }),
];
