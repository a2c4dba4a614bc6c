// Sorted sets (Redis's t_zset.c): members ordered by (score, member bytes), ranges by rank,
// score and lexicographic order.
import { keynum, command, KEY1, KEY1_2, type CommandRow, type Ctx } from '../command';
import { formatScore, parseDouble, parseInt64, parseRangeDouble } from '../numfmt';
import { arr, bulk, err, NIL, NIL_ARRAY, type Reply } from '../reply';
import { noteZsetAdd } from '../encoding';
import { parseScan, scanReply } from '../scan';
import { RSet } from '../set';
import { EMPTY, ERRORS, intReply, timeoutArg, blockedReply, ZERO } from '../shared';
import { ZSet, type ZEntry } from '../zset';
import { removeMembers } from './hashes';

interface ScoreRange {
  min: number;
  minex: boolean;
  max: number;
  maxex: boolean;
}

/** zslParseRange: "(" makes a bound exclusive; null when a bound is not a float. */
function parseRange(minArg: string, maxArg: string): ScoreRange | null {
  let minex = false;
  let maxex = false;
  let min: number | null;
  let max: number | null;
  if (minArg[0] === '(') {
    minex = true;
    min = parseRangeDouble(minArg.slice(1));
  } else min = parseRangeDouble(minArg);
  if (min === null) return null;
  if (maxArg[0] === '(') {
    maxex = true;
    max = parseRangeDouble(maxArg.slice(1));
  } else max = parseRangeDouble(maxArg);
  if (max === null) return null;
  return { min, minex, max, maxex };
}

/** [from, to) indexes of the entries inside a score range. */
function scoreSpan(z: ZSet, r: ScoreRange): [number, number] {
  if (r.min > r.max || (r.min === r.max && (r.minex || r.maxex))) return [0, 0];
  const from = z.firstInRange(r.min, r.minex);
  const to = z.endOfRange(r.max, r.maxex);
  return to > from ? [from, to] : [0, 0];
}

function zadd(c: Ctx, a: string[], zincrby: boolean): Reply {
  let nx = false;
  let xx = false;
  let gt = false;
  let lt = false;
  let ch = false;
  let incr = zincrby;
  let idx = 2;
  if (!zincrby) {
    while (idx < a.length) {
      const o = a[idx]!.toLowerCase();
      if (o === 'nx') nx = true;
      else if (o === 'xx') xx = true;
      else if (o === 'ch') ch = true;
      else if (o === 'incr') incr = true;
      else if (o === 'gt') gt = true;
      else if (o === 'lt') lt = true;
      else break;
      idx++;
    }
  }
  const elements = a.length - idx;
  if (elements % 2 !== 0 || elements === 0) return ERRORS.syntax;
  const pairs = elements / 2;
  if (nx && xx) return err('ERR XX and NX options at the same time are not compatible');
  if ((gt && nx) || (lt && nx) || (gt && lt)) {
    return err('ERR GT, LT, and/or NX options at the same time are not compatible');
  }
  if (incr && pairs > 1) return err('ERR INCR option supports a single increment-element pair');
  const scores: number[] = new Array<number>(pairs);
  for (let j = 0; j < pairs; j++) {
    const s = parseDouble(a[idx + j * 2]!);
    if (s === null) return ERRORS.notFloat;
    scores[j] = s;
  }
  const key = a[1]!;
  const e = c.db.lookup(key);
  let z: ZSet;
  if (e === undefined) {
    if (xx) return incr ? NIL : ZERO;
    z = c.db.writeZset(key)!;
  } else if (e.type !== 'zset') return ERRORS.wrongType;
  else z = e.v;
  let added = 0;
  let updated = 0;
  let processed = 0;
  let last = 0;
  for (let j = 0; j < pairs; j++) {
    let score = scores[j]!;
    const member = a[idx + 1 + j * 2]!;
    const cur = z.scores.get(member);
    if (cur !== undefined) {
      if (nx) continue;
      if (incr) {
        score += cur;
        if (Number.isNaN(score)) {
          c.db.dropIfEmpty(key, z.size);
          if (added + updated > 0) c.db.touch(key);
          return err('ERR resulting score is not a number (NaN)');
        }
      }
      if ((lt && score >= cur) || (gt && score <= cur)) continue;
      last = score;
      processed++;
      if (score !== cur) {
        z.set(member, score);
        updated++;
      }
    } else if (!xx) {
      z.set(member, score);
      noteZsetAdd(z, member);
      last = score;
      added++;
      processed++;
    }
  }
  if (added + updated > 0) c.db.touch(key);
  if (incr) return processed > 0 ? bulk(formatScore(last)) : NIL;
  return intReply(ch ? added + updated : added);
}

function zrem(c: Ctx, a: string[]): Reply {
  const key = a[1]!;
  const z = c.db.readZset(key);
  if (z === null) return ERRORS.wrongType;
  return z === undefined ? ZERO : removeMembers(c, key, z, a);
}

function zcard(c: Ctx, a: string[]): Reply {
  const z = c.db.readZset(a[1]!);
  if (z === null) return ERRORS.wrongType;
  return intReply(z === undefined ? 0 : z.size);
}

function zscore(c: Ctx, a: string[]): Reply {
  const z = c.db.readZset(a[1]!);
  if (z === null) return ERRORS.wrongType;
  const s = z?.scores.get(a[2]!);
  return s === undefined ? NIL : bulk(formatScore(s));
}

function zcount(c: Ctx, a: string[]): Reply {
  const r = parseRange(a[2]!, a[3]!);
  if (r === null) return ERRORS.minMax;
  const z = c.db.readZset(a[1]!);
  if (z === null) return ERRORS.wrongType;
  if (z === undefined) return ZERO;
  const [from, to] = scoreSpan(z, r);
  return intReply(to - from);
}

interface LexBound {
  v: string;
  ex: boolean;
  /** -1: "-" (below every string), 1: "+" (above every string), 0: the string v. */
  inf: -1 | 0 | 1;
}
interface LexRange {
  min: LexBound;
  max: LexBound;
}

/** zslParseLexRangeItem: "[a" inclusive, "(a" exclusive, "-" and "+" the ends. */
function parseLexItem(s: string): LexBound | null {
  if (s === '+') return { v: '', ex: true, inf: 1 };
  if (s === '-') return { v: '', ex: true, inf: -1 };
  if (s[0] === '(') return { v: s.slice(1), ex: true, inf: 0 };
  if (s[0] === '[') return { v: s.slice(1), ex: false, inf: 0 };
  return null;
}

function parseLexRange(minArg: string, maxArg: string): LexRange | null {
  const min = parseLexItem(minArg);
  const max = parseLexItem(maxArg);
  return min === null || max === null ? null : { min, max };
}

/** sdscmplex: a member against a bound. */
function cmpLex(m: string, b: LexBound): number {
  if (b.inf !== 0) return -b.inf;
  return m < b.v ? -1 : m > b.v ? 1 : 0;
}

function boundsCmp(a: LexBound, b: LexBound): number {
  if (a.inf === b.inf && a.inf !== 0) return 0;
  if (a.inf === -1 || b.inf === 1) return -1;
  if (a.inf === 1 || b.inf === -1) return 1;
  return a.v < b.v ? -1 : a.v > b.v ? 1 : 0;
}

const gteMin = (m: string, r: LexRange): boolean =>
  r.min.ex ? cmpLex(m, r.min) > 0 : cmpLex(m, r.min) >= 0;
const lteMax = (m: string, r: LexRange): boolean =>
  r.max.ex ? cmpLex(m, r.max) < 0 : cmpLex(m, r.max) <= 0;

/** zzlIsInLexRange: could any member be inside? */
function inLexRange(z: ZSet, r: LexRange): boolean {
  const cmp = boundsCmp(r.min, r.max);
  if (cmp > 0 || (cmp === 0 && (r.min.ex || r.max.ex))) return false;
  const n = z.size;
  if (n === 0) return false;
  return gteMin(z.entries[n - 1]!.member, r) && lteMax(z.entries[0]!.member, r);
}

/** zzlFirstInLexRange: the index of the first member inside, -1 for none. */
function firstInLex(z: ZSet, r: LexRange): number {
  if (!inLexRange(z, r)) return -1;
  const ents = z.entries;
  for (let i = 0; i < ents.length; i++) {
    if (gteMin(ents[i]!.member, r)) return lteMax(ents[i]!.member, r) ? i : -1;
  }
  return -1;
}

/** zzlLastInLexRange: the index of the last member inside, -1 for none. */
function lastInLex(z: ZSet, r: LexRange): number {
  if (!inLexRange(z, r)) return -1;
  const ents = z.entries;
  for (let i = ents.length - 1; i >= 0; i--) {
    if (lteMax(ents[i]!.member, r)) return gteMin(ents[i]!.member, r) ? i : -1;
  }
  return -1;
}

type RangeSpec =
  | { kind: 'rank'; start: number; end: number }
  | { kind: 'score'; r: ScoreRange }
  | { kind: 'lex'; r: LexRange };

/** The entries a Z*RANGE* selects, in reply order. */
function collect(z: ZSet, spec: RangeSpec, rev: boolean, offset: number, limit: number): ZEntry[] {
  const ents = z.entries;
  const n = ents.length;
  const out: ZEntry[] = [];
  if (spec.kind === 'rank') {
    let s = spec.start < 0 ? n + spec.start : spec.start;
    let e = spec.end < 0 ? n + spec.end : spec.end;
    if (s < 0) s = 0;
    if (s > e || s >= n) return out;
    if (e >= n) e = n - 1;
    for (let i = s; i <= e; i++) out.push(ents[rev ? n - 1 - i : i]!);
    return out;
  }
  if (offset < 0) return out;
  let remaining = limit < 0 ? Infinity : limit;
  if (spec.kind === 'score') {
    const [from, to] = scoreSpan(z, spec.r);
    const count = to - from;
    for (let k = offset; k < count && remaining > 0; k++, remaining--) {
      out.push(ents[rev ? to - 1 - k : from + k]!);
    }
    return out;
  }
  const r = spec.r;
  let i = rev ? lastInLex(z, r) : firstInLex(z, r);
  if (i < 0) return out;
  const step = rev ? -1 : 1;
  i += step * offset;
  for (; i >= 0 && i < n && remaining > 0; i += step, remaining--) {
    const m = ents[i]!.member;
    if (rev ? !gteMin(m, r) : !lteMax(m, r)) break;
    out.push(ents[i]!);
  }
  return out;
}

/** Store a computed sorted set at dst (replacing any value, no TTL), or delete dst if empty. */
function storeZset(c: Ctx, dst: string, entries: readonly ZEntry[]): Reply {
  if (entries.length === 0) {
    c.db.delIfExists(dst);
    return ZERO;
  }
  const z = new ZSet();
  for (const e of entries) {
    z.set(e.member, e.score);
    noteZsetAdd(z, e.member);
  }
  c.db.put(dst, { type: 'zset', v: z, exp: -1 });
  return intReply(z.size);
}

function withScores(entries: readonly ZEntry[], scores: boolean): Reply {
  const out: Reply[] = [];
  for (const e of entries) {
    out.push(bulk(e.member));
    if (scores) out.push(bulk(formatScore(e.score)));
  }
  return arr(out);
}

/**
 * zrangeGenericCommand: ZRANGE and its older forms, and ZRANGESTORE (`store`: the destination
 * is a[1] and the source a[2]).
 */
function zrange(
  c: Ctx,
  a: string[],
  store: boolean,
  type: 'auto' | 'rank' | 'score' | 'lex',
  dir: 'auto' | 'fwd' | 'rev',
): Reply {
  const at = store ? 2 : 1;
  let withscores = false;
  let offset = 0;
  let limit = -1;
  for (let j = at + 3; j < a.length; j++) {
    const o = a[j]!.toLowerCase();
    const left = a.length - j - 1;
    if (!store && o === 'withscores') withscores = true;
    else if (o === 'limit' && left >= 2) {
      const off = parseInt64(a[j + 1]!);
      if (off === null) return ERRORS.notInt;
      const lim = parseInt64(a[j + 2]!);
      if (lim === null) return ERRORS.notInt;
      offset = Number(off);
      limit = Number(lim);
      j += 2;
    } else if (dir === 'auto' && o === 'rev') dir = 'rev';
    else if (type === 'auto' && o === 'bylex') type = 'lex';
    else if (type === 'auto' && o === 'byscore') type = 'score';
    else return ERRORS.syntax;
  }
  if (dir === 'auto') dir = 'fwd';
  if (type === 'auto') type = 'rank';
  if (limit !== -1 && type === 'rank') {
    return err(
      'ERR syntax error, LIMIT is only supported in combination with either BYSCORE or BYLEX',
    );
  }
  if (withscores && type === 'lex') {
    return err('ERR syntax error, WITHSCORES not supported in combination with BYLEX');
  }
  const rev = dir === 'rev';
  let minArg = a[at + 1]!;
  let maxArg = a[at + 2]!;
  if (rev && type !== 'rank') [minArg, maxArg] = [maxArg, minArg];
  let spec: RangeSpec;
  if (type === 'rank') {
    const start = parseInt64(minArg);
    if (start === null) return ERRORS.notInt;
    const end = parseInt64(maxArg);
    if (end === null) return ERRORS.notInt;
    spec = { kind: 'rank', start: Number(start), end: Number(end) };
  } else if (type === 'score') {
    const r = parseRange(minArg, maxArg);
    if (r === null) return ERRORS.minMax;
    spec = { kind: 'score', r };
  } else {
    const r = parseLexRange(minArg, maxArg);
    if (r === null) return ERRORS.minMaxLex;
    spec = { kind: 'lex', r };
  }
  const z = c.db.readZset(a[at]!);
  if (z === null) return ERRORS.wrongType;
  const entries = z === undefined ? [] : collect(z, spec, rev, offset, limit);
  if (store) return storeZset(c, a[1]!, entries);
  return withScores(entries, withscores);
}

/** ZREMRANGEBYRANK, ZREMRANGEBYSCORE, ZREMRANGEBYLEX. */
function zremrange(c: Ctx, a: string[], type: 'score' | 'rank' | 'lex'): Reply {
  let spec: RangeSpec;
  if (type === 'rank') {
    const s = parseInt64(a[2]!);
    if (s === null) return ERRORS.notInt;
    const e = parseInt64(a[3]!);
    if (e === null) return ERRORS.notInt;
    spec = { kind: 'rank', start: Number(s), end: Number(e) };
  } else if (type === 'score') {
    const r = parseRange(a[2]!, a[3]!);
    if (r === null) return ERRORS.minMax;
    spec = { kind: 'score', r };
  } else {
    const r = parseLexRange(a[2]!, a[3]!);
    if (r === null) return ERRORS.minMaxLex;
    spec = { kind: 'lex', r };
  }
  const key = a[1]!;
  const z = c.db.readZset(key);
  if (z === null) return ERRORS.wrongType;
  if (z === undefined) return ZERO;
  let from: number;
  let to: number;
  if (spec.kind === 'score') [from, to] = scoreSpan(z, spec.r);
  else if (spec.kind === 'rank') {
    const n = z.size;
    let start = spec.start < 0 ? n + spec.start : spec.start;
    let end = spec.end < 0 ? n + spec.end : spec.end;
    if (start < 0) start = 0;
    if (start > end || start >= n) return ZERO;
    if (end >= n) end = n - 1;
    from = start;
    to = end + 1;
  } else {
    from = firstInLex(z, spec.r);
    if (from < 0) return ZERO;
    to = from;
    while (to < z.size && lteMax(z.entries[to]!.member, spec.r)) to++;
  }
  const removed = z.removeRange(from, to);
  if (removed > 0) {
    c.db.dropIfEmpty(key, z.size);
    c.db.touch(key);
  }
  return intReply(removed);
}

function zlexcount(c: Ctx, a: string[]): Reply {
  const r = parseLexRange(a[2]!, a[3]!);
  if (r === null) return ERRORS.minMaxLex;
  const z = c.db.readZset(a[1]!);
  if (z === null) return ERRORS.wrongType;
  if (z === undefined) return ZERO;
  let i = firstInLex(z, r);
  if (i < 0) return ZERO;
  let n = 0;
  for (; i < z.size && lteMax(z.entries[i]!.member, r); i++) n++;
  return intReply(n);
}

function zrank(c: Ctx, a: string[], rev: boolean): Reply {
  const z = c.db.readZset(a[1]!);
  if (z === undefined) return NIL;
  if (z === null) return ERRORS.wrongType;
  const r = z.rank(a[2]!);
  if (r < 0) return NIL;
  return intReply(rev ? z.size - 1 - r : r);
}

function zmscore(c: Ctx, a: string[]): Reply {
  const z = c.db.readZset(a[1]!);
  if (z === null) return ERRORS.wrongType;
  const out: Reply[] = [];
  for (let i = 2; i < a.length; i++) {
    const s = z?.scores.get(a[i]!);
    out.push(s === undefined ? NIL : bulk(formatScore(s)));
  }
  return arr(out);
}

/** Pop up to count entries from the low (min) or high end; the key goes when emptied. */
function popEntries(c: Ctx, key: string, z: ZSet, max: boolean, count: number): ZEntry[] {
  const n = Math.min(count, z.size);
  const taken = max ? z.takeRange(z.size - n, z.size).reverse() : z.takeRange(0, n);
  c.db.dropIfEmpty(key, z.size);
  c.db.touch(key);
  return taken;
}

function zpop(c: Ctx, a: string[], max: boolean): Reply {
  if (a.length > 3) return ERRORS.syntax;
  let count = 1;
  if (a.length === 3) {
    const n = parseInt64(a[2]!);
    if (n === null || n < 0n) return ERRORS.positive;
    count = Number(n);
  }
  const key = a[1]!;
  const z = c.db.readZset(key);
  if (z === null) return ERRORS.wrongType;
  if (z === undefined || count === 0) return EMPTY;
  return withScores(popEntries(c, key, z, max, count), true);
}

interface ZmpopArgs {
  keys: string[];
  max: boolean;
  count: number;
}

/** ZMPOP / BZMPOP arguments from numkeys at `at` (zmpopGenericCommand). */
function zmpopArgs(a: string[], at: number): ZmpopArgs | Reply {
  const nk = parseInt64(a[at]!);
  if (nk === null || nk < 1n) return err('ERR numkeys should be greater than 0');
  const whereIdx = at + Number(nk) + 1;
  if (whereIdx >= a.length) return ERRORS.syntax;
  const where = a[whereIdx]!.toLowerCase();
  if (where !== 'min' && where !== 'max') return ERRORS.syntax;
  let count = -1;
  for (let j = whereIdx + 1; j < a.length; j++) {
    if (count === -1 && a[j]!.toLowerCase() === 'count' && j < a.length - 1) {
      const n = parseInt64(a[++j]!);
      if (n === null || n < 1n) return err('ERR count should be greater than 0');
      count = Number(n);
    } else return ERRORS.syntax;
  }
  return { keys: a.slice(at + 1, whereIdx), max: where === 'max', count: count === -1 ? 1 : count };
}

/** Pop from the first non-empty sorted set: [key, [[member, score], ...]]; null for none. */
function zmpopRun(c: Ctx, m: ZmpopArgs): Reply | null {
  for (const key of m.keys) {
    const z = c.db.readZset(key);
    if (z === undefined) continue;
    if (z === null) return ERRORS.wrongType;
    const taken = popEntries(c, key, z, m.max, m.count);
    return arr([
      bulk(key),
      arr(taken.map((e) => arr([bulk(e.member), bulk(formatScore(e.score))]))),
    ]);
  }
  return null;
}

function zmpop(c: Ctx, a: string[]): Reply {
  const m = zmpopArgs(a, 1);
  if ('t' in m) return m;
  return zmpopRun(c, m) ?? NIL_ARRAY;
}

function bzmpop(c: Ctx, a: string[]): Reply {
  const m = zmpopArgs(a, 2);
  if ('t' in m) return m;
  const t = timeoutArg(a[1]!);
  if (typeof t !== 'number') return t;
  return zmpopRun(c, m) ?? blockedReply(c, a[0]!, t, NIL_ARRAY);
}

/** BZPOPMIN / BZPOPMAX: [key, member, score] from the first non-empty sorted set. */
function bzpop(c: Ctx, a: string[], max: boolean): Reply {
  const t = timeoutArg(a[a.length - 1]!);
  if (typeof t !== 'number') return t;
  for (let i = 1; i < a.length - 1; i++) {
    const key = a[i]!;
    const z = c.db.readZset(key);
    if (z === undefined) continue;
    if (z === null) return ERRORS.wrongType;
    const [e] = popEntries(c, key, z, max, 1);
    return arr([bulk(key), bulk(e!.member), bulk(formatScore(e!.score))]);
  }
  return blockedReply(c, a[0]!, t, NIL_ARRAY);
}

/** One input of ZUNION / ZINTER / ZDIFF: a sorted set, or a set whose members score 1. */
interface OpSource {
  size: number;
  entries: () => Iterable<ZEntry>;
  find: (member: string) => number | undefined;
  same: object | null;
  weight: number;
}

function opSource(v: ZSet | RSet | undefined): OpSource {
  if (v === undefined) {
    return { size: 0, entries: () => [], find: () => undefined, same: null, weight: 1 };
  }
  if (v instanceof ZSet) {
    return {
      size: v.size,
      entries: () => v.entries,
      find: (m) => v.scores.get(m),
      same: v,
      weight: 1,
    };
  }
  return {
    size: v.size,
    entries: () => v.items().map((member) => ({ member, score: 1 })),
    find: (m) => (v.has(m) ? 1 : undefined),
    same: v,
    weight: 1,
  };
}

type Aggregate = 'sum' | 'min' | 'max';

function aggregate(target: number, val: number, how: Aggregate): number {
  if (how === 'sum') {
    const s = target + val;
    return Number.isNaN(s) ? 0 : s;
  }
  if (how === 'min') return val < target ? val : target;
  return val > target ? val : target;
}

/** Entries ordered as a skiplist orders them (score, then member), -0 kept. */
function sortEntries(list: ZEntry[]): ZEntry[] {
  return list.sort((x, y) =>
    x.score < y.score
      ? -1
      : x.score > y.score
        ? 1
        : x.member < y.member
          ? -1
          : x.member > y.member
            ? 1
            : 0,
  );
}

/**
 * zunionInterDiffGenericCommand: ZUNION, ZINTER, ZDIFF, their STORE forms and ZINTERCARD.
 * `dst` is the destination key (STORE), `nkIdx` where numkeys is.
 */
function zsetOp(
  c: Ctx,
  a: string[],
  dst: string | null,
  nkIdx: number,
  op: 'union' | 'inter' | 'diff',
  cardOnly: boolean,
): Reply {
  const nk = parseInt64(a[nkIdx]!);
  if (nk === null) return ERRORS.notInt;
  if (nk < 1n) {
    const name = a[0]!.toLowerCase();
    return err(`ERR at least 1 input key is needed for '${name}' command`);
  }
  if (nk > BigInt(a.length - (nkIdx + 1))) return ERRORS.syntax;
  const setnum = Number(nk);
  const src: OpSource[] = [];
  let j = nkIdx + 1;
  for (let i = 0; i < setnum; i++, j++) {
    const e = c.db.lookup(a[j]!);
    if (e !== undefined && e.type !== 'zset' && e.type !== 'set') return ERRORS.wrongType;
    src.push(opSource(e === undefined ? undefined : (e.v as ZSet | RSet)));
  }
  let how: Aggregate = 'sum';
  let withscores = false;
  let limit = 0;
  while (j < a.length) {
    const opt = a[j]!.toLowerCase();
    const remaining = a.length - j;
    if (op !== 'diff' && !cardOnly && remaining >= setnum + 1 && opt === 'weights') {
      j++;
      for (let i = 0; i < setnum; i++, j++) {
        const w = parseDouble(a[j]!);
        if (w === null) return err('ERR weight value is not a float');
        src[i]!.weight = w;
      }
    } else if (op !== 'diff' && !cardOnly && remaining >= 2 && opt === 'aggregate') {
      const v = a[j + 1]!.toLowerCase();
      if (v !== 'sum' && v !== 'min' && v !== 'max') return ERRORS.syntax;
      how = v;
      j += 2;
    } else if (dst === null && !cardOnly && opt === 'withscores') {
      withscores = true;
      j++;
    } else if (cardOnly && remaining >= 2 && opt === 'limit') {
      const l = parseInt64(a[j + 1]!);
      if (l === null || l < 0n) return err("ERR LIMIT can't be negative");
      limit = Number(l);
      j += 2;
    } else return ERRORS.syntax;
  }
  if (op !== 'diff') src.sort((x, y) => x.size - y.size);
  const result: ZEntry[] = [];
  let cardinality = 0;
  if (op === 'inter') {
    const first = src[0]!;
    if (first.size > 0) {
      for (const e of first.entries()) {
        let score = first.weight * e.score;
        if (Number.isNaN(score)) score = 0;
        let k = 1;
        for (; k < setnum; k++) {
          const other = src[k]!;
          const found = other.same === first.same ? e.score : other.find(e.member);
          if (found === undefined) break;
          score = aggregate(score, found * other.weight, how);
        }
        if (k < setnum) continue;
        if (cardOnly) {
          cardinality++;
          if (limit > 0 && cardinality >= limit) break;
        } else result.push({ member: e.member, score });
      }
    }
  } else if (op === 'union') {
    const acc = new Map<string, number>();
    for (const s of src) {
      for (const e of s.entries()) {
        let score = s.weight * e.score;
        if (Number.isNaN(score)) score = 0;
        const cur = acc.get(e.member);
        acc.set(e.member, cur === undefined ? score : aggregate(cur, score, how));
      }
    }
    for (const [member, score] of acc) result.push({ member, score });
  } else {
    const first = src[0]!;
    const same = src.slice(1).some((s) => s.same !== null && s.same === first.same);
    if (first.size > 0 && !same) {
      for (const e of first.entries()) {
        if (!src.slice(1).some((s) => s.find(e.member) !== undefined)) {
          result.push({ member: e.member, score: e.score });
        }
      }
    }
  }
  if (cardOnly) return intReply(cardinality);
  if (dst !== null) return storeZset(c, dst, result);
  return withScores(sortEntries(result), withscores);
}

function zintercard(c: Ctx, a: string[]): Reply {
  return zsetOp(c, a, null, 1, 'inter', true);
}

function zscan(c: Ctx, a: string[]): Reply {
  const sc = parseScan(a, 2, false);
  if ('t' in sc) return sc;
  const z = c.db.readZset(a[1]!);
  if (z === null) return ERRORS.wrongType;
  if (z === undefined || (z.skiplist && sc.cursor !== 0n)) return scanReply([], sc, true);
  const items: string[] = [];
  for (const e of z.entries) items.push(e.member, formatScore(e.score));
  return scanReply(items, sc, true);
}

export const ZSET_COMMANDS: readonly CommandRow[] = [
  command({
    group: 'sorted-set',
    name: 'zadd',
    arity: -4,
    flags: 'write denyoom fast',
    keys: KEY1,
    args: 'key [NX | XX] [GT | LT] [CH] [INCR] score member [score member ...]',
    summary: 'Add members with scores to a sorted set; returns how many were added.',
    since: '1.2.0',
    run: (c, a) => zadd(c, a, false),
  }),
  command({
    group: 'sorted-set',
    name: 'zincrby',
    arity: 4,
    flags: 'write denyoom fast',
    keys: KEY1,
    args: 'key increment member',
    summary: "Add to a member's score.",
    since: '1.2.0',
    run: (c, a) => zadd(c, a, true),
  }),
  command({
    group: 'sorted-set',
    name: 'zrem',
    arity: -3,
    flags: 'write fast',
    keys: KEY1,
    args: 'key member [member ...]',
    summary: 'Remove members; returns how many existed.',
    since: '1.2.0',
    run: zrem,
  }),
  command({
    group: 'sorted-set',
    name: 'zcard',
    arity: 2,
    flags: 'readonly fast',
    keys: KEY1,
    args: 'key',
    summary: 'Number of members.',
    since: '1.2.0',
    run: zcard,
  }),
  command({
    group: 'sorted-set',
    name: 'zscore',
    arity: 3,
    flags: 'readonly fast',
    keys: KEY1,
    args: 'key member',
    summary: "A member's score as a string, or nil.",
    since: '1.2.0',
    run: zscore,
  }),
  command({
    group: 'sorted-set',
    name: 'zcount',
    arity: 4,
    flags: 'readonly fast',
    keys: KEY1,
    args: 'key min max',
    summary: 'Members with a score in [min, max] (use "(" for exclusive, -inf/+inf).',
    since: '2.0.0',
    run: zcount,
  }),
  command({
    group: 'sorted-set',
    name: 'zrange',
    arity: -4,
    flags: 'readonly',
    keys: KEY1,
    args: 'key start stop [BYSCORE | BYLEX] [REV] [LIMIT offset count] [WITHSCORES]',
    summary:
      'Members by rank (or by score with BYSCORE, by name with BYLEX); WITHSCORES interleaves the scores.',
    since: '1.2.0',
    run: (c, a) => zrange(c, a, false, 'auto', 'auto'),
  }),
  command({
    group: 'sorted-set',
    name: 'zrangebyscore',
    arity: -4,
    flags: 'readonly',
    keys: KEY1,
    args: 'key min max [WITHSCORES] [LIMIT offset count]',
    summary: 'Members with a score in [min, max], lowest first.',
    since: '1.0.5',
    run: (c, a) => zrange(c, a, false, 'score', 'fwd'),
  }),
  command({
    group: 'sorted-set',
    name: 'zrevrange',
    arity: -4,
    flags: 'readonly',
    keys: KEY1,
    args: 'key start stop [WITHSCORES]',
    summary: 'Members by rank, highest score first.',
    since: '1.2.0',
    run: (c, a) => zrange(c, a, false, 'rank', 'rev'),
  }),
  command({
    group: 'sorted-set',
    name: 'zrevrangebyscore',
    arity: -4,
    flags: 'readonly',
    keys: KEY1,
    args: 'key max min [WITHSCORES] [LIMIT offset count]',
    summary: 'Members with a score in [min, max], highest first (note: max comes first).',
    since: '2.2.0',
    run: (c, a) => zrange(c, a, false, 'score', 'rev'),
  }),
  command({
    group: 'sorted-set',
    name: 'zremrangebyscore',
    arity: 4,
    flags: 'write',
    keys: KEY1,
    args: 'key min max',
    summary: 'Remove members with a score in [min, max]; returns how many.',
    since: '1.2.0',
    run: (c, a) => zremrange(c, a, 'score'),
  }),
  command({
    group: 'sorted-set',
    name: 'zremrangebyrank',
    arity: 4,
    flags: 'write',
    keys: KEY1,
    args: 'key start stop',
    summary: 'Remove members by rank.',
    since: '2.0.0',
    run: (c, a) => zremrange(c, a, 'rank'),
  }),
  command({
    group: 'sorted-set',
    name: 'zremrangebylex',
    arity: 4,
    flags: 'write',
    keys: KEY1,
    args: 'key min max',
    summary:
      'Remove members between two names ([a inclusive, (a exclusive, - and + the ends); all scores should be equal.',
    since: '2.8.9',
    run: (c, a) => zremrange(c, a, 'lex'),
  }),
  command({
    group: 'sorted-set',
    name: 'zrangebylex',
    arity: -4,
    flags: 'readonly',
    keys: KEY1,
    args: 'key min max [LIMIT offset count]',
    summary:
      'Members between two names ([a inclusive, (a exclusive, - and +), for a set whose scores are all equal.',
    since: '2.8.9',
    run: (c, a) => zrange(c, a, false, 'lex', 'fwd'),
  }),
  command({
    group: 'sorted-set',
    name: 'zrevrangebylex',
    arity: -4,
    flags: 'readonly',
    keys: KEY1,
    args: 'key max min [LIMIT offset count]',
    summary: 'ZRANGEBYLEX from the high end (note: max comes first).',
    since: '2.8.9',
    run: (c, a) => zrange(c, a, false, 'lex', 'rev'),
  }),
  command({
    group: 'sorted-set',
    name: 'zrangestore',
    arity: -5,
    flags: 'write denyoom',
    keys: KEY1_2,
    args: 'dst src min max [BYSCORE | BYLEX] [REV] [LIMIT offset count]',
    summary: 'Store a ZRANGE of src at dst; returns how many members it has.',
    since: '6.2.0',
    run: (c, a) => zrange(c, a, true, 'auto', 'auto'),
  }),
  command({
    group: 'sorted-set',
    name: 'zlexcount',
    arity: 4,
    flags: 'readonly fast',
    keys: KEY1,
    args: 'key min max',
    summary: 'How many members lie between two names.',
    since: '2.8.9',
    run: zlexcount,
  }),
  command({
    group: 'sorted-set',
    name: 'zrank',
    arity: 3,
    flags: 'readonly fast',
    keys: KEY1,
    args: 'key member',
    summary: "A member's rank, lowest score first (0-based), or nil.",
    since: '2.0.0',
    run: (c, a) => zrank(c, a, false),
  }),
  command({
    group: 'sorted-set',
    name: 'zrevrank',
    arity: 3,
    flags: 'readonly fast',
    keys: KEY1,
    args: 'key member',
    summary: "A member's rank, highest score first, or nil.",
    since: '2.0.0',
    run: (c, a) => zrank(c, a, true),
  }),
  command({
    group: 'sorted-set',
    name: 'zmscore',
    arity: -3,
    flags: 'readonly fast',
    keys: KEY1,
    args: 'key member [member ...]',
    summary: 'The scores of several members (nil for missing ones).',
    since: '6.2.0',
    run: zmscore,
  }),
  command({
    group: 'sorted-set',
    name: 'zpopmin',
    arity: -2,
    flags: 'write fast',
    keys: KEY1,
    args: 'key [count]',
    summary: 'Remove and return the lowest-scored members, with their scores.',
    since: '5.0.0',
    run: (c, a) => zpop(c, a, false),
  }),
  command({
    group: 'sorted-set',
    name: 'zpopmax',
    arity: -2,
    flags: 'write fast',
    keys: KEY1,
    args: 'key [count]',
    summary: 'Remove and return the highest-scored members, with their scores.',
    since: '5.0.0',
    run: (c, a) => zpop(c, a, true),
  }),
  command({
    group: 'sorted-set',
    name: 'zmpop',
    arity: -4,
    flags: 'write',
    keys: [keynum(1)],
    args: 'numkeys key [key ...] MIN | MAX [COUNT count]',
    summary: 'Pop from the first non-empty sorted set: [key, [[member, score], ...]].',
    since: '7.0.0',
    run: zmpop,
  }),
  command({
    group: 'sorted-set',
    name: 'zunion',
    arity: -3,
    flags: 'readonly',
    keys: [keynum(1)],
    args: 'numkeys key [key ...] [WEIGHTS weight [weight ...]] [AGGREGATE SUM | MIN | MAX] [WITHSCORES]',
    summary:
      'Members of any input (sets count as score 1), scores added (or MIN / MAX), times WEIGHTS.',
    since: '6.2.0',
    run: (c, a) => zsetOp(c, a, null, 1, 'union', false),
  }),
  command({
    group: 'sorted-set',
    name: 'zunionstore',
    arity: -4,
    flags: 'write denyoom',
    keys: [{ index: 1, lastKey: 0, step: 1 }, keynum(2)],
    args: 'destination numkeys key [key ...] [WEIGHTS weight [weight ...]] [AGGREGATE SUM | MIN | MAX]',
    summary: 'Store ZUNION at destination; returns its size.',
    since: '2.0.0',
    run: (c, a) => zsetOp(c, a, a[1]!, 2, 'union', false),
  }),
  command({
    group: 'sorted-set',
    name: 'zinter',
    arity: -3,
    flags: 'readonly',
    keys: [keynum(1)],
    args: 'numkeys key [key ...] [WEIGHTS weight [weight ...]] [AGGREGATE SUM | MIN | MAX] [WITHSCORES]',
    summary: 'Members in every input, scores added (or MIN / MAX), times WEIGHTS.',
    since: '6.2.0',
    run: (c, a) => zsetOp(c, a, null, 1, 'inter', false),
  }),
  command({
    group: 'sorted-set',
    name: 'zinterstore',
    arity: -4,
    flags: 'write denyoom',
    keys: [{ index: 1, lastKey: 0, step: 1 }, keynum(2)],
    args: 'destination numkeys key [key ...] [WEIGHTS weight [weight ...]] [AGGREGATE SUM | MIN | MAX]',
    summary: 'Store ZINTER at destination; returns its size.',
    since: '2.0.0',
    run: (c, a) => zsetOp(c, a, a[1]!, 2, 'inter', false),
  }),
  command({
    group: 'sorted-set',
    name: 'zintercard',
    arity: -3,
    flags: 'readonly',
    keys: [keynum(1)],
    args: 'numkeys key [key ...] [LIMIT limit]',
    summary: 'The size of the intersection (LIMIT: stop counting there).',
    since: '7.0.0',
    run: zintercard,
  }),
  command({
    group: 'sorted-set',
    name: 'zdiff',
    arity: -3,
    flags: 'readonly',
    keys: [keynum(1)],
    args: 'numkeys key [key ...] [WITHSCORES]',
    summary: 'Members of the first input that are in none of the others.',
    since: '6.2.0',
    run: (c, a) => zsetOp(c, a, null, 1, 'diff', false),
  }),
  command({
    group: 'sorted-set',
    name: 'zdiffstore',
    arity: -4,
    flags: 'write denyoom',
    keys: [{ index: 1, lastKey: 0, step: 1 }, keynum(2)],
    args: 'destination numkeys key [key ...]',
    summary: 'Store ZDIFF at destination; returns its size.',
    since: '6.2.0',
    run: (c, a) => zsetOp(c, a, a[1]!, 2, 'diff', false),
  }),
  command({
    group: 'sorted-set',
    name: 'bzpopmin',
    arity: -3,
    flags: 'write noscript blocking fast',
    keys: [{ index: 1, lastKey: -2, step: 1 }],
    args: 'key [key ...] timeout',
    summary:
      'ZPOPMIN from the first non-empty sorted set: [key, member, score] (never blocks in the lab).',
    since: '5.0.0',
    run: (c, a) => bzpop(c, a, false),
  }),
  command({
    group: 'sorted-set',
    name: 'bzpopmax',
    arity: -3,
    flags: 'write noscript blocking fast',
    keys: [{ index: 1, lastKey: -2, step: 1 }],
    args: 'key [key ...] timeout',
    summary:
      'ZPOPMAX from the first non-empty sorted set: [key, member, score] (never blocks in the lab).',
    since: '5.0.0',
    run: (c, a) => bzpop(c, a, true),
  }),
  command({
    group: 'sorted-set',
    name: 'bzmpop',
    arity: -5,
    flags: 'write blocking',
    keys: [keynum(2)],
    args: 'timeout numkeys key [key ...] MIN | MAX [COUNT count]',
    summary:
      'ZMPOP that would wait (never blocks in the lab; allowed in scripts, where it answers nil at once).',
    since: '7.0.0',
    run: bzmpop,
  }),
  command({
    group: 'sorted-set',
    name: 'zscan',
    arity: -3,
    flags: 'readonly',
    keys: KEY1,
    args: 'key cursor [MATCH pattern] [COUNT count]',
    summary:
      'Iterate members and scores: [next cursor, [m1, s1, ...]] (the lab answers in one go).',
    since: '2.8.0',
    run: zscan,
  }),
];
