// Sorted-set writes: ZADD and its options, ZINCRBY, ZREM and the ZREMRANGEBY* forms.
import { type Ctx } from '../../command';
import { formatScore, parseDouble, parseInt64 } from '../../numfmt';
import { bulk, err, NIL, type Reply } from '../../reply';
import { noteZsetAdd } from '../../encoding';
import { ERRORS, intReply, ZERO } from '../../shared';
import { type ZSet } from '../../zset';
import { removeMembers } from '../hashes';
import { firstInLex, lteMax, parseLexRange, parseRange, scoreSpan, type RangeSpec } from './ranges';

export function zadd(c: Ctx, a: string[], zincrby: boolean): Reply {
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

export function zrem(c: Ctx, a: string[]): Reply {
  const key = a[1]!;
  const z = c.db.readZset(key);
  if (z === null) return ERRORS.wrongType;
  return z === undefined ? ZERO : removeMembers(c, key, z, a);
}

/** ZREMRANGEBYRANK, ZREMRANGEBYSCORE, ZREMRANGEBYLEX. */
export function zremrange(c: Ctx, a: string[], type: 'score' | 'rank' | 'lex'): Reply {
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
