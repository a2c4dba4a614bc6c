// Strings (Redis's t_string.c): GET, SET and its options, counters (INCR family, INCRBYFLOAT),
// byte ranges (GETRANGE, SETRANGE, APPEND, STRLEN) and LCS. Lengths and offsets count UTF-8
// bytes, as Redis does (bytes.ts).
import { ALL_KEYS, KEY1, KEY_VALUE_PAIRS, command, type CommandRow, type Ctx } from '../command';
import {
  byteLength,
  byteSlice,
  fromBytes,
  joinBytes,
  isAscii,
  LAB_MAX_STRING_BYTES,
  MAX_STRING_BYTES,
  toBytes,
} from '../bytes';
import {
  addLongDouble,
  formatLongDouble,
  INT64_MAX,
  INT64_MIN,
  parseInt64,
  parseLongDouble,
  type LongDouble,
} from '../numfmt';
import { expiryOf, setExpiry, type StringEntry } from '../keyspace';
import { arr, bulk, err, int, NIL, OK, type Reply } from '../reply';
import { arityError, ERRORS, expireTimeError, intReply, ONE, ZERO } from '../shared';

function get(c: Ctx, a: string[]): Reply {
  const e = c.db.readString(a[1]!);
  if (e === undefined) return NIL;
  if (e === null) return ERRORS.wrongType;
  return bulk(e.v);
}

function set(c: Ctx, a: string[]): Reply {
  const NX = 1;
  const XX = 2;
  const GET = 4;
  const KEEPTTL = 8;
  const EX = 16;
  const PX = 32;
  const EXAT = 64;
  const PXAT = 128;
  let flags = 0;
  let expire: string | null = null;
  for (let j = 3; j < a.length; j++) {
    const opt = a[j]!.toLowerCase();
    const hasNext = j < a.length - 1;
    if (opt === 'nx' && !(flags & XX)) flags |= NX;
    else if (opt === 'xx' && !(flags & NX)) flags |= XX;
    else if (opt === 'get') flags |= GET;
    else if (opt === 'keepttl' && !(flags & (EX | PX | EXAT | PXAT))) flags |= KEEPTTL;
    else if (opt === 'ex' && !(flags & (KEEPTTL | EXAT | PX | PXAT)) && hasNext) {
      flags |= EX;
      expire = a[++j]!;
    } else if (opt === 'px' && !(flags & (KEEPTTL | EX | EXAT | PXAT)) && hasNext) {
      flags |= PX;
      expire = a[++j]!;
    } else if (opt === 'exat' && !(flags & (KEEPTTL | EX | PX | PXAT)) && hasNext) {
      flags |= EXAT;
      expire = a[++j]!;
    } else if (opt === 'pxat' && !(flags & (KEEPTTL | EX | EXAT | PX)) && hasNext) {
      flags |= PXAT;
      expire = a[++j]!;
    } else return ERRORS.syntax;
  }
  let when: number | bigint = -1;
  if (expire !== null) {
    const v = parseInt64(expire);
    if (v === null) return ERRORS.notInt;
    const seconds = (flags & (EX | EXAT)) !== 0;
    if (v <= 0n || (seconds && v > INT64_MAX / 1000n)) return expireTimeError('set');
    let ms = seconds ? v * 1000n : v;
    if ((flags & (EX | PX)) !== 0) ms += BigInt(c.db.nowMs());
    if (ms <= 0n || ms > INT64_MAX) return expireTimeError('set');
    when = ms;
  }
  const key = a[1]!;
  const e = c.db.lookup(key);
  let old: Reply | null = null;
  if (flags & GET) {
    if (e === undefined) old = NIL;
    else if (e.type !== 'string') return ERRORS.wrongType;
    else old = bulk(e.v);
  }
  if ((flags & NX && e !== undefined) || (flags & XX && e === undefined)) {
    return old ?? NIL;
  }
  const exp = flags & KEEPTTL && e !== undefined ? expiryOf(e) : when;
  c.db.putString(key, a[2]!, exp);
  return old ?? OK;
}

function setnx(c: Ctx, a: string[]): Reply {
  const key = a[1]!;
  if (c.db.lookup(key) !== undefined) return ZERO;
  c.db.putString(key, a[2]!);
  return ONE;
}

function mget(c: Ctx, a: string[]): Reply {
  const out: Reply[] = [];
  for (let i = 1; i < a.length; i++) {
    const e = c.db.lookup(a[i]!);
    out.push(e === undefined || e.type !== 'string' ? NIL : bulk(e.v));
  }
  return arr(out);
}

function mset(c: Ctx, a: string[]): Reply {
  if (a.length % 2 === 0) return arityError('mset');
  for (let i = 1; i < a.length; i += 2) c.db.putString(a[i]!, a[i + 1]!);
  return OK;
}

function incrDecr(c: Ctx, key: string, by: bigint): Reply {
  const e = c.db.readString(key);
  if (e === null) return ERRORS.wrongType;
  let cur = 0n;
  if (e !== undefined) {
    const v = parseInt64(e.v);
    if (v === null) return ERRORS.notInt;
    cur = v;
  }
  if (
    (by < 0n && cur < 0n && by < INT64_MIN - cur) ||
    (by > 0n && cur > 0n && by > INT64_MAX - cur)
  ) {
    return ERRORS.overflow;
  }
  const next = cur + by;
  if (e !== undefined) {
    e.v = next.toString();
    // (Only touch enc where it is set: adding the property would change every entry's shape.)
    if (e.enc !== undefined) e.enc = undefined;
    c.db.touch(key);
  } else c.db.putString(key, next.toString());
  return int(next);
}

function incrbyfloat(c: Ctx, a: string[]): Reply {
  const key = a[1]!;
  const e = c.db.readString(key);
  if (e === null) return ERRORS.wrongType;
  const cur: LongDouble | 'inf' | '-inf' | null =
    e === undefined ? { m: 0n, e: 0 } : parseLongDouble(e.v);
  if (cur === null) return ERRORS.notFloat;
  const by = parseLongDouble(a[2]!);
  if (by === null) return ERRORS.notFloat;
  if (typeof cur === 'string' || typeof by === 'string') return ERRORS.nanOrInf;
  const sum = addLongDouble(cur, by);
  if (sum === 'inf') return ERRORS.nanOrInf;
  const s = formatLongDouble(sum);
  if (e !== undefined) {
    e.v = s;
    e.enc = 'float';
    c.db.touch(key);
  } else {
    c.db.putString(key, s);
    (c.db.readString(key) as StringEntry).enc = 'float';
  }
  return bulk(s);
}

/**
 * getExpireMillisecondsOrReply: an EX/PX/EXAT/PXAT argument as an absolute Unix time in ms, or
 * the error Redis answers (`name` is the command in "invalid expire time in '...'").
 */
function expireAt(
  c: Ctx,
  arg: string,
  seconds: boolean,
  relative: boolean,
  name: string,
): bigint | Reply {
  const v = parseInt64(arg);
  if (v === null) return ERRORS.notInt;
  if (v <= 0n || (seconds && v > INT64_MAX / 1000n)) return expireTimeError(name);
  let ms = seconds ? v * 1000n : v;
  if (relative) ms += BigInt(c.db.nowMs());
  if (ms <= 0n || ms > INT64_MAX) return expireTimeError(name);
  return ms;
}

/** SETEX and PSETEX: SET with EX / PX. */
function setex(c: Ctx, a: string[], seconds: boolean): Reply {
  const when = expireAt(c, a[2]!, seconds, true, seconds ? 'setex' : 'psetex');
  if (typeof when !== 'bigint') return when;
  c.db.putString(a[1]!, a[3]!, when);
  return OK;
}

function getdel(c: Ctx, a: string[]): Reply {
  const key = a[1]!;
  const e = c.db.readString(key);
  if (e === undefined) return NIL;
  if (e === null) return ERRORS.wrongType;
  c.db.del(key);
  return bulk(e.v);
}

function getset(c: Ctx, a: string[]): Reply {
  const key = a[1]!;
  const e = c.db.readString(key);
  if (e === null) return ERRORS.wrongType;
  c.db.putString(key, a[2]!);
  return e === undefined ? NIL : bulk(e.v);
}

function getex(c: Ctx, a: string[]): Reply {
  let kind: '' | 'ex' | 'px' | 'exat' | 'pxat' | 'persist' = '';
  let expire: string | null = null;
  for (let j = 2; j < a.length; j++) {
    const opt = a[j]!.toLowerCase();
    const hasNext = j < a.length - 1;
    if (opt === 'persist' && (kind === '' || kind === 'persist')) kind = 'persist';
    else if (
      (opt === 'ex' || opt === 'px' || opt === 'exat' || opt === 'pxat') &&
      (kind === '' || kind === opt) &&
      hasNext
    ) {
      kind = opt;
      expire = a[++j]!;
    } else return ERRORS.syntax;
  }
  const key = a[1]!;
  const e = c.db.readString(key);
  if (e === undefined) return NIL;
  if (e === null) return ERRORS.wrongType;
  let when = -1n;
  if (expire !== null) {
    const w = expireAt(
      c,
      expire,
      kind === 'ex' || kind === 'exat',
      kind === 'ex' || kind === 'px',
      'getex',
    );
    if (typeof w !== 'bigint') return w;
    when = w;
  }
  const reply = bulk(e.v);
  if ((kind === 'exat' || kind === 'pxat') && when <= BigInt(c.db.nowMs())) c.db.del(key);
  else if (expire !== null) {
    setExpiry(e, when);
    c.db.touch(key);
  } else if (kind === 'persist' && e.exp >= 0) {
    setExpiry(e, -1);
    c.db.touch(key);
  }
  return reply;
}

function msetnx(c: Ctx, a: string[]): Reply {
  if (a.length % 2 === 0) return arityError('msetnx');
  for (let i = 1; i < a.length; i += 2) if (c.db.lookup(a[i]!) !== undefined) return ZERO;
  for (let i = 1; i < a.length; i += 2) c.db.putString(a[i]!, a[i + 1]!);
  return ONE;
}

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

function append(c: Ctx, a: string[]): Reply {
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

function strlen(c: Ctx, a: string[]): Reply {
  const e = c.db.readString(a[1]!);
  if (e === undefined) return ZERO;
  if (e === null) return ERRORS.wrongType;
  return intReply(byteLength(e.v));
}

const EMPTY_BULK = bulk('');

/** GETRANGE and SUBSTR: bytes start..end, negative indexes from the end, clamped. */
function getrange(c: Ctx, a: string[]): Reply {
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

function setrange(c: Ctx, a: string[]): Reply {
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

/** LCS key1 key2 [LEN] [IDX] [MINMATCHLEN len] [WITHMATCHLEN], over bytes as in Redis. */
function lcs(c: Ctx, a: string[]): Reply {
  const ea = c.db.lookup(a[1]!);
  const eb = c.db.lookup(a[2]!);
  if ((ea !== undefined && ea.type !== 'string') || (eb !== undefined && eb.type !== 'string')) {
    return err('ERR The specified keys must contain string values');
  }
  let getlen = false;
  let getidx = false;
  let withmatchlen = false;
  let minmatchlen = 0;
  for (let j = 3; j < a.length; j++) {
    const opt = a[j]!.toLowerCase();
    if (opt === 'idx') getidx = true;
    else if (opt === 'len') getlen = true;
    else if (opt === 'withmatchlen') withmatchlen = true;
    else if (opt === 'minmatchlen' && j < a.length - 1) {
      const n = parseInt64(a[j + 1]!);
      if (n === null) return ERRORS.notInt;
      minmatchlen = n < 0n ? 0 : Number(n);
      j++;
    } else return ERRORS.syntax;
  }
  if (getlen && getidx) {
    return err('ERR If you want both the length and indexes, please just use IDX.');
  }
  const x = toBytes(ea === undefined ? '' : (ea.v as string));
  const y = toBytes(eb === undefined ? '' : (eb.v as string));
  const alen = x.length;
  const blen = y.length;
  const cells = (alen + 1) * (blen + 1);
  if (cells * 4 > MAX_STRING_BYTES) {
    return err('ERR Insufficient memory, transient memory for LCS exceeds proto-max-bulk-len');
  }
  let t: Uint32Array;
  try {
    t = new Uint32Array(cells);
  } catch (_e) {
    return err('ERR Insufficient memory, failed allocating transient memory for LCS');
  }
  const w = blen + 1;
  for (let i = 1; i <= alen; i++) {
    for (let j = 1; j <= blen; j++) {
      if (x[i - 1] === y[j - 1]) t[i * w + j] = t[(i - 1) * w + j - 1]! + 1;
      else {
        const l1 = t[(i - 1) * w + j]!;
        const l2 = t[i * w + j - 1]!;
        t[i * w + j] = l1 > l2 ? l1 : l2;
      }
    }
  }
  const total = t[alen * w + blen]!;
  if (getlen) return intReply(total);
  const result = new Uint8Array(total);
  let idx = total;
  const matches: Reply[] = [];
  let aStart = alen;
  let aEnd = 0;
  let bStart = 0;
  let bEnd = 0;
  let i = alen;
  let j = blen;
  while (i > 0 && j > 0) {
    let emit = false;
    if (x[i - 1] === y[j - 1]) {
      result[idx - 1] = x[i - 1]!;
      if (aStart === alen) {
        aStart = i - 1;
        aEnd = i - 1;
        bStart = j - 1;
        bEnd = j - 1;
      } else if (aStart === i && bStart === j) {
        aStart--;
        bStart--;
      } else emit = true;
      if (aStart === 0 || bStart === 0) emit = true;
      idx--;
      i--;
      j--;
    } else {
      const l1 = t[(i - 1) * w + j]!;
      const l2 = t[i * w + j - 1]!;
      if (l1 > l2) i--;
      else j--;
      if (aStart !== alen) emit = true;
    }
    const matchLen = aEnd - aStart + 1;
    if (emit) {
      if (getidx && (minmatchlen === 0 || matchLen >= minmatchlen)) {
        const m: Reply[] = [
          arr([intReply(aStart), intReply(aEnd)]),
          arr([intReply(bStart), intReply(bEnd)]),
        ];
        if (withmatchlen) m.push(intReply(matchLen));
        matches.push(arr(m));
      }
      aStart = alen;
    }
  }
  if (getidx) return arr([bulk('matches'), arr(matches), bulk('len'), intReply(total)]);
  return bulk(fromBytes(result));
}

export const STRING_COMMANDS: readonly CommandRow[] = [
  command({
    group: 'string',
    name: 'get',
    arity: 2,
    flags: 'readonly fast',
    keys: KEY1,
    args: 'key',
    summary: 'The string value of a key, or nil (false in Lua).',
    since: '1.0.0',
    run: get,
  }),
  command({
    group: 'string',
    name: 'set',
    arity: -3,
    flags: 'write denyoom',
    keys: KEY1,
    args: 'key value [NX | XX] [GET] [EX seconds | PX milliseconds | EXAT unix-time-seconds | PXAT unix-time-milliseconds | KEEPTTL]',
    summary: 'Set a string value, optionally only if absent (NX) or present (XX), with an expiry.',
    since: '1.0.0',
    run: set,
  }),
  command({
    group: 'string',
    name: 'setnx',
    arity: 3,
    flags: 'write denyoom fast',
    keys: KEY1,
    args: 'key value',
    summary: 'Set only if the key does not exist; 1 if set, 0 if not.',
    since: '1.0.0',
    run: setnx,
  }),
  command({
    group: 'string',
    name: 'mget',
    arity: -2,
    flags: 'readonly fast',
    keys: ALL_KEYS,
    args: 'key [key ...]',
    summary: 'Values of several keys (nil for missing or non-string keys).',
    since: '1.0.0',
    run: mget,
  }),
  command({
    group: 'string',
    name: 'mset',
    arity: -3,
    flags: 'write denyoom',
    keys: KEY_VALUE_PAIRS,
    args: 'key value [key value ...]',
    summary: 'Set several string values at once.',
    since: '1.0.1',
    run: mset,
  }),
  command({
    group: 'string',
    name: 'incr',
    arity: 2,
    flags: 'write denyoom fast',
    keys: KEY1,
    args: 'key',
    summary: 'Add 1 to an integer value (a missing key counts as 0); returns the new value.',
    since: '1.0.0',
    run: (c, a) => incrDecr(c, a[1]!, 1n),
  }),
  command({
    group: 'string',
    name: 'decr',
    arity: 2,
    flags: 'write denyoom fast',
    keys: KEY1,
    args: 'key',
    summary: 'Subtract 1; returns the new value.',
    since: '1.0.0',
    run: (c, a) => incrDecr(c, a[1]!, -1n),
  }),
  command({
    group: 'string',
    name: 'incrby',
    arity: 3,
    flags: 'write denyoom fast',
    keys: KEY1,
    args: 'key increment',
    summary: 'Add an integer; returns the new value.',
    since: '1.0.0',
    run: (c, a) => {
      const by = parseInt64(a[2]!);
      return by === null ? ERRORS.notInt : incrDecr(c, a[1]!, by);
    },
  }),
  command({
    group: 'string',
    name: 'decrby',
    arity: 3,
    flags: 'write denyoom fast',
    keys: KEY1,
    args: 'key decrement',
    summary: 'Subtract an integer; returns the new value.',
    since: '1.0.0',
    run: (c, a) => {
      const by = parseInt64(a[2]!);
      if (by === null) return ERRORS.notInt;
      if (by === INT64_MIN) return err('ERR decrement would overflow');
      return incrDecr(c, a[1]!, -by);
    },
  }),
  command({
    group: 'string',
    name: 'incrbyfloat',
    arity: 3,
    flags: 'write denyoom fast',
    keys: KEY1,
    args: 'key increment',
    summary: 'Add a float; returns the new value as a string.',
    since: '2.6.0',
    run: incrbyfloat,
  }),
  command({
    group: 'string',
    name: 'setex',
    arity: 4,
    flags: 'write denyoom',
    keys: KEY1,
    args: 'key seconds value',
    summary: 'SET with a time to live in seconds (SET key value EX seconds).',
    since: '2.0.0',
    run: (c, a) => setex(c, a, true),
  }),
  command({
    group: 'string',
    name: 'psetex',
    arity: 4,
    flags: 'write denyoom',
    keys: KEY1,
    args: 'key milliseconds value',
    summary: 'SET with a time to live in milliseconds.',
    since: '2.6.0',
    run: (c, a) => setex(c, a, false),
  }),
  command({
    group: 'string',
    name: 'getset',
    arity: 3,
    flags: 'write denyoom fast',
    keys: KEY1,
    args: 'key value',
    summary: 'Set a new value and return the old one (nil if none); drops the TTL.',
    since: '1.0.0',
    run: getset,
  }),
  command({
    group: 'string',
    name: 'getdel',
    arity: 2,
    flags: 'write fast',
    keys: KEY1,
    args: 'key',
    summary: 'Return the value and delete the key.',
    since: '6.2.0',
    run: getdel,
  }),
  command({
    group: 'string',
    name: 'getex',
    arity: -2,
    flags: 'write fast',
    keys: KEY1,
    args: 'key [EX seconds | PX milliseconds | EXAT unix-time-seconds | PXAT unix-time-milliseconds | PERSIST]',
    summary: 'Return the value and set or remove its time to live.',
    since: '6.2.0',
    run: getex,
  }),
  command({
    group: 'string',
    name: 'msetnx',
    arity: -3,
    flags: 'write denyoom',
    keys: KEY_VALUE_PAIRS,
    args: 'key value [key value ...]',
    summary: 'Set several keys only if none of them exists; 1 if set, 0 if not.',
    since: '1.0.1',
    run: msetnx,
  }),
  command({
    group: 'string',
    name: 'append',
    arity: 3,
    flags: 'write denyoom fast',
    keys: KEY1,
    args: 'key value',
    summary: 'Append to a string (a missing key counts as ""); returns the new length in bytes.',
    since: '2.0.0',
    run: append,
  }),
  command({
    group: 'string',
    name: 'strlen',
    arity: 2,
    flags: 'readonly fast',
    keys: KEY1,
    args: 'key',
    summary: 'Length of a string value in bytes (0 if missing).',
    since: '2.2.0',
    run: strlen,
  }),
  command({
    group: 'string',
    name: 'getrange',
    arity: 4,
    flags: 'readonly',
    keys: KEY1,
    args: 'key start end',
    summary: 'Bytes start..end of a string (negative: from the end, both inclusive).',
    since: '2.4.0',
    run: getrange,
  }),
  command({
    group: 'string',
    name: 'substr',
    arity: 4,
    flags: 'readonly',
    keys: KEY1,
    args: 'key start end',
    summary: 'The old name of GETRANGE.',
    since: '1.0.0',
    run: getrange,
  }),
  command({
    group: 'string',
    name: 'setrange',
    arity: 4,
    flags: 'write denyoom',
    keys: KEY1,
    args: 'key offset value',
    summary: 'Overwrite bytes from offset (padding with zero bytes); returns the new length.',
    since: '2.2.0',
    run: setrange,
  }),
  command({
    group: 'string',
    name: 'lcs',
    arity: -3,
    flags: 'readonly',
    keys: [{ index: 1, lastKey: 1, step: 1 }],
    args: 'key1 key2 [LEN] [IDX] [MINMATCHLEN min-match-len] [WITHMATCHLEN]',
    summary:
      'The longest common subsequence of two strings, its length (LEN) or where it matches (IDX).',
    since: '7.0.0',
    run: lcs,
  }),
];
