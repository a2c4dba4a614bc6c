// The random commands (t_set.c, t_hash.c, t_zset.c): SPOP, SRANDMEMBER, HRANDFIELD and
// ZRANDMEMBER. Argument checks, their order, counts and the shape of every reply follow
// redis-server 7.0.15; which members come back is drawn from the model's seeded stream
// (Ctx.random), so a lab run repeats exactly, where Redis's picks differ on every call.
import { command, KEY1, type CommandRow, type Ctx } from '../command';
import { formatScore, parseInt64 } from '../numfmt';
import { arr, bulk, err, NIL, type Reply } from '../reply';
import { EMPTY, ERRORS } from '../shared';

/** The most picks a negative count may ask for (Redis would build a reply of any size). */
export const LAB_MAX_RANDOM_PICKS = 1_000_000;
const LONG_MAX = 9223372036854775807n;
const RANGE = err(
  'ERR value is out of range, value must between -9223372036854775807 and 9223372036854775807',
);

/** getRangeLongFromObjectOrReply(-LONG_MAX, LONG_MAX). */
function count(s: string): bigint | Reply {
  const n = parseInt64(s);
  if (n === null) return ERRORS.notInt;
  if (n < -LONG_MAX) return RANGE;
  return n;
}

/**
 * Indexes into `size` items for a count: positive, distinct (at most `size`); negative, with
 * repeats. Null when a negative count asks for more than the lab builds.
 */
function picks(c: Ctx, size: number, n: bigint): number[] | null {
  if (n < 0n) {
    if (-n > BigInt(LAB_MAX_RANDOM_PICKS)) return null;
    const out: number[] = [];
    for (let i = 0; i < Number(-n); i++) out.push(c.random.int(size));
    return out;
  }
  const k = Number(n > BigInt(size) ? BigInt(size) : n);
  const idx = Array.from({ length: size }, (_, i) => i);
  for (let i = 0; i < k; i++) {
    const j = i + c.random.int(size - i);
    const t = idx[i]!;
    idx[i] = idx[j]!;
    idx[j] = t;
  }
  return idx.slice(0, k);
}

const TOO_MANY = err(
  `ERR the lab's Redis model answers at most ${LAB_MAX_RANDOM_PICKS} random picks (a negative count asks for repeats)`,
);

function spop(c: Ctx, a: string[]): Reply {
  if (a.length > 3) return ERRORS.syntax;
  const key = a[1]!;
  if (a.length === 3) {
    const n = parseInt64(a[2]!);
    if (n === null || n < 0n) return ERRORS.positive;
    const s = c.db.readSet(key);
    if (s === undefined) return EMPTY;
    if (s === null) return ERRORS.wrongType;
    if (n === 0n) return EMPTY;
    const items = s.items();
    const chosen = picks(c, items.length, n)!.map((i) => items[i]!);
    for (const m of chosen) s.delete(m);
    c.db.dropIfEmpty(key, s.size);
    c.db.touch(key);
    return arr(chosen.map(bulk));
  }
  const s = c.db.readSet(key);
  if (s === undefined) return NIL;
  if (s === null) return ERRORS.wrongType;
  const items = s.items();
  const m = items[c.random.int(items.length)]!;
  s.delete(m);
  c.db.dropIfEmpty(key, s.size);
  c.db.touch(key);
  return bulk(m);
}

function srandmember(c: Ctx, a: string[]): Reply {
  if (a.length > 3) return ERRORS.syntax;
  if (a.length === 3) {
    const n = count(a[2]!);
    if (typeof n !== 'bigint') return n;
    const s = c.db.readSet(a[1]!);
    if (s === undefined) return EMPTY;
    if (s === null) return ERRORS.wrongType;
    const items = s.items();
    const p = picks(c, items.length, n);
    return p === null ? TOO_MANY : arr(p.map((i) => bulk(items[i]!)));
  }
  const s = c.db.readSet(a[1]!);
  if (s === undefined) return NIL;
  if (s === null) return ERRORS.wrongType;
  const items = s.items();
  return bulk(items[c.random.int(items.length)]!);
}

/** The count and WITH... flag of HRANDFIELD / ZRANDMEMBER, or Redis's error. */
function countWith(a: string[], word: string): { n: bigint; withValues: boolean } | Reply {
  const n = count(a[2]!);
  if (typeof n !== 'bigint') return n;
  if (a.length > 4 || (a.length === 4 && a[3]!.toLowerCase() !== word)) return ERRORS.syntax;
  const withValues = a.length === 4;
  if (withValues && (n < -LONG_MAX / 2n || n > LONG_MAX / 2n)) {
    return err('ERR value is out of range');
  }
  return { n, withValues };
}

function hrandfield(c: Ctx, a: string[]): Reply {
  if (a.length >= 3) {
    const o = countWith(a, 'withvalues');
    if ('t' in o) return o;
    const h = c.db.readHash(a[1]!);
    if (h === undefined) return EMPTY;
    if (h === null) return ERRORS.wrongType;
    const fields = [...h.keys()];
    const p = picks(c, fields.length, o.n);
    if (p === null) return TOO_MANY;
    const out: Reply[] = [];
    for (const i of p) {
      out.push(bulk(fields[i]!));
      if (o.withValues) out.push(bulk(h.get(fields[i]!)!));
    }
    return arr(out);
  }
  const h = c.db.readHash(a[1]!);
  if (h === undefined) return NIL;
  if (h === null) return ERRORS.wrongType;
  const fields = [...h.keys()];
  return bulk(fields[c.random.int(fields.length)]!);
}

function zrandmember(c: Ctx, a: string[]): Reply {
  if (a.length >= 3) {
    const o = countWith(a, 'withscores');
    if ('t' in o) return o;
    const z = c.db.readZset(a[1]!);
    if (z === undefined) return EMPTY;
    if (z === null) return ERRORS.wrongType;
    const entries = z.entries;
    const p = picks(c, entries.length, o.n);
    if (p === null) return TOO_MANY;
    const out: Reply[] = [];
    for (const i of p) {
      out.push(bulk(entries[i]!.member));
      if (o.withValues) out.push(bulk(formatScore(entries[i]!.score)));
    }
    return arr(out);
  }
  const z = c.db.readZset(a[1]!);
  if (z === undefined) return NIL;
  if (z === null) return ERRORS.wrongType;
  return bulk(z.entries[c.random.int(z.entries.length)]!.member);
}

export const RANDOM_COMMANDS: readonly CommandRow[] = [
  command({
    group: 'set',
    name: 'spop',
    arity: -2,
    flags: 'write fast',
    keys: KEY1,
    args: 'key [count]',
    summary: 'Remove and return random members (drawn from the lab’s seeded stream).',
    since: '1.0.0',
    run: spop,
  }),
  command({
    group: 'set',
    name: 'srandmember',
    arity: -2,
    flags: 'readonly',
    keys: KEY1,
    args: 'key [count]',
    summary:
      'Random members: a positive count gives distinct ones, a negative count allows repeats.',
    since: '1.0.0',
    run: srandmember,
  }),
  command({
    group: 'hash',
    name: 'hrandfield',
    arity: -2,
    flags: 'readonly',
    keys: KEY1,
    args: 'key [count [WITHVALUES]]',
    summary: 'Random fields (with their values); a negative count allows repeats.',
    since: '6.2.0',
    run: hrandfield,
  }),
  command({
    group: 'sorted-set',
    name: 'zrandmember',
    arity: -2,
    flags: 'readonly',
    keys: KEY1,
    args: 'key [count [WITHSCORES]]',
    summary: 'Random members (with their scores); a negative count allows repeats.',
    since: '6.2.0',
    run: zrandmember,
  }),
];
