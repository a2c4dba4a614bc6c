// Sets (Redis's t_set.c), without the random ones (SPOP, SRANDMEMBER). Replies list members in
// the order Redis iterates them: an intset ascending, a hash table in the model's insertion
// order (Redis's own is unspecified: compare those as multisets).
import {
  ALL_KEYS,
  keynum,
  KEY1,
  KEY1_2,
  command,
  type CommandRow,
  type Ctx,
  type KeySpec,
} from '../command';
import { parseInt64 } from '../numfmt';
import { arr, bulk, err, type Reply } from '../reply';
import { parseScan, scanReply } from '../scan';
import { RSet } from '../set';
import { EMPTY, ERRORS, intReply, ONE, ZERO } from '../shared';

function sadd(c: Ctx, a: string[]): Reply {
  const key = a[1]!;
  const s = c.db.writeSet(key, a[2]!);
  if (s === null) return ERRORS.wrongType;
  let added = 0;
  for (let i = 2; i < a.length; i++) if (s.add(a[i]!)) added++;
  if (added > 0) c.db.touch(key);
  return intReply(added);
}

function srem(c: Ctx, a: string[]): Reply {
  const key = a[1]!;
  const s = c.db.readSet(key);
  if (s === undefined) return ZERO;
  if (s === null) return ERRORS.wrongType;
  let removed = 0;
  for (let i = 2; i < a.length; i++) {
    if (s.delete(a[i]!)) {
      removed++;
      if (s.size === 0) break;
    }
  }
  c.db.dropIfEmpty(key, s.size);
  if (removed > 0) c.db.touch(key);
  return intReply(removed);
}

function sismember(c: Ctx, a: string[]): Reply {
  const s = c.db.readSet(a[1]!);
  if (s === null) return ERRORS.wrongType;
  return s !== undefined && s.has(a[2]!) ? ONE : ZERO;
}

function smismember(c: Ctx, a: string[]): Reply {
  const s = c.db.readSet(a[1]!);
  if (s === null) return ERRORS.wrongType;
  const out: Reply[] = [];
  for (let i = 2; i < a.length; i++) out.push(s !== undefined && s.has(a[i]!) ? ONE : ZERO);
  return arr(out);
}

function smembers(c: Ctx, a: string[]): Reply {
  const s = c.db.readSet(a[1]!);
  if (s === null) return ERRORS.wrongType;
  return s === undefined ? EMPTY : arr(s.items().map(bulk));
}

function scard(c: Ctx, a: string[]): Reply {
  const s = c.db.readSet(a[1]!);
  if (s === null) return ERRORS.wrongType;
  return intReply(s === undefined ? 0 : s.size);
}

function smove(c: Ctx, a: string[]): Reply {
  const src = a[1]!;
  const dst = a[2]!;
  const member = a[3]!;
  const s = c.db.readSet(src);
  const d = c.db.readSet(dst);
  if (s === undefined) return ZERO;
  if (s === null || d === null) return ERRORS.wrongType;
  if (src === dst) return s.has(member) ? ONE : ZERO;
  if (!s.delete(member)) return ZERO;
  c.db.dropIfEmpty(src, s.size);
  const target = d ?? c.db.writeSet(dst, member)!;
  c.db.touch(src);
  if (target.add(member)) c.db.touch(dst);
  return ONE;
}

/** The sets at keys (undefined: missing); a Reply when one holds another type. */
function readSets(c: Ctx, keys: readonly string[]): Array<RSet | undefined> | Reply {
  const out: Array<RSet | undefined> = [];
  for (const k of keys) {
    const s = c.db.readSet(k);
    if (s === null) return ERRORS.wrongType;
    out.push(s);
  }
  return out;
}

/** setKey of a computed set, or (empty result) delete the destination; replies the size. */
function store(c: Ctx, dst: string, s: RSet): Reply {
  if (s.size > 0) {
    c.db.put(dst, { type: 'set', v: s, exp: -1 });
    return intReply(s.size);
  }
  c.db.delIfExists(dst);
  return ZERO;
}

/** SINTER, SINTERSTORE, SINTERCARD (sinterGenericCommand). */
function sinter(
  c: Ctx,
  keys: readonly string[],
  dst: string | null,
  card: boolean,
  limit = 0,
): Reply {
  const got = readSets(c, keys);
  if (!Array.isArray(got)) return got;
  if (got.some((s) => s === undefined)) {
    if (dst !== null) {
      c.db.delIfExists(dst);
      return ZERO;
    }
    return card ? ZERO : EMPTY;
  }
  const sets = (got as RSet[]).slice().sort((x, y) => x.size - y.size);
  const first = sets[0]!;
  const result: string[] = [];
  for (const m of first.items()) {
    let inAll = true;
    for (let j = 1; j < sets.length; j++) {
      if (sets[j] !== first && !sets[j]!.has(m)) {
        inAll = false;
        break;
      }
    }
    if (!inAll) continue;
    result.push(m);
    if (card && limit > 0 && result.length >= limit) break;
  }
  if (card) return intReply(result.length);
  if (dst === null) return arr(result.map(bulk));
  const out = new RSet(null);
  for (const m of result) out.add(m);
  return store(c, dst, out);
}

/** SUNION, SDIFF and their STORE forms (sunionDiffGenericCommand). */
function sunionDiff(c: Ctx, keys: readonly string[], dst: string | null, diff: boolean): Reply {
  const got = readSets(c, keys);
  if (!Array.isArray(got)) return got;
  const out = new RSet(null);
  if (!diff) {
    for (const s of got) if (s !== undefined) for (const m of s.items()) out.add(m);
  } else {
    const first = got[0];
    const same = first !== undefined && got.slice(1).some((s) => s === first);
    if (first !== undefined && !same) {
      for (const m of first.items()) {
        if (!got.slice(1).some((s) => s !== undefined && s.has(m))) out.add(m);
      }
    }
  }
  if (dst !== null) return store(c, dst, out);
  return arr(out.items().map(bulk));
}

function sintercard(c: Ctx, a: string[]): Reply {
  const n = parseInt64(a[1]!);
  if (n === null || n < 1n) return err('ERR numkeys should be greater than 0');
  if (n > BigInt(a.length - 2)) {
    return err("ERR Number of keys can't be greater than number of args");
  }
  const numkeys = Number(n);
  let limit = 0;
  for (let j = 2 + numkeys; j < a.length; j++) {
    if (a[j]!.toLowerCase() === 'limit' && j < a.length - 1) {
      const l = parseInt64(a[++j]!);
      if (l === null || l < 0n) return err("ERR LIMIT can't be negative");
      limit = Number(l);
    } else return ERRORS.syntax;
  }
  return sinter(c, a.slice(2, 2 + numkeys), null, true, limit);
}

function sscan(c: Ctx, a: string[]): Reply {
  const sc = parseScan(a, 2, false);
  if ('t' in sc) return sc;
  const s = c.db.readSet(a[1]!);
  if (s === null) return ERRORS.wrongType;
  if (s === undefined || (!s.intset && sc.cursor !== 0n)) return scanReply([], sc, false);
  return scanReply(s.items(), sc, false);
}

/** A destination key, then source keys to the end. */
const DEST_AND_KEYS: readonly KeySpec[] = [
  { index: 1, lastKey: 0, step: 1 },
  { index: 2, lastKey: -1, step: 1 },
];

export const SET_COMMANDS: readonly CommandRow[] = [
  command({
    group: 'set',
    name: 'sadd',
    arity: -3,
    flags: 'write denyoom fast',
    keys: KEY1,
    args: 'key member [member ...]',
    summary: 'Add members to a set; returns how many were new.',
    since: '1.0.0',
    run: sadd,
  }),
  command({
    group: 'set',
    name: 'srem',
    arity: -3,
    flags: 'write fast',
    keys: KEY1,
    args: 'key member [member ...]',
    summary: 'Remove members; returns how many were there.',
    since: '1.0.0',
    run: srem,
  }),
  command({
    group: 'set',
    name: 'sismember',
    arity: 3,
    flags: 'readonly fast',
    keys: KEY1,
    args: 'key member',
    summary: '1 if the member is in the set, 0 if not.',
    since: '1.0.0',
    run: sismember,
  }),
  command({
    group: 'set',
    name: 'smismember',
    arity: -3,
    flags: 'readonly fast',
    keys: KEY1,
    args: 'key member [member ...]',
    summary: '1 or 0 for each member.',
    since: '6.2.0',
    run: smismember,
  }),
  command({
    group: 'set',
    name: 'smembers',
    arity: 2,
    flags: 'readonly',
    keys: KEY1,
    args: 'key',
    summary: 'Every member (integers ascending while the set holds only integers).',
    since: '1.0.0',
    run: smembers,
  }),
  command({
    group: 'set',
    name: 'scard',
    arity: 2,
    flags: 'readonly fast',
    keys: KEY1,
    args: 'key',
    summary: 'Number of members.',
    since: '1.0.0',
    run: scard,
  }),
  command({
    group: 'set',
    name: 'smove',
    arity: 4,
    flags: 'write fast',
    keys: KEY1_2,
    args: 'source destination member',
    summary: 'Move a member from one set to another; 1 if it was moved.',
    since: '1.0.0',
    run: smove,
  }),
  command({
    group: 'set',
    name: 'sinter',
    arity: -2,
    flags: 'readonly',
    keys: ALL_KEYS,
    args: 'key [key ...]',
    summary: 'Members in every one of the sets.',
    since: '1.0.0',
    run: (c, a) => sinter(c, a.slice(1), null, false),
  }),
  command({
    group: 'set',
    name: 'sinterstore',
    arity: -3,
    flags: 'write denyoom',
    keys: DEST_AND_KEYS,
    args: 'destination key [key ...]',
    summary: 'Store the intersection; returns its size.',
    since: '1.0.0',
    run: (c, a) => sinter(c, a.slice(2), a[1]!, false),
  }),
  command({
    group: 'set',
    name: 'sintercard',
    arity: -3,
    flags: 'readonly',
    keys: [keynum(1)],
    args: 'numkeys key [key ...] [LIMIT limit]',
    summary: 'The size of the intersection (LIMIT: stop counting there).',
    since: '7.0.0',
    run: sintercard,
  }),
  command({
    group: 'set',
    name: 'sunion',
    arity: -2,
    flags: 'readonly',
    keys: ALL_KEYS,
    args: 'key [key ...]',
    summary: 'Members of any of the sets.',
    since: '1.0.0',
    run: (c, a) => sunionDiff(c, a.slice(1), null, false),
  }),
  command({
    group: 'set',
    name: 'sunionstore',
    arity: -3,
    flags: 'write denyoom',
    keys: DEST_AND_KEYS,
    args: 'destination key [key ...]',
    summary: 'Store the union; returns its size.',
    since: '1.0.0',
    run: (c, a) => sunionDiff(c, a.slice(2), a[1]!, false),
  }),
  command({
    group: 'set',
    name: 'sdiff',
    arity: -2,
    flags: 'readonly',
    keys: ALL_KEYS,
    args: 'key [key ...]',
    summary: 'Members of the first set that are in none of the others.',
    since: '1.0.0',
    run: (c, a) => sunionDiff(c, a.slice(1), null, true),
  }),
  command({
    group: 'set',
    name: 'sdiffstore',
    arity: -3,
    flags: 'write denyoom',
    keys: DEST_AND_KEYS,
    args: 'destination key [key ...]',
    summary: 'Store the difference; returns its size.',
    since: '1.0.0',
    run: (c, a) => sunionDiff(c, a.slice(2), a[1]!, true),
  }),
  command({
    group: 'set',
    name: 'sscan',
    arity: -3,
    flags: 'readonly',
    keys: KEY1,
    args: 'key cursor [MATCH pattern] [COUNT count]',
    summary: 'Iterate members: [next cursor, [members]] (the lab answers in one go).',
    since: '2.8.0',
    run: sscan,
  }),
];
