// A list by position: LLEN, LRANGE, LTRIM, LINDEX, LSET, LINSERT, LREM, LPOS, and moving an
// element between lists (LMOVE, RPOPLPUSH).
import { type Ctx } from '../../command';
import { INT64_MIN, parseInt64, parseIntNum } from '../../numfmt';
import { arr, bulk, err, NIL, OK, type Reply } from '../../reply';
import { EMPTY, ERRORS, intReply, MINUS_ONE, ZERO } from '../../shared';

export function llen(c: Ctx, a: string[]): Reply {
  const l = c.db.readList(a[1]!);
  if (l === null) return ERRORS.wrongType;
  return intReply(l === undefined ? 0 : l.length);
}

export function lrange(c: Ctx, a: string[]): Reply {
  const start = parseIntNum(a[2]!);
  if (start === null) return ERRORS.notInt;
  const end = parseIntNum(a[3]!);
  if (end === null) return ERRORS.notInt;
  const l = c.db.readList(a[1]!);
  if (l === null) return ERRORS.wrongType;
  if (l === undefined) return EMPTY;
  const n = l.length;
  let s = start < 0 ? n + start : start;
  let e = end < 0 ? n + end : end;
  if (s < 0) s = 0;
  if (s > e || s >= n) return EMPTY;
  if (e >= n) e = n - 1;
  const out: Reply[] = [];
  for (let i = s; i <= e; i++) out.push(bulk(l[i]!));
  return arr(out);
}

export function ltrim(c: Ctx, a: string[]): Reply {
  const start = parseIntNum(a[2]!);
  if (start === null) return ERRORS.notInt;
  const end = parseIntNum(a[3]!);
  if (end === null) return ERRORS.notInt;
  const key = a[1]!;
  const l = c.db.readList(key);
  if (l === null) return ERRORS.wrongType;
  if (l === undefined) return OK;
  const n = l.length;
  let s = start < 0 ? n + start : start;
  let e = end < 0 ? n + end : end;
  if (s < 0) s = 0;
  let ltrimN: number;
  let rtrimN: number;
  if (s > e || s >= n) {
    ltrimN = n;
    rtrimN = 0;
  } else {
    if (e >= n) e = n - 1;
    ltrimN = s;
    rtrimN = n - e - 1;
  }
  if (rtrimN > 0) l.splice(n - rtrimN, rtrimN);
  if (ltrimN > 0) l.splice(0, ltrimN);
  c.db.dropIfEmpty(key, l.length);
  c.db.touch(key);
  return OK;
}

/** An index of a list of length n (negative: from the tail); -1 when outside. */
function listIndex(n: number, index: bigint): number {
  const i = index < 0n ? BigInt(n) + index : index;
  return i < 0n || i >= BigInt(n) ? -1 : Number(i);
}

export function lindex(c: Ctx, a: string[]): Reply {
  const l = c.db.readList(a[1]!);
  if (l === undefined) return NIL;
  if (l === null) return ERRORS.wrongType;
  const index = parseInt64(a[2]!);
  if (index === null) return ERRORS.notInt;
  const i = listIndex(l.length, index);
  return i < 0 ? NIL : bulk(l[i]!);
}

export function lset(c: Ctx, a: string[]): Reply {
  const key = a[1]!;
  const l = c.db.readList(key);
  if (l === undefined) return ERRORS.noSuchKey;
  if (l === null) return ERRORS.wrongType;
  const index = parseInt64(a[2]!);
  if (index === null) return ERRORS.notInt;
  const i = listIndex(l.length, index);
  if (i < 0) return ERRORS.outOfRange;
  l[i] = a[3]!;
  c.db.touch(key);
  return OK;
}

export function linsert(c: Ctx, a: string[]): Reply {
  const where = a[2]!.toLowerCase();
  if (where !== 'before' && where !== 'after') return ERRORS.syntax;
  const key = a[1]!;
  const l = c.db.readList(key);
  if (l === undefined) return ZERO;
  if (l === null) return ERRORS.wrongType;
  const at = l.indexOf(a[3]!);
  if (at < 0) return MINUS_ONE;
  l.splice(where === 'after' ? at + 1 : at, 0, a[4]!);
  c.db.touch(key);
  return intReply(l.length);
}

export function lrem(c: Ctx, a: string[]): Reply {
  const n = parseInt64(a[2]!);
  if (n === null) return ERRORS.notInt;
  const key = a[1]!;
  const l = c.db.readList(key);
  if (l === undefined) return ZERO;
  if (l === null) return ERRORS.wrongType;
  const v = a[3]!;
  const limit = n === 0n ? Infinity : Number(n < 0n ? -n : n);
  let removed = 0;
  if (n < 0n) {
    for (let i = l.length - 1; i >= 0 && removed < limit; i--) {
      if (l[i] === v) {
        l.splice(i, 1);
        removed++;
      }
    }
  } else {
    for (let i = 0; i < l.length && removed < limit;) {
      if (l[i] === v) {
        l.splice(i, 1);
        removed++;
      } else i++;
    }
  }
  if (removed > 0) c.db.touch(key);
  c.db.dropIfEmpty(key, l.length);
  return intReply(removed);
}

/** getPositiveLongFromObjectOrReply with Redis's message for both a non-integer and < 0. */
function nonNegative(s: string, message: string): number | Reply {
  const v = parseInt64(s);
  if (v === null || v < 0n) return err(`ERR ${message}`);
  return Number(v);
}

export function lpos(c: Ctx, a: string[]): Reply {
  let rank = 1n;
  let count = -1;
  let maxlen = 0;
  for (let j = 3; j < a.length; j++) {
    const opt = a[j]!.toLowerCase();
    const more = j < a.length - 1;
    if (opt === 'rank' && more) {
      const r = parseInt64(a[++j]!);
      if (r === null) return ERRORS.notInt;
      if (r === 0n) {
        return err(
          "ERR RANK can't be zero: use 1 to start from the first match, 2 from the second ... or use negative to start from the end of the list",
        );
      }
      rank = r;
    } else if (opt === 'count' && more) {
      const n = nonNegative(a[++j]!, "COUNT can't be negative");
      if (typeof n !== 'number') return n;
      count = n;
    } else if (opt === 'maxlen' && more) {
      const n = nonNegative(a[++j]!, "MAXLEN can't be negative");
      if (typeof n !== 'number') return n;
      maxlen = n;
    } else return ERRORS.syntax;
  }
  // -LONG_MIN overflows in C and stays negative: Redis then takes the first match from the tail.
  const fromTail = rank < 0n;
  const skip = rank === INT64_MIN ? 1 : Number(fromTail ? -rank : rank);
  const l = c.db.readList(a[1]!);
  if (l === undefined) return count !== -1 ? EMPTY : NIL;
  if (l === null) return ERRORS.wrongType;
  const n = l.length;
  const ele = a[2]!;
  const out: Reply[] = [];
  let matches = 0;
  for (let k = 0; k < n && (maxlen === 0 || k < maxlen); k++) {
    const i = fromTail ? n - 1 - k : k;
    if (l[i] !== ele) continue;
    matches++;
    if (matches < skip) continue;
    if (count === -1) return intReply(i);
    out.push(intReply(i));
    if (count !== 0 && out.length >= count) break;
  }
  return count === -1 ? NIL : arr(out);
}

/** LMOVE and RPOPLPUSH: pop from one list, push onto another (or the same) one. */
export function move(c: Ctx, src: string, dst: string, fromLeft: boolean, toLeft: boolean): Reply {
  const s = c.db.readList(src);
  if (s === undefined) return NIL;
  if (s === null) return ERRORS.wrongType;
  const d0 = c.db.readList(dst);
  if (d0 === null) return ERRORS.wrongType;
  const v = fromLeft ? s.shift()! : s.pop()!;
  const d = d0 ?? c.db.writeList(dst)!;
  if (toLeft) d.unshift(v);
  else d.push(v);
  c.db.touch(dst);
  c.db.dropIfEmpty(src, s.length);
  c.db.touch(src);
  return bulk(v);
}

export function side(s: string): 'left' | 'right' | null {
  const o = s.toLowerCase();
  return o === 'left' || o === 'right' ? o : null;
}

export function lmove(c: Ctx, a: string[]): Reply {
  const from = side(a[3]!);
  if (from === null) return ERRORS.syntax;
  const to = side(a[4]!);
  if (to === null) return ERRORS.syntax;
  return move(c, a[1]!, a[2]!, from === 'left', to === 'left');
}
