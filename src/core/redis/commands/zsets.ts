// Sorted sets (Redis's t_zset.c): members ordered by (score, member bytes), ranges by rank,
// score and lexicographic order.
import { row, KEY1, type CommandRow, type Ctx, type KeySpec } from '../command';
import { formatScore, parseDouble, parseIntNum, parseRangeDouble } from '../numfmt';
import { arr, bulk, err, NIL, type Reply } from '../reply';
import { EMPTY, ERRORS, intReply, ZERO } from '../shared';
import type { ZSet } from '../zset';
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

function zrange(
  c: Ctx,
  a: string[],
  type: 'auto' | 'rank' | 'score',
  dir: 'auto' | 'fwd' | 'rev',
): Reply {
  let withscores = false;
  let offset = 0;
  let limit = -1;
  let lex = false;
  for (let j = 4; j < a.length; j++) {
    const o = a[j]!.toLowerCase();
    const left = a.length - j - 1;
    if (o === 'withscores') withscores = true;
    else if (o === 'limit' && left >= 2) {
      const off = parseIntNum(a[j + 1]!);
      if (off === null) return ERRORS.notInt;
      const lim = parseIntNum(a[j + 2]!);
      if (lim === null) return ERRORS.notInt;
      offset = off;
      limit = lim;
      j += 2;
    } else if (dir === 'auto' && o === 'rev') dir = 'rev';
    else if (type === 'auto' && o === 'bylex') {
      type = 'rank';
      lex = true;
    } else if (type === 'auto' && o === 'byscore') type = 'score';
    else return ERRORS.syntax;
  }
  if (dir === 'auto') dir = 'fwd';
  if (type === 'auto') type = 'rank';
  if (limit !== -1 && type === 'rank' && !lex) {
    return err(
      'ERR syntax error, LIMIT is only supported in combination with either BYSCORE or BYLEX',
    );
  }
  if (withscores && lex) {
    return err('ERR syntax error, WITHSCORES not supported in combination with BYLEX');
  }
  const rev = dir === 'rev';
  let minArg = a[2]!;
  let maxArg = a[3]!;
  if (rev && (type === 'score' || lex)) {
    minArg = a[3]!;
    maxArg = a[2]!;
  }
  if (lex) return zrangeByLex(c, a[1]!, minArg, maxArg, offset, limit, rev);
  if (type === 'rank') {
    const start = parseIntNum(minArg);
    if (start === null) return ERRORS.notInt;
    const end = parseIntNum(maxArg);
    if (end === null) return ERRORS.notInt;
    const z = c.db.readZset(a[1]!);
    if (z === null) return ERRORS.wrongType;
    if (z === undefined) return EMPTY;
    const n = z.size;
    let s = start < 0 ? n + start : start;
    let e = end < 0 ? n + end : end;
    if (s < 0) s = 0;
    if (s > e || s >= n) return EMPTY;
    if (e >= n) e = n - 1;
    const out: Reply[] = [];
    const ents = z.entries;
    for (let i = s; i <= e; i++) {
      const ent = ents[rev ? n - 1 - i : i]!;
      out.push(bulk(ent.member));
      if (withscores) out.push(bulk(formatScore(ent.score)));
    }
    return arr(out);
  }
  const r = parseRange(minArg, maxArg);
  if (r === null) return ERRORS.minMax;
  const z = c.db.readZset(a[1]!);
  if (z === null) return ERRORS.wrongType;
  if (z === undefined) return EMPTY;
  if (offset > 0 && offset >= z.size) return EMPTY;
  if (offset < 0) return EMPTY;
  const [from, to] = scoreSpan(z, r);
  const out: Reply[] = [];
  const ents = z.entries;
  const count = to - from;
  let remaining = limit < 0 ? Infinity : limit;
  for (let k = offset; k < count && remaining > 0; k++, remaining--) {
    const ent = ents[rev ? to - 1 - k : from + k]!;
    out.push(bulk(ent.member));
    if (withscores) out.push(bulk(formatScore(ent.score)));
  }
  return arr(out);
}

function zrangeByLex(
  c: Ctx,
  key: string,
  minArg: string,
  maxArg: string,
  offset: number,
  limit: number,
  rev: boolean,
): Reply {
  const parse = (s: string): { v: string; ex: boolean; inf: -1 | 0 | 1 } | null => {
    if (s === '+') return { v: '', ex: false, inf: 1 };
    if (s === '-') return { v: '', ex: false, inf: -1 };
    if (s[0] === '(') return { v: s.slice(1), ex: true, inf: 0 };
    if (s[0] === '[') return { v: s.slice(1), ex: false, inf: 0 };
    return null;
  };
  const min = parse(minArg);
  const max = parse(maxArg);
  if (min === null || max === null) return ERRORS.minMaxLex;
  const z = c.db.readZset(key);
  if (z === null) return ERRORS.wrongType;
  if (z === undefined) return EMPTY;
  if (offset > 0 && offset >= z.size) return EMPTY;
  if (offset < 0) return EMPTY;
  const gteMin = (m: string): boolean =>
    min.inf === -1 ? true : min.inf === 1 ? false : min.ex ? m > min.v : m >= min.v;
  const lteMax = (m: string): boolean =>
    max.inf === 1 ? true : max.inf === -1 ? false : max.ex ? m < max.v : m <= max.v;
  const inRange = z.entries.filter((e) => gteMin(e.member) && lteMax(e.member));
  if (rev) inRange.reverse();
  const end = limit < 0 ? inRange.length : offset + limit;
  return arr(inRange.slice(offset, end).map((e) => bulk(e.member)));
}

function zremrange(c: Ctx, a: string[], type: 'score' | 'rank'): Reply {
  let start = 0;
  let end = 0;
  let r: ScoreRange | null = null;
  if (type === 'rank') {
    const s = parseIntNum(a[2]!);
    if (s === null) return ERRORS.notInt;
    const e = parseIntNum(a[3]!);
    if (e === null) return ERRORS.notInt;
    start = s;
    end = e;
  } else {
    r = parseRange(a[2]!, a[3]!);
    if (r === null) return ERRORS.minMax;
  }
  const key = a[1]!;
  const z = c.db.readZset(key);
  if (z === null) return ERRORS.wrongType;
  if (z === undefined) return ZERO;
  let from: number;
  let to: number;
  if (r !== null) [from, to] = scoreSpan(z, r);
  else {
    const n = z.size;
    if (start < 0) start = n + start;
    if (end < 0) end = n + end;
    if (start < 0) start = 0;
    if (start > end || start >= n) return ZERO;
    if (end >= n) end = n - 1;
    from = start;
    to = end + 1;
  }
  const removed = z.removeRange(from, to);
  if (removed > 0) {
    c.db.dropIfEmpty(key, z.size);
    c.db.touch(key);
  }
  return intReply(removed);
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
): CommandRow => row('sorted-set', name, arity, flags, keys, args, summary, since, impl);

export const ZSET_COMMANDS: readonly CommandRow[] = [
  def(
    'zadd',
    -4,
    'write denyoom fast',
    KEY1,
    'key [NX | XX] [GT | LT] [CH] [INCR] score member [score member ...]',
    'Add members with scores to a sorted set; returns how many were added.',
    '1.2.0',
    (c, a) => zadd(c, a, false),
  ),
  def(
    'zincrby',
    4,
    'write denyoom fast',
    KEY1,
    'key increment member',
    "Add to a member's score.",
    '1.2.0',
    (c, a) => zadd(c, a, true),
  ),
  def(
    'zrem',
    -3,
    'write fast',
    KEY1,
    'key member [member ...]',
    'Remove members; returns how many existed.',
    '1.2.0',
    zrem,
  ),
  def('zcard', 2, 'readonly fast', KEY1, 'key', 'Number of members.', '1.2.0', zcard),
  def(
    'zscore',
    3,
    'readonly fast',
    KEY1,
    'key member',
    "A member's score as a string, or nil.",
    '1.2.0',
    zscore,
  ),
  def(
    'zcount',
    4,
    'readonly fast',
    KEY1,
    'key min max',
    'Members with a score in [min, max] (use "(" for exclusive, -inf/+inf).',
    '2.0.0',
    zcount,
  ),
  def(
    'zrange',
    -4,
    'readonly',
    KEY1,
    'key start stop [BYSCORE | BYLEX] [REV] [LIMIT offset count] [WITHSCORES]',
    'Members by rank (or by score with BYSCORE, by name with BYLEX); WITHSCORES interleaves the scores.',
    '1.2.0',
    (c, a) => zrange(c, a, 'auto', 'auto'),
  ),
  def(
    'zrangebyscore',
    -4,
    'readonly',
    KEY1,
    'key min max [WITHSCORES] [LIMIT offset count]',
    'Members with a score in [min, max], lowest first.',
    '1.0.5',
    (c, a) => zrange(c, a, 'score', 'fwd'),
  ),
  def(
    'zrevrange',
    -4,
    'readonly',
    KEY1,
    'key start stop [WITHSCORES]',
    'Members by rank, highest score first.',
    '1.2.0',
    (c, a) => zrange(c, a, 'rank', 'rev'),
  ),
  def(
    'zrevrangebyscore',
    -4,
    'readonly',
    KEY1,
    'key max min [WITHSCORES] [LIMIT offset count]',
    'Members with a score in [min, max], highest first (note: max comes first).',
    '2.2.0',
    (c, a) => zrange(c, a, 'score', 'rev'),
  ),
  def(
    'zremrangebyscore',
    4,
    'write',
    KEY1,
    'key min max',
    'Remove members with a score in [min, max]; returns how many.',
    '1.2.0',
    (c, a) => zremrange(c, a, 'score'),
  ),
  def(
    'zremrangebyrank',
    4,
    'write',
    KEY1,
    'key start stop',
    'Remove members by rank.',
    '2.0.0',
    (c, a) => zremrange(c, a, 'rank'),
  ),
];
