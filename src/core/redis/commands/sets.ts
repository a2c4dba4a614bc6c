// Sets (Redis's t_set.c), without the random ones (SPOP, SRANDMEMBER). Replies list members in
// the order Redis iterates them: an intset ascending, a hash table in the model's insertion
// order (Redis's own is unspecified: compare those as multisets).
import {
  ALL_KEYS,
  keynum,
  KEY1,
  KEY1_2,
  row,
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

const def = (
  name: string,
  arity: number,
  flags: string,
  keys: readonly KeySpec[],
  args: string,
  summary: string,
  since: string,
  impl: (c: Ctx, a: string[]) => Reply,
): CommandRow => row('set', name, arity, flags, keys, args, summary, since, impl);

/** A destination key, then source keys to the end. */
const DEST_AND_KEYS: readonly KeySpec[] = [
  { index: 1, lastKey: 0, step: 1 },
  { index: 2, lastKey: -1, step: 1 },
];

export const SET_COMMANDS: readonly CommandRow[] = [
  def(
    'sadd',
    -3,
    'write denyoom fast',
    KEY1,
    'key member [member ...]',
    'Add members to a set; returns how many were new.',
    '1.0.0',
    sadd,
  ),
  def(
    'srem',
    -3,
    'write fast',
    KEY1,
    'key member [member ...]',
    'Remove members; returns how many were there.',
    '1.0.0',
    srem,
  ),
  def(
    'sismember',
    3,
    'readonly fast',
    KEY1,
    'key member',
    '1 if the member is in the set, 0 if not.',
    '1.0.0',
    sismember,
  ),
  def(
    'smismember',
    -3,
    'readonly fast',
    KEY1,
    'key member [member ...]',
    '1 or 0 for each member.',
    '6.2.0',
    smismember,
  ),
  def(
    'smembers',
    2,
    'readonly',
    KEY1,
    'key',
    'Every member (integers ascending while the set holds only integers).',
    '1.0.0',
    smembers,
  ),
  def('scard', 2, 'readonly fast', KEY1, 'key', 'Number of members.', '1.0.0', scard),
  def(
    'smove',
    4,
    'write fast',
    KEY1_2,
    'source destination member',
    'Move a member from one set to another; 1 if it was moved.',
    '1.0.0',
    smove,
  ),
  def(
    'sinter',
    -2,
    'readonly',
    ALL_KEYS,
    'key [key ...]',
    'Members in every one of the sets.',
    '1.0.0',
    (c, a) => sinter(c, a.slice(1), null, false),
  ),
  def(
    'sinterstore',
    -3,
    'write denyoom',
    DEST_AND_KEYS,
    'destination key [key ...]',
    'Store the intersection; returns its size.',
    '1.0.0',
    (c, a) => sinter(c, a.slice(2), a[1]!, false),
  ),
  def(
    'sintercard',
    -3,
    'readonly',
    [keynum(1)],
    'numkeys key [key ...] [LIMIT limit]',
    'The size of the intersection (LIMIT: stop counting there).',
    '7.0.0',
    sintercard,
  ),
  def(
    'sunion',
    -2,
    'readonly',
    ALL_KEYS,
    'key [key ...]',
    'Members of any of the sets.',
    '1.0.0',
    (c, a) => sunionDiff(c, a.slice(1), null, false),
  ),
  def(
    'sunionstore',
    -3,
    'write denyoom',
    DEST_AND_KEYS,
    'destination key [key ...]',
    'Store the union; returns its size.',
    '1.0.0',
    (c, a) => sunionDiff(c, a.slice(2), a[1]!, false),
  ),
  def(
    'sdiff',
    -2,
    'readonly',
    ALL_KEYS,
    'key [key ...]',
    'Members of the first set that are in none of the others.',
    '1.0.0',
    (c, a) => sunionDiff(c, a.slice(1), null, true),
  ),
  def(
    'sdiffstore',
    -3,
    'write denyoom',
    DEST_AND_KEYS,
    'destination key [key ...]',
    'Store the difference; returns its size.',
    '1.0.0',
    (c, a) => sunionDiff(c, a.slice(2), a[1]!, true),
  ),
  def(
    'sscan',
    -3,
    'readonly',
    KEY1,
    'key cursor [MATCH pattern] [COUNT count]',
    'Iterate members: [next cursor, [members]] (the lab answers in one go).',
    '2.8.0',
    sscan,
  ),
];
