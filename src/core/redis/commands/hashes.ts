// Hashes (Redis's t_hash.c). A Map keeps fields in insertion order, as a small hash's listpack
// does in Redis.
import { command, KEY1, type CommandRow, type Ctx } from '../command';
import {
  addLongDouble,
  formatLongDouble,
  INT64_MAX,
  INT64_MIN,
  parseInt64,
  parseLongDouble,
  type LongDouble,
} from '../numfmt';
import { byteLength } from '../bytes';
import { isHashTable, noteHashWrite } from '../encoding';
import { parseScan, scanReply } from '../scan';
import { arr, bulk, err, int, NIL, OK, type Reply } from '../reply';
import { arityError, EMPTY, ERRORS, intReply, ONE, ZERO } from '../shared';

/** HDEL and ZREM: remove the members a[2..] from a hash or sorted set; an emptied key goes. */
export function removeMembers(
  c: Ctx,
  key: string,
  coll: { delete(member: string): boolean; readonly size: number },
  a: string[],
): Reply {
  let n = 0;
  for (let i = 2; i < a.length; i++) {
    if (coll.delete(a[i]!)) {
      n++;
      if (coll.size === 0) break;
    }
  }
  if (n > 0) {
    c.db.dropIfEmpty(key, coll.size);
    c.db.touch(key);
  }
  return intReply(n);
}

function hset(c: Ctx, a: string[], legacy: boolean): Reply {
  if (a.length % 2 === 1) return arityError(legacy ? 'hmset' : 'hset');
  const key = a[1]!;
  const h = c.db.writeHash(key);
  if (h === null) return ERRORS.wrongType;
  let created = 0;
  for (let i = 2; i < a.length; i += 2) {
    const f = a[i]!;
    if (!h.has(f)) created++;
    h.set(f, a[i + 1]!);
    noteHashWrite(h, f, a[i + 1]!);
  }
  c.db.touch(key);
  return legacy ? OK : intReply(created);
}

function hget(c: Ctx, a: string[]): Reply {
  const h = c.db.readHash(a[1]!);
  if (h === null) return ERRORS.wrongType;
  const v = h?.get(a[2]!);
  return v === undefined ? NIL : bulk(v);
}

function hmget(c: Ctx, a: string[]): Reply {
  const h = c.db.readHash(a[1]!);
  if (h === null) return ERRORS.wrongType;
  const out: Reply[] = [];
  for (let i = 2; i < a.length; i++) {
    const v = h?.get(a[i]!);
    out.push(v === undefined ? NIL : bulk(v));
  }
  return arr(out);
}

function hgetall(c: Ctx, a: string[]): Reply {
  const h = c.db.readHash(a[1]!);
  if (h === null) return ERRORS.wrongType;
  if (h === undefined) return EMPTY;
  const out: Reply[] = [];
  for (const [f, v] of h) out.push(bulk(f), bulk(v));
  return arr(out);
}

function hkeys(c: Ctx, a: string[]): Reply {
  const h = c.db.readHash(a[1]!);
  if (h === null) return ERRORS.wrongType;
  return h === undefined ? EMPTY : arr([...h.keys()].map(bulk));
}

function hvals(c: Ctx, a: string[]): Reply {
  const h = c.db.readHash(a[1]!);
  if (h === null) return ERRORS.wrongType;
  return h === undefined ? EMPTY : arr([...h.values()].map(bulk));
}

function hlen(c: Ctx, a: string[]): Reply {
  const h = c.db.readHash(a[1]!);
  if (h === null) return ERRORS.wrongType;
  return intReply(h === undefined ? 0 : h.size);
}

function hexists(c: Ctx, a: string[]): Reply {
  const h = c.db.readHash(a[1]!);
  if (h === null) return ERRORS.wrongType;
  return h !== undefined && h.has(a[2]!) ? ONE : ZERO;
}

function hdel(c: Ctx, a: string[]): Reply {
  const key = a[1]!;
  const h = c.db.readHash(key);
  if (h === null) return ERRORS.wrongType;
  return h === undefined ? ZERO : removeMembers(c, key, h, a);
}

function hsetnx(c: Ctx, a: string[]): Reply {
  const h = c.db.writeHash(a[1]!);
  if (h === null) return ERRORS.wrongType;
  if (h.has(a[2]!)) return ZERO;
  h.set(a[2]!, a[3]!);
  noteHashWrite(h, a[2]!, a[3]!);
  c.db.touch(a[1]!);
  return ONE;
}

function hincrby(c: Ctx, a: string[]): Reply {
  const by = parseInt64(a[3]!);
  if (by === null) return ERRORS.notInt;
  const key = a[1]!;
  const h = c.db.writeHash(key);
  if (h === null) return ERRORS.wrongType;
  const field = a[2]!;
  const old = h.get(field);
  let cur = 0n;
  if (old !== undefined) {
    const v = parseInt64(old);
    if (v === null) return err('ERR hash value is not an integer');
    cur = v;
  }
  if (
    (by < 0n && cur < 0n && by < INT64_MIN - cur) ||
    (by > 0n && cur > 0n && by > INT64_MAX - cur)
  ) {
    return ERRORS.overflow;
  }
  const next = cur + by;
  h.set(field, next.toString());
  noteHashWrite(h, field, next.toString());
  c.db.touch(key);
  return int(next);
}

function hincrbyfloat(c: Ctx, a: string[]): Reply {
  const by = parseLongDouble(a[3]!);
  if (by === null) return ERRORS.notFloat;
  if (typeof by === 'string') return err('ERR value is NaN or Infinity');
  const key = a[1]!;
  const h = c.db.writeHash(key);
  if (h === null) return ERRORS.wrongType;
  const field = a[2]!;
  const old = h.get(field);
  let cur: LongDouble = { m: 0n, e: 0 };
  if (old !== undefined) {
    const v = parseLongDouble(old);
    if (v === null) return err('ERR hash value is not a float');
    if (typeof v === 'string') return ERRORS.nanOrInf;
    cur = v;
  }
  const sum = addLongDouble(cur, by);
  if (sum === 'inf') return ERRORS.nanOrInf;
  const s = formatLongDouble(sum);
  h.set(field, s);
  noteHashWrite(h, field, s);
  c.db.touch(key);
  return bulk(s);
}

function hstrlen(c: Ctx, a: string[]): Reply {
  const h = c.db.readHash(a[1]!);
  if (h === null) return ERRORS.wrongType;
  const v = h?.get(a[2]!);
  return v === undefined ? ZERO : intReply(byteLength(v));
}

function hscan(c: Ctx, a: string[]): Reply {
  const sc = parseScan(a, 2, false);
  if ('t' in sc) return sc;
  const h = c.db.readHash(a[1]!);
  if (h === null) return ERRORS.wrongType;
  if (h === undefined || (isHashTable(h) && sc.cursor !== 0n)) return scanReply([], sc, true);
  const items: string[] = [];
  for (const [f, v] of h) items.push(f, v);
  return scanReply(items, sc, true);
}

export const HASH_COMMANDS: readonly CommandRow[] = [
  command({
    group: 'hash',
    name: 'hset',
    arity: -4,
    flags: 'write denyoom fast',
    keys: KEY1,
    args: 'key field value [field value ...]',
    summary: 'Set hash fields; returns how many were new.',
    since: '2.0.0',
    run: (c, a) => hset(c, a, false),
  }),
  command({
    group: 'hash',
    name: 'hmset',
    arity: -4,
    flags: 'write denyoom fast',
    keys: KEY1,
    args: 'key field value [field value ...]',
    summary: 'Set hash fields; replies OK (the older form of HSET).',
    since: '2.0.0',
    run: (c, a) => hset(c, a, true),
  }),
  command({
    group: 'hash',
    name: 'hget',
    arity: 3,
    flags: 'readonly fast',
    keys: KEY1,
    args: 'key field',
    summary: 'One hash field, or nil.',
    since: '2.0.0',
    run: hget,
  }),
  command({
    group: 'hash',
    name: 'hmget',
    arity: -3,
    flags: 'readonly fast',
    keys: KEY1,
    args: 'key field [field ...]',
    summary: 'Several hash fields (nil for missing ones: false in Lua).',
    since: '2.0.0',
    run: hmget,
  }),
  command({
    group: 'hash',
    name: 'hgetall',
    arity: 2,
    flags: 'readonly',
    keys: KEY1,
    args: 'key',
    summary: 'Every field and value, flat: {f1, v1, f2, v2, ...}.',
    since: '2.0.0',
    run: hgetall,
  }),
  command({
    group: 'hash',
    name: 'hkeys',
    arity: 2,
    flags: 'readonly',
    keys: KEY1,
    args: 'key',
    summary: 'Every field name.',
    since: '2.0.0',
    run: hkeys,
  }),
  command({
    group: 'hash',
    name: 'hvals',
    arity: 2,
    flags: 'readonly',
    keys: KEY1,
    args: 'key',
    summary: 'Every value.',
    since: '2.0.0',
    run: hvals,
  }),
  command({
    group: 'hash',
    name: 'hlen',
    arity: 2,
    flags: 'readonly fast',
    keys: KEY1,
    args: 'key',
    summary: 'Number of fields.',
    since: '2.0.0',
    run: hlen,
  }),
  command({
    group: 'hash',
    name: 'hexists',
    arity: 3,
    flags: 'readonly fast',
    keys: KEY1,
    args: 'key field',
    summary: '1 if the field exists.',
    since: '2.0.0',
    run: hexists,
  }),
  command({
    group: 'hash',
    name: 'hdel',
    arity: -3,
    flags: 'write fast',
    keys: KEY1,
    args: 'key field [field ...]',
    summary: 'Delete hash fields; returns how many existed.',
    since: '2.0.0',
    run: hdel,
  }),
  command({
    group: 'hash',
    name: 'hsetnx',
    arity: 4,
    flags: 'write denyoom fast',
    keys: KEY1,
    args: 'key field value',
    summary: 'Set a field only if it does not exist.',
    since: '2.0.0',
    run: hsetnx,
  }),
  command({
    group: 'hash',
    name: 'hincrby',
    arity: 4,
    flags: 'write denyoom fast',
    keys: KEY1,
    args: 'key field increment',
    summary: 'Add an integer to a hash field.',
    since: '2.0.0',
    run: hincrby,
  }),
  command({
    group: 'hash',
    name: 'hincrbyfloat',
    arity: 4,
    flags: 'write denyoom fast',
    keys: KEY1,
    args: 'key field increment',
    summary: 'Add a float to a hash field.',
    since: '2.6.0',
    run: hincrbyfloat,
  }),
  command({
    group: 'hash',
    name: 'hstrlen',
    arity: 3,
    flags: 'readonly fast',
    keys: KEY1,
    args: 'key field',
    summary: "Length of a field's value in bytes (0 if missing).",
    since: '3.2.0',
    run: hstrlen,
  }),
  command({
    group: 'hash',
    name: 'hscan',
    arity: -3,
    flags: 'readonly',
    keys: KEY1,
    args: 'key cursor [MATCH pattern] [COUNT count]',
    summary: 'Iterate fields and values: [next cursor, [f1, v1, ...]] (the lab answers in one go).',
    since: '2.8.0',
    run: hscan,
  }),
];
