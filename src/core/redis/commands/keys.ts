// Keys and TTLs (Redis's db.c and expire.c): DEL, EXISTS, TYPE, the EXPIRE family, TTL.
import { command, ALL_KEYS, KEY1, KEY1_2, type CommandRow, type Ctx } from '../command';
import { copyHashEncoding, encodingOf } from '../encoding';
import { globMatch } from '../glob';
import { INT64_MAX, INT64_MIN, parseInt64, parseIntNum } from '../numfmt';
import { expiryOf, setExpiry, type Entry } from '../keyspace';
import { arr, bulk, err, int, NIL, OK, status, type Reply } from '../reply';
import { parseScan, scanReply } from '../scan';
import { RSet } from '../set';
import { ZSet } from '../zset';
import { ERRORS, expireTimeError, intReply, MINUS_ONE, MINUS_TWO, ONE, ZERO } from '../shared';

function del(c: Ctx, a: string[]): Reply {
  let n = 0;
  for (let i = 1; i < a.length; i++) if (c.db.delIfExists(a[i]!)) n++;
  return intReply(n);
}

function exists(c: Ctx, a: string[]): Reply {
  let n = 0;
  for (let i = 1; i < a.length; i++) if (c.db.lookup(a[i]!) !== undefined) n++;
  return intReply(n);
}

function type(c: Ctx, a: string[]): Reply {
  const e = c.db.lookup(a[1]!);
  return status(e === undefined ? 'none' : e.type);
}

/** EXPIRE, PEXPIRE, EXPIREAT, PEXPIREAT (expireGenericCommand). */
function expire(c: Ctx, a: string[], relative: boolean, seconds: boolean, name: string): Reply {
  const basetime = relative ? c.db.nowMs() : 0;
  let nx = false;
  let xx = false;
  let gt = false;
  let lt = false;
  for (let j = 3; j < a.length; j++) {
    const o = a[j]!.toLowerCase();
    if (o === 'nx') nx = true;
    else if (o === 'xx') xx = true;
    else if (o === 'gt') gt = true;
    else if (o === 'lt') lt = true;
    else return err(`ERR Unsupported option ${a[j]!}`);
  }
  if ((nx && xx) || (nx && gt) || (nx && lt)) {
    return err('ERR NX and XX, GT or LT options at the same time are not compatible');
  }
  if (gt && lt) return err('ERR GT and LT options at the same time are not compatible');
  // The deadline in ms; plain numbers when no int64 edge can be near (exact below 2^53).
  let whenB: bigint;
  let past: boolean;
  const small = parseIntNum(a[2]!);
  if (small !== null && Math.abs(small) <= 1e12 && Math.abs(basetime) <= 1e15) {
    const whenN = (seconds ? small * 1000 : small) + basetime;
    whenB = BigInt(whenN);
    past = whenN <= c.db.nowMs();
  } else {
    const v = parseInt64(a[2]!);
    if (v === null) return ERRORS.notInt;
    let when = v;
    if (seconds) {
      if (when > INT64_MAX / 1000n || when < INT64_MIN / 1000n) return expireTimeError(name);
      when *= 1000n;
    }
    const base = BigInt(basetime);
    if (when > INT64_MAX - base) return expireTimeError(name);
    when += base;
    whenB = when;
    past = when <= BigInt(c.db.nowMs());
  }
  const key = a[1]!;
  const e = c.db.lookup(key);
  if (e === undefined) return ZERO;
  if (nx || xx || gt || lt) {
    const cur = expiryOf(e);
    if (nx && cur !== -1n) return ZERO;
    if (xx && cur === -1n) return ZERO;
    if (gt && (cur === -1n || whenB <= cur)) return ZERO;
    if (lt && cur !== -1n && whenB >= cur) return ZERO;
  }
  if (past) {
    c.db.del(key);
    return ONE;
  }
  setExpiry(e, whenB);
  c.db.touch(key);
  return ONE;
}

function ttl(c: Ctx, key: string, ms: boolean): Reply {
  const e = c.db.lookup(key);
  if (e === undefined) return MINUS_TWO;
  if (e.exp < 0) return MINUS_ONE;
  let t = expiryOf(e) - BigInt(c.db.nowMs());
  if (t < 0n) t = 0n;
  return int(ms ? t : (t + 500n) / 1000n);
}

function persist(c: Ctx, a: string[]): Reply {
  const e = c.db.lookup(a[1]!);
  if (e === undefined || e.exp < 0) return ZERO;
  setExpiry(e, -1);
  c.db.touch(a[1]!);
  return ONE;
}

function keys(c: Ctx, a: string[]): Reply {
  const pattern = a[1]!;
  c.db.purgeExpired();
  const out: Reply[] = [];
  for (const k of c.db.db.keys()) if (globMatch(pattern, k)) out.push(bulk(k));
  return arr(out);
}

/** EXPIRETIME and PEXPIRETIME: the absolute Unix time a key expires at. */
function expiretime(c: Ctx, key: string, ms: boolean): Reply {
  const e = c.db.lookup(key);
  if (e === undefined) return MINUS_TWO;
  if (e.exp < 0) return MINUS_ONE;
  const x = expiryOf(e);
  return int(ms ? x : (x + 500n) / 1000n);
}

/** UNLINK is DEL (Redis frees the memory in the background; the model has nothing to free). */
function touch(c: Ctx, a: string[]): Reply {
  return exists(c, a);
}

function rename(c: Ctx, a: string[], nx: boolean): Reply {
  const src = a[1]!;
  const dst = a[2]!;
  const e = c.db.lookup(src);
  if (e === undefined) return ERRORS.noSuchKey;
  if (src === dst) return nx ? ZERO : OK;
  if (c.db.lookup(dst) !== undefined) {
    if (nx) return ZERO;
    c.db.del(dst);
  }
  c.db.db.delete(src);
  c.db.db.set(dst, e);
  c.db.touch(src);
  c.db.touch(dst);
  return nx ? ONE : OK;
}

/** A deep copy of a value (COPY). */
function duplicate(e: Entry): Entry {
  switch (e.type) {
    case 'string':
      return { ...e };
    case 'hash': {
      const h = new Map(e.v);
      copyHashEncoding(e.v, h);
      return { ...e, v: h };
    }
    case 'list':
      return { ...e, v: [...e.v] };
    case 'set': {
      const s = new RSet(null);
      s.intset = e.v.intset;
      for (const m of e.v.members) s.members.add(m);
      return { ...e, v: s };
    }
    case 'zset': {
      const z = new ZSet();
      for (const x of e.v.entries) z.set(x.member, x.score);
      z.skiplist = e.v.skiplist;
      return { ...e, v: z };
    }
  }
}

function copy(c: Ctx, a: string[]): Reply {
  let replace = false;
  let target = c.db;
  for (let j = 3; j < a.length; j++) {
    const o = a[j]!.toLowerCase();
    if (o === 'replace') replace = true;
    else if (o === 'db' && j < a.length - 1) {
      const db = parseInt64(a[++j]!);
      if (db === null) return ERRORS.notInt;
      if (db < -2147483648n || db > 2147483647n) {
        return err('ERR value is out of range, value must between -2147483648 and 2147483647');
      }
      if (db < 0n || db > 15n) return err('ERR DB index is out of range');
      if (db !== 0n) {
        if (c.clusterMode) {
          return err('ERR Copying to another database is not allowed in cluster mode');
        }
      }
      target = c.db.server.dbs[Number(db)]!;
    } else return ERRORS.syntax;
  }
  const src = a[1]!;
  const dst = a[2]!;
  if (src === dst && target === c.db) {
    return err('ERR source and destination objects are the same');
  }
  const e = c.db.lookup(src);
  if (e === undefined) return ZERO;
  if (target.lookup(dst) !== undefined) {
    if (!replace) return ZERO;
    target.db.delete(dst);
  }
  const d = duplicate(e);
  setExpiry(d, expiryOf(e));
  target.put(dst, d);
  return ONE;
}

function scan(c: Ctx, a: string[]): Reply {
  const sc = parseScan(a, 1, true);
  if ('t' in sc) return sc;
  if (sc.cursor !== 0n) return scanReply([], sc, false);
  c.db.purgeExpired();
  const names: string[] = [];
  for (const [k, e] of c.db.db) if (sc.type === null || e.type === sc.type) names.push(k);
  return scanReply(names, sc, false);
}

/** OBJECT ENCODING / REFCOUNT / FREQ (objectCommand in object.c). */
function objectEncoding(c: Ctx, a: string[]): Reply {
  const e = c.db.lookup(a[2]!);
  return e === undefined ? NIL : bulk(encodingOf(e));
}

function objectRefcount(c: Ctx, a: string[]): Reply {
  const e = c.db.lookup(a[2]!);
  if (e === undefined) return NIL;
  // Integers 0..9999 are Redis's shared objects, whose refcount is pinned at INT_MAX.
  if (e.type === 'string' && encodingOf(e) === 'int') {
    const n = parseInt64(e.v)!;
    if (n >= 0n && n < 10000n) return intReply(2147483647);
  }
  return ONE;
}

function objectFreq(c: Ctx, a: string[]): Reply {
  const e = c.db.lookup(a[2]!);
  if (e === undefined) return NIL;
  return err(
    'ERR An LFU maxmemory policy is not selected, access frequency not tracked. Please note that when switching between policies at runtime LRU and LFU data will take some time to adjust.',
  );
}

const EXPIRE_OPTS = '[NX | XX | GT | LT]';

export const KEYS_COMMANDS: readonly CommandRow[] = [
  command({
    group: 'generic',
    name: 'del',
    arity: -2,
    flags: 'write',
    keys: ALL_KEYS,
    args: 'key [key ...]',
    summary: 'Delete keys; returns how many existed.',
    since: '1.0.0',
    run: del,
  }),
  command({
    group: 'generic',
    name: 'exists',
    arity: -2,
    flags: 'readonly fast',
    keys: ALL_KEYS,
    args: 'key [key ...]',
    summary: 'How many of the keys exist.',
    since: '1.0.0',
    run: exists,
  }),
  command({
    group: 'generic',
    name: 'type',
    arity: 2,
    flags: 'readonly fast',
    keys: KEY1,
    args: 'key',
    summary: 'string, hash, list, set, zset or none (a status reply: {ok=...} in Lua).',
    since: '1.0.0',
    run: type,
  }),
  command({
    group: 'generic',
    name: 'expire',
    arity: -3,
    flags: 'write fast',
    keys: KEY1,
    args: `key seconds ${EXPIRE_OPTS}`,
    summary:
      'Set a time to live in seconds; 1 if set, 0 if the key is missing or the condition failed.',
    since: '1.0.0',
    run: (c, a) => expire(c, a, true, true, 'expire'),
  }),
  command({
    group: 'generic',
    name: 'pexpire',
    arity: -3,
    flags: 'write fast',
    keys: KEY1,
    args: `key milliseconds ${EXPIRE_OPTS}`,
    summary: 'Set a time to live in milliseconds.',
    since: '2.6.0',
    run: (c, a) => expire(c, a, true, false, 'pexpire'),
  }),
  command({
    group: 'generic',
    name: 'expireat',
    arity: -3,
    flags: 'write fast',
    keys: KEY1,
    args: `key unix-time-seconds ${EXPIRE_OPTS}`,
    summary: 'Expire at a Unix time (seconds).',
    since: '1.2.0',
    run: (c, a) => expire(c, a, false, true, 'expireat'),
  }),
  command({
    group: 'generic',
    name: 'pexpireat',
    arity: -3,
    flags: 'write fast',
    keys: KEY1,
    args: `key unix-time-milliseconds ${EXPIRE_OPTS}`,
    summary: 'Expire at a Unix time (milliseconds).',
    since: '2.6.0',
    run: (c, a) => expire(c, a, false, false, 'pexpireat'),
  }),
  command({
    group: 'generic',
    name: 'ttl',
    arity: 2,
    flags: 'readonly fast',
    keys: KEY1,
    args: 'key',
    summary: 'Seconds left to live; -1 without expiry, -2 if missing.',
    since: '1.0.0',
    run: (c, a) => ttl(c, a[1]!, false),
  }),
  command({
    group: 'generic',
    name: 'pttl',
    arity: 2,
    flags: 'readonly fast',
    keys: KEY1,
    args: 'key',
    summary: 'Milliseconds left to live; -1 without expiry, -2 if missing.',
    since: '2.6.0',
    run: (c, a) => ttl(c, a[1]!, true),
  }),
  command({
    group: 'generic',
    name: 'persist',
    arity: 2,
    flags: 'write fast',
    keys: KEY1,
    args: 'key',
    summary: 'Remove the expiry; 1 if there was one.',
    since: '2.2.0',
    run: persist,
  }),
  command({
    group: 'generic',
    name: 'keys',
    arity: 2,
    flags: 'readonly',
    args: 'pattern',
    summary: 'Key names matching a glob pattern (slow on a real server).',
    since: '1.0.0',
    run: keys,
  }),
  command({
    group: 'generic',
    name: 'unlink',
    arity: -2,
    flags: 'write fast',
    keys: ALL_KEYS,
    args: 'key [key ...]',
    summary: 'DEL that frees memory in the background; returns how many existed.',
    since: '4.0.0',
    run: del,
  }),
  command({
    group: 'generic',
    name: 'touch',
    arity: -2,
    flags: 'readonly fast',
    keys: ALL_KEYS,
    args: 'key [key ...]',
    summary: 'How many of the keys exist (and mark them used).',
    since: '3.2.1',
    run: touch,
  }),
  command({
    group: 'generic',
    name: 'expiretime',
    arity: 2,
    flags: 'readonly fast',
    keys: KEY1,
    args: 'key',
    summary: 'The Unix time (seconds) the key expires at; -1 without expiry, -2 if missing.',
    since: '7.0.0',
    run: (c, a) => expiretime(c, a[1]!, false),
  }),
  command({
    group: 'generic',
    name: 'pexpiretime',
    arity: 2,
    flags: 'readonly fast',
    keys: KEY1,
    args: 'key',
    summary: 'The Unix time in milliseconds the key expires at; -1 without expiry, -2 if missing.',
    since: '7.0.0',
    run: (c, a) => expiretime(c, a[1]!, true),
  }),
  command({
    group: 'generic',
    name: 'rename',
    arity: 3,
    flags: 'write',
    keys: KEY1_2,
    args: 'key newkey',
    summary: 'Rename a key (replacing newkey), keeping its TTL.',
    since: '1.0.0',
    run: (c, a) => rename(c, a, false),
  }),
  command({
    group: 'generic',
    name: 'renamenx',
    arity: 3,
    flags: 'write fast',
    keys: KEY1_2,
    args: 'key newkey',
    summary: 'Rename only if newkey does not exist; 1 if renamed.',
    since: '1.0.0',
    run: (c, a) => rename(c, a, true),
  }),
  command({
    group: 'generic',
    name: 'copy',
    arity: -3,
    flags: 'write denyoom',
    keys: KEY1_2,
    args: 'source destination [DB destination-db] [REPLACE]',
    summary: 'Copy a value and its TTL to another key; 1 if copied (REPLACE overwrites).',
    since: '6.2.0',
    run: copy,
  }),
  command({
    group: 'generic',
    name: 'scan',
    arity: -2,
    flags: 'readonly',
    args: 'cursor [MATCH pattern] [COUNT count] [TYPE type]',
    summary: 'Iterate key names: [next cursor, [keys]] (the lab answers in one go).',
    since: '2.8.0',
    run: scan,
  }),
  command({
    group: 'generic',
    name: 'object',
    arity: -2,
    flags: '',
    args: 'ENCODING key | REFCOUNT key | FREQ key',
    summary: 'Inspect how Redis stores a value.',
    since: '2.2.3',
    run: () => ERRORS.syntax,
    subcommands: [
      command({
        group: 'generic',
        name: 'object|encoding',
        arity: 3,
        flags: 'readonly',
        keys: [{ index: 2, lastKey: 0, step: 1 }],
        args: 'key',
        summary:
          'How Redis would store the value: int, embstr, raw, listpack, hashtable, skiplist, intset or quicklist.',
        since: '2.2.3',
        run: objectEncoding,
      }),
      command({
        group: 'generic',
        name: 'object|refcount',
        arity: 3,
        flags: 'readonly',
        keys: [{ index: 2, lastKey: 0, step: 1 }],
        args: 'key',
        summary: 'References to the value (small integers are shared).',
        since: '2.2.3',
        run: objectRefcount,
      }),
      command({
        group: 'generic',
        name: 'object|freq',
        arity: 3,
        flags: 'readonly',
        keys: [{ index: 2, lastKey: 0, step: 1 }],
        args: 'key',
        summary:
          'The LFU access counter (needs an LFU maxmemory policy, which the lab does not run).',
        since: '4.0.0',
        run: objectFreq,
      }),
    ],
  }),
];
