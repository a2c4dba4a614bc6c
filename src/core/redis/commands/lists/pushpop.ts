// Pushing and popping at either end: LPUSH, RPUSH, their X forms, LPOP, RPOP, LMPOP. An array:
// index 0 is the head (LPUSH / LPOP side).
import { type Ctx } from '../../command';
import { parseInt64, parseIntNum } from '../../numfmt';
import { arr, bulk, err, NIL, NIL_ARRAY, type Reply } from '../../reply';
import { arityError, EMPTY, ERRORS, intReply, ZERO } from '../../shared';
import { side } from './range';

/** LPUSH, RPUSH and (onlyExisting) LPUSHX, RPUSHX. */
export function push(c: Ctx, a: string[], left: boolean, onlyExisting = false): Reply {
  const key = a[1]!;
  if (onlyExisting) {
    const cur = c.db.readList(key);
    if (cur === null) return ERRORS.wrongType;
    if (cur === undefined) return ZERO;
  }
  const l = c.db.writeList(key);
  if (l === null) return ERRORS.wrongType;
  for (let i = 2; i < a.length; i++) {
    if (left) l.unshift(a[i]!);
    else l.push(a[i]!);
  }
  c.db.touch(key);
  return intReply(l.length);
}

export function pop(c: Ctx, a: string[], left: boolean): Reply {
  if (a.length > 3) return arityError(left ? 'lpop' : 'rpop');
  let count = -1;
  if (a.length === 3) {
    const n = parseIntNum(a[2]!);
    if (n === null || n < 0) return ERRORS.positive;
    count = n;
  }
  const key = a[1]!;
  const l = c.db.readList(key);
  if (l === undefined) return count >= 0 ? NIL_ARRAY : NIL;
  if (l === null) return ERRORS.wrongType;
  if (count === 0) return EMPTY;
  let out: Reply;
  if (count < 0) {
    const v = left ? l.shift()! : l.pop()!;
    out = bulk(v);
  } else {
    const n = Math.min(count, l.length);
    const items = left ? l.splice(0, n) : l.splice(l.length - n, n).reverse();
    out = arr(items.map(bulk));
  }
  c.db.dropIfEmpty(key, l.length);
  c.db.touch(key);
  return out;
}

/** "numkeys should be greater than 0" and friends: getRangeLongFromObjectOrReply(1, LONG_MAX). */
function positive(s: string, message: string): number | Reply {
  const v = parseInt64(s);
  if (v === null || v < 1n) return err(`ERR ${message}`);
  return Number(v);
}

interface MpopArgs {
  keys: string[];
  left: boolean;
  count: number;
}

/** LMPOP / BLMPOP arguments from numkeys at `at` (lmpopGenericCommand). */
export function mpopArgs(a: string[], at: number): MpopArgs | Reply {
  const numkeys = positive(a[at]!, 'numkeys should be greater than 0');
  if (typeof numkeys !== 'number') return numkeys;
  const whereIdx = at + numkeys + 1;
  if (whereIdx >= a.length) return ERRORS.syntax;
  const where = side(a[whereIdx]!);
  if (where === null) return ERRORS.syntax;
  let count = -1;
  for (let j = whereIdx + 1; j < a.length; j++) {
    if (count === -1 && a[j]!.toLowerCase() === 'count' && j < a.length - 1) {
      const n = positive(a[++j]!, 'count should be greater than 0');
      if (typeof n !== 'number') return n;
      count = n;
    } else return ERRORS.syntax;
  }
  return {
    keys: a.slice(at + 1, whereIdx),
    left: where === 'left',
    count: count === -1 ? 1 : count,
  };
}

/** Pop from the first non-empty list: [key, [elements]]; null when every list is empty. */
export function mpop(c: Ctx, m: MpopArgs): Reply | null {
  for (const key of m.keys) {
    const l = c.db.readList(key);
    if (l === undefined) continue;
    if (l === null) return ERRORS.wrongType;
    const n = Math.min(m.count, l.length);
    const items = m.left ? l.splice(0, n) : l.splice(l.length - n, n).reverse();
    c.db.dropIfEmpty(key, l.length);
    c.db.touch(key);
    return arr([bulk(key), arr(items.map(bulk))]);
  }
  return null;
}

export function lmpop(c: Ctx, a: string[]): Reply {
  const m = mpopArgs(a, 1);
  if ('t' in m) return m;
  return mpop(c, m) ?? NIL_ARRAY;
}
