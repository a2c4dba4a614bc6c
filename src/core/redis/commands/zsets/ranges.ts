// Sorted-set ranges: score bounds ("(" exclusive, -inf/+inf), lex bounds ([a, (a, - and +),
// rank windows, and the entries a Z*RANGE* selects; also how a computed range is answered or
// stored (ZRANGE ... WITHSCORES, ZRANGESTORE, the STORE forms of ZUNION / ZINTER / ZDIFF).
import { type Ctx } from '../../command';
import { formatScore, parseRangeDouble } from '../../numfmt';
import { arr, bulk, type Reply } from '../../reply';
import { noteZsetAdd } from '../../encoding';
import { intReply, ZERO } from '../../shared';
import { ZSet, type ZEntry } from '../../zset';

interface ScoreRange {
  min: number;
  minex: boolean;
  max: number;
  maxex: boolean;
}

/** zslParseRange: "(" makes a bound exclusive; null when a bound is not a float. */
export function parseRange(minArg: string, maxArg: string): ScoreRange | null {
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
export function scoreSpan(z: ZSet, r: ScoreRange): [number, number] {
  if (r.min > r.max || (r.min === r.max && (r.minex || r.maxex))) return [0, 0];
  const from = z.firstInRange(r.min, r.minex);
  const to = z.endOfRange(r.max, r.maxex);
  return to > from ? [from, to] : [0, 0];
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

export function parseLexRange(minArg: string, maxArg: string): LexRange | null {
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
export const lteMax = (m: string, r: LexRange): boolean =>
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
export function firstInLex(z: ZSet, r: LexRange): number {
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

export type RangeSpec =
  | { kind: 'rank'; start: number; end: number }
  | { kind: 'score'; r: ScoreRange }
  | { kind: 'lex'; r: LexRange };

/** The entries a Z*RANGE* selects, in reply order. */
export function collect(
  z: ZSet,
  spec: RangeSpec,
  rev: boolean,
  offset: number,
  limit: number,
): ZEntry[] {
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
export function storeZset(c: Ctx, dst: string, entries: readonly ZEntry[]): Reply {
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

export function withScores(entries: readonly ZEntry[], scores: boolean): Reply {
  const out: Reply[] = [];
  for (const e of entries) {
    out.push(bulk(e.member));
    if (scores) out.push(bulk(formatScore(e.score)));
  }
  return arr(out);
}
