// Strings (Redis's t_string.c): GET, SET and its options, counters (INCR family, INCRBYFLOAT).
import { row, KEY1, KEY_VALUE_PAIRS, ALL_KEYS, type CommandRow, type Ctx } from '../command';
import {
  addLongDouble,
  formatLongDouble,
  INT64_MAX,
  INT64_MIN,
  parseInt64,
  parseLongDouble,
  type LongDouble,
} from '../numfmt';
import { arr, bulk, err, int, NIL, OK, type Reply } from '../reply';
import { arityError, ERRORS, expireTimeError, ONE, ZERO } from '../shared';

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
  let when = -1;
  if (expire !== null) {
    const v = parseInt64(expire);
    if (v === null) return ERRORS.notInt;
    const seconds = (flags & (EX | EXAT)) !== 0;
    if (v <= 0n || (seconds && v > INT64_MAX / 1000n)) return expireTimeError('set');
    let ms = seconds ? v * 1000n : v;
    if ((flags & (EX | PX)) !== 0) ms += BigInt(c.db.nowMs());
    if (ms <= 0n || ms > INT64_MAX) return expireTimeError('set');
    when = Number(ms);
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
  const exp = flags & KEEPTTL && e !== undefined ? e.exp : when;
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
    c.db.touch(key);
  } else c.db.putString(key, s);
  return bulk(s);
}

const def = (
  name: string,
  arity: number,
  flags: string,
  keys: typeof KEY1,
  args: string,
  summary: string,
  since: string,
  impl: (c: Ctx, a: string[]) => Reply,
): CommandRow => row('string', name, arity, flags, keys, args, summary, since, impl);

export const STRING_COMMANDS: readonly CommandRow[] = [
  def(
    'get',
    2,
    'readonly fast',
    KEY1,
    'key',
    'The string value of a key, or nil (false in Lua).',
    '1.0.0',
    get,
  ),
  def(
    'set',
    -3,
    'write denyoom',
    KEY1,
    'key value [NX | XX] [GET] [EX seconds | PX milliseconds | EXAT unix-time-seconds | PXAT unix-time-milliseconds | KEEPTTL]',
    'Set a string value, optionally only if absent (NX) or present (XX), with an expiry.',
    '1.0.0',
    set,
  ),
  def(
    'setnx',
    3,
    'write denyoom fast',
    KEY1,
    'key value',
    'Set only if the key does not exist; 1 if set, 0 if not.',
    '1.0.0',
    setnx,
  ),
  def(
    'mget',
    -2,
    'readonly fast',
    ALL_KEYS,
    'key [key ...]',
    'Values of several keys (nil for missing or non-string keys).',
    '1.0.0',
    mget,
  ),
  def(
    'mset',
    -3,
    'write denyoom',
    KEY_VALUE_PAIRS,
    'key value [key value ...]',
    'Set several string values at once.',
    '1.0.1',
    mset,
  ),
  def(
    'incr',
    2,
    'write denyoom fast',
    KEY1,
    'key',
    'Add 1 to an integer value (a missing key counts as 0); returns the new value.',
    '1.0.0',
    (c, a) => incrDecr(c, a[1]!, 1n),
  ),
  def(
    'decr',
    2,
    'write denyoom fast',
    KEY1,
    'key',
    'Subtract 1; returns the new value.',
    '1.0.0',
    (c, a) => incrDecr(c, a[1]!, -1n),
  ),
  def(
    'incrby',
    3,
    'write denyoom fast',
    KEY1,
    'key increment',
    'Add an integer; returns the new value.',
    '1.0.0',
    (c, a) => {
      const by = parseInt64(a[2]!);
      return by === null ? ERRORS.notInt : incrDecr(c, a[1]!, by);
    },
  ),
  def(
    'decrby',
    3,
    'write denyoom fast',
    KEY1,
    'key decrement',
    'Subtract an integer; returns the new value.',
    '1.0.0',
    (c, a) => {
      const by = parseInt64(a[2]!);
      if (by === null) return ERRORS.notInt;
      if (by === INT64_MIN) return err('ERR decrement would overflow');
      return incrDecr(c, a[1]!, -by);
    },
  ),
  def(
    'incrbyfloat',
    3,
    'write denyoom fast',
    KEY1,
    'key increment',
    'Add a float; returns the new value as a string.',
    '2.6.0',
    incrbyfloat,
  ),
];
