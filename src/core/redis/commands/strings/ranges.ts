// Byte ranges of a string: APPEND, STRLEN, GETRANGE (and SUBSTR), SETRANGE. Lengths and offsets
// count UTF-8 bytes, as Redis does (bytes.ts).
import { type Ctx } from '../../command';
import {
  byteLength,
  byteSlice,
  fromBytes,
  joinBytes,
  isAscii,
  LAB_MAX_STRING_BYTES,
  MAX_STRING_BYTES,
  toBytes,
} from '../../bytes';
import { parseInt64 } from '../../numfmt';
import { bulk, err, type Reply } from '../../reply';
import { ERRORS, intReply, ZERO } from '../../shared';

/** checkStringLength, plus the lab's own cap (a browser tab cannot hold 512 MB strings). */
function tooLong(total: number): Reply | null {
  if (total > MAX_STRING_BYTES) {
    return err('ERR string exceeds maximum allowed size (proto-max-bulk-len)');
  }
  if (total > LAB_MAX_STRING_BYTES) {
    return err(
      `ERR the lab's Redis model keeps strings up to ${LAB_MAX_STRING_BYTES} bytes ` +
        `(this one would have ${total}); real Redis allows up to ${MAX_STRING_BYTES}`,
    );
  }
  return null;
}

export function append(c: Ctx, a: string[]): Reply {
  const key = a[1]!;
  const e = c.db.readString(key);
  if (e === null) return ERRORS.wrongType;
  if (e === undefined) {
    c.db.putString(key, a[2]!);
    return intReply(byteLength(a[2]!));
  }
  const total = byteLength(e.v) + byteLength(a[2]!);
  const bad = tooLong(total);
  if (bad !== null) return bad;
  e.v = joinBytes(e.v, a[2]!);
  e.enc = 'raw';
  c.db.touch(key);
  return intReply(total);
}

export function strlen(c: Ctx, a: string[]): Reply {
  const e = c.db.readString(a[1]!);
  if (e === undefined) return ZERO;
  if (e === null) return ERRORS.wrongType;
  return intReply(byteLength(e.v));
}

const EMPTY_BULK = bulk('');

/** GETRANGE and SUBSTR: bytes start..end, negative indexes from the end, clamped. */
export function getrange(c: Ctx, a: string[]): Reply {
  const s64 = parseInt64(a[2]!);
  if (s64 === null) return ERRORS.notInt;
  const e64 = parseInt64(a[3]!);
  if (e64 === null) return ERRORS.notInt;
  const e = c.db.readString(a[1]!);
  if (e === undefined) return EMPTY_BULK;
  if (e === null) return ERRORS.wrongType;
  const len = byteLength(e.v);
  let start = Number(s64);
  let end = Number(e64);
  if (start < 0 && end < 0 && start > end) return EMPTY_BULK;
  if (start < 0) start = len + start;
  if (end < 0) end = len + end;
  if (start < 0) start = 0;
  if (end < 0) end = 0;
  if (end >= len) end = len - 1;
  if (start > end || len === 0) return EMPTY_BULK;
  return bulk(byteSlice(e.v, start, end));
}

export function setrange(c: Ctx, a: string[]): Reply {
  const off = parseInt64(a[2]!);
  if (off === null) return ERRORS.notInt;
  if (off < 0n) return err('ERR offset is out of range');
  const value = a[3]!;
  const vlen = byteLength(value);
  const key = a[1]!;
  const e = c.db.readString(key);
  if (e === null) return ERRORS.wrongType;
  if (vlen === 0) return e === undefined ? ZERO : intReply(byteLength(e.v));
  const bad = tooLong(Number(off) + vlen);
  if (bad !== null) return bad;
  const offset = Number(off);
  const old = e === undefined ? '' : e.v;
  let next: string;
  if (isAscii(old) && isAscii(value)) {
    const padded = old.length < offset ? old + '\0'.repeat(offset - old.length) : old;
    next = padded.slice(0, offset) + value + padded.slice(offset + value.length);
  } else {
    const ob = toBytes(old);
    const vb = toBytes(value);
    const out = new Uint8Array(Math.max(ob.length, offset + vb.length));
    out.set(ob);
    out.set(vb, offset);
    next = fromBytes(out);
  }
  if (e === undefined) {
    c.db.put(key, { type: 'string', v: next, exp: -1, enc: 'raw' });
  } else {
    e.v = next;
    e.enc = 'raw';
    c.db.touch(key);
  }
  return intReply(byteLength(next));
}
