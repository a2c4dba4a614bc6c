// Sorted-set reads: ZCARD, ZSCORE, ZMSCORE, ZRANK, the counts (ZCOUNT, ZLEXCOUNT), ZRANGE in all
// its forms (and ZRANGESTORE) and ZSCAN.
import { type Ctx } from '../../command';
import { formatScore, parseInt64 } from '../../numfmt';
import { arr, bulk, err, NIL, type Reply } from '../../reply';
import { parseScan, scanReply } from '../../scan';
import { ERRORS, intReply, ZERO } from '../../shared';
import {
  collect,
  firstInLex,
  lteMax,
  parseLexRange,
  parseRange,
  scoreSpan,
  storeZset,
  withScores,
  type RangeSpec,
} from './ranges';

export function zcard(c: Ctx, a: string[]): Reply {
  const z = c.db.readZset(a[1]!);
  if (z === null) return ERRORS.wrongType;
  return intReply(z === undefined ? 0 : z.size);
}

export function zscore(c: Ctx, a: string[]): Reply {
  const z = c.db.readZset(a[1]!);
  if (z === null) return ERRORS.wrongType;
  const s = z?.scores.get(a[2]!);
  return s === undefined ? NIL : bulk(formatScore(s));
}

export function zcount(c: Ctx, a: string[]): Reply {
  const r = parseRange(a[2]!, a[3]!);
  if (r === null) return ERRORS.minMax;
  const z = c.db.readZset(a[1]!);
  if (z === null) return ERRORS.wrongType;
  if (z === undefined) return ZERO;
  const [from, to] = scoreSpan(z, r);
  return intReply(to - from);
}

/**
 * zrangeGenericCommand: ZRANGE and its older forms, and ZRANGESTORE (`store`: the destination
 * is a[1] and the source a[2]).
 */
export function zrange(
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

export function zlexcount(c: Ctx, a: string[]): Reply {
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

export function zrank(c: Ctx, a: string[], rev: boolean): Reply {
  const z = c.db.readZset(a[1]!);
  if (z === undefined) return NIL;
  if (z === null) return ERRORS.wrongType;
  const r = z.rank(a[2]!);
  if (r < 0) return NIL;
  return intReply(rev ? z.size - 1 - r : r);
}

export function zmscore(c: Ctx, a: string[]): Reply {
  const z = c.db.readZset(a[1]!);
  if (z === null) return ERRORS.wrongType;
  const out: Reply[] = [];
  for (let i = 2; i < a.length; i++) {
    const s = z?.scores.get(a[i]!);
    out.push(s === undefined ? NIL : bulk(formatScore(s)));
  }
  return arr(out);
}

export function zscan(c: Ctx, a: string[]): Reply {
  const sc = parseScan(a, 2, false);
  if ('t' in sc) return sc;
  const z = c.db.readZset(a[1]!);
  if (z === null) return ERRORS.wrongType;
  if (z === undefined || (z.skiplist && sc.cursor !== 0n)) return scanReply([], sc, true);
  const items: string[] = [];
  for (const e of z.entries) items.push(e.member, formatScore(e.score));
  return scanReply(items, sc, true);
}
