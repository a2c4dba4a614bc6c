// Lists (Redis's t_list.c). An array: index 0 is the head (LPUSH / LPOP side).
import { keynum, command, KEY1, KEY1_2, type CommandRow, type Ctx } from '../command';
import { INT64_MIN, parseInt64, parseIntNum } from '../numfmt';
import { arr, bulk, err, NIL, NIL_ARRAY, OK, type Reply } from '../reply';
import {
  arityError,
  EMPTY,
  ERRORS,
  intReply,
  MINUS_ONE,
  timeoutArg,
  blockedReply,
  ZERO,
} from '../shared';

/** LPUSH, RPUSH and (onlyExisting) LPUSHX, RPUSHX. */
function push(c: Ctx, a: string[], left: boolean, onlyExisting = false): Reply {
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

function pop(c: Ctx, a: string[], left: boolean): Reply {
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

function llen(c: Ctx, a: string[]): Reply {
  const l = c.db.readList(a[1]!);
  if (l === null) return ERRORS.wrongType;
  return intReply(l === undefined ? 0 : l.length);
}

function lrange(c: Ctx, a: string[]): Reply {
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

function ltrim(c: Ctx, a: string[]): Reply {
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

function lindex(c: Ctx, a: string[]): Reply {
  const l = c.db.readList(a[1]!);
  if (l === undefined) return NIL;
  if (l === null) return ERRORS.wrongType;
  const index = parseInt64(a[2]!);
  if (index === null) return ERRORS.notInt;
  const i = listIndex(l.length, index);
  return i < 0 ? NIL : bulk(l[i]!);
}

function lset(c: Ctx, a: string[]): Reply {
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

function linsert(c: Ctx, a: string[]): Reply {
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

function lrem(c: Ctx, a: string[]): Reply {
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

function lpos(c: Ctx, a: string[]): Reply {
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
function move(c: Ctx, src: string, dst: string, fromLeft: boolean, toLeft: boolean): Reply {
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

function side(s: string): 'left' | 'right' | null {
  const o = s.toLowerCase();
  return o === 'left' || o === 'right' ? o : null;
}

function lmove(c: Ctx, a: string[]): Reply {
  const from = side(a[3]!);
  if (from === null) return ERRORS.syntax;
  const to = side(a[4]!);
  if (to === null) return ERRORS.syntax;
  return move(c, a[1]!, a[2]!, from === 'left', to === 'left');
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
function mpopArgs(a: string[], at: number): MpopArgs | Reply {
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
function mpop(c: Ctx, m: MpopArgs): Reply | null {
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

function lmpop(c: Ctx, a: string[]): Reply {
  const m = mpopArgs(a, 1);
  if ('t' in m) return m;
  return mpop(c, m) ?? NIL_ARRAY;
}

// ---- blocking forms: served at once when there is something to pop --------------------

function bpop(c: Ctx, a: string[], left: boolean): Reply {
  const t = timeoutArg(a[a.length - 1]!);
  if (typeof t !== 'number') return t;
  for (let i = 1; i < a.length - 1; i++) {
    const key = a[i]!;
    const l = c.db.readList(key);
    if (l === undefined) continue;
    if (l === null) return ERRORS.wrongType;
    const v = left ? l.shift()! : l.pop()!;
    c.db.dropIfEmpty(key, l.length);
    c.db.touch(key);
    return arr([bulk(key), bulk(v)]);
  }
  return blockedReply(c, a[0]!, t, NIL_ARRAY);
}

function bmove(c: Ctx, a: string[], from: boolean, to: boolean, timeoutAt: number): Reply {
  const t = timeoutArg(a[timeoutAt]!);
  if (typeof t !== 'number') return t;
  const s = c.db.readList(a[1]!);
  if (s === null) return ERRORS.wrongType;
  if (s === undefined) return blockedReply(c, a[0]!, t, NIL);
  return move(c, a[1]!, a[2]!, from, to);
}

function blmove(c: Ctx, a: string[]): Reply {
  const from = side(a[3]!);
  if (from === null) return ERRORS.syntax;
  const to = side(a[4]!);
  if (to === null) return ERRORS.syntax;
  return bmove(c, a, from === 'left', to === 'left', 5);
}

function blmpop(c: Ctx, a: string[]): Reply {
  const m = mpopArgs(a, 2);
  if ('t' in m) return m;
  const t = timeoutArg(a[1]!);
  if (typeof t !== 'number') return t;
  return mpop(c, m) ?? blockedReply(c, a[0]!, t, NIL_ARRAY);
}

export const LIST_COMMANDS: readonly CommandRow[] = [
  command({
    group: 'list',
    name: 'lpush',
    arity: -3,
    flags: 'write denyoom fast',
    keys: KEY1,
    args: 'key element [element ...]',
    summary: 'Push to the head of a list; returns the length.',
    since: '1.0.0',
    run: (c, a) => push(c, a, true),
  }),
  command({
    group: 'list',
    name: 'rpush',
    arity: -3,
    flags: 'write denyoom fast',
    keys: KEY1,
    args: 'key element [element ...]',
    summary: 'Push to the tail of a list; returns the length.',
    since: '1.0.0',
    run: (c, a) => push(c, a, false),
  }),
  command({
    group: 'list',
    name: 'lpop',
    arity: -2,
    flags: 'write fast',
    keys: KEY1,
    args: 'key [count]',
    summary: 'Pop from the head.',
    since: '1.0.0',
    run: (c, a) => pop(c, a, true),
  }),
  command({
    group: 'list',
    name: 'rpop',
    arity: -2,
    flags: 'write fast',
    keys: KEY1,
    args: 'key [count]',
    summary: 'Pop from the tail.',
    since: '1.0.0',
    run: (c, a) => pop(c, a, false),
  }),
  command({
    group: 'list',
    name: 'llen',
    arity: 2,
    flags: 'readonly fast',
    keys: KEY1,
    args: 'key',
    summary: 'Length of a list.',
    since: '1.0.0',
    run: llen,
  }),
  command({
    group: 'list',
    name: 'lrange',
    arity: 4,
    flags: 'readonly',
    keys: KEY1,
    args: 'key start stop',
    summary: 'Elements by index (0 -1: all).',
    since: '1.0.0',
    run: lrange,
  }),
  command({
    group: 'list',
    name: 'ltrim',
    arity: 4,
    flags: 'write',
    keys: KEY1,
    args: 'key start stop',
    summary: 'Keep only the elements in the range.',
    since: '1.0.0',
    run: ltrim,
  }),
  command({
    group: 'list',
    name: 'lpushx',
    arity: -3,
    flags: 'write denyoom fast',
    keys: KEY1,
    args: 'key element [element ...]',
    summary: 'LPUSH only onto an existing list; 0 if there is none.',
    since: '2.2.0',
    run: (c, a) => push(c, a, true, true),
  }),
  command({
    group: 'list',
    name: 'rpushx',
    arity: -3,
    flags: 'write denyoom fast',
    keys: KEY1,
    args: 'key element [element ...]',
    summary: 'RPUSH only onto an existing list; 0 if there is none.',
    since: '2.2.0',
    run: (c, a) => push(c, a, false, true),
  }),
  command({
    group: 'list',
    name: 'lindex',
    arity: 3,
    flags: 'readonly',
    keys: KEY1,
    args: 'key index',
    summary: 'The element at an index (negative: from the tail), or nil.',
    since: '1.0.0',
    run: lindex,
  }),
  command({
    group: 'list',
    name: 'lset',
    arity: 4,
    flags: 'write denyoom',
    keys: KEY1,
    args: 'key index element',
    summary: 'Replace the element at an index ("ERR index out of range" outside the list).',
    since: '1.0.0',
    run: lset,
  }),
  command({
    group: 'list',
    name: 'linsert',
    arity: 5,
    flags: 'write denyoom',
    keys: KEY1,
    args: 'key BEFORE | AFTER pivot element',
    summary:
      'Insert before or after the first pivot; the new length, -1 without pivot, 0 without list.',
    since: '2.2.0',
    run: linsert,
  }),
  command({
    group: 'list',
    name: 'lrem',
    arity: 4,
    flags: 'write',
    keys: KEY1,
    args: 'key count element',
    summary: 'Remove count copies (0: all; negative: from the tail); returns how many.',
    since: '1.0.0',
    run: lrem,
  }),
  command({
    group: 'list',
    name: 'lpos',
    arity: -3,
    flags: 'readonly',
    keys: KEY1,
    args: 'key element [RANK rank] [COUNT num-matches] [MAXLEN len]',
    summary:
      'The index of a matching element (RANK: which match, COUNT: several, MAXLEN: how far to look).',
    since: '6.0.6',
    run: lpos,
  }),
  command({
    group: 'list',
    name: 'lmove',
    arity: 5,
    flags: 'write denyoom',
    keys: KEY1_2,
    args: 'source destination LEFT | RIGHT LEFT | RIGHT',
    summary: 'Pop an element from one list and push it onto another (or the same); returns it.',
    since: '6.2.0',
    run: lmove,
  }),
  command({
    group: 'list',
    name: 'rpoplpush',
    arity: 3,
    flags: 'write denyoom',
    keys: KEY1_2,
    args: 'source destination',
    summary: 'LMOVE source destination RIGHT LEFT.',
    since: '1.2.0',
    run: (c, a) => move(c, a[1]!, a[2]!, false, true),
  }),
  command({
    group: 'list',
    name: 'lmpop',
    arity: -4,
    flags: 'write',
    keys: [keynum(1)],
    args: 'numkeys key [key ...] LEFT | RIGHT [COUNT count]',
    summary: 'Pop up to count elements from the first non-empty list: [key, [elements]].',
    since: '7.0.0',
    run: lmpop,
  }),
  command({
    group: 'list',
    name: 'blpop',
    arity: -3,
    flags: 'write noscript blocking',
    keys: [{ index: 1, lastKey: -2, step: 1 }],
    args: 'key [key ...] timeout',
    summary:
      'LPOP from the first non-empty list: [key, element]. The lab never blocks: with every list empty it answers nil inside MULTI, an error outside.',
    since: '2.0.0',
    run: (c, a) => bpop(c, a, true),
  }),
  command({
    group: 'list',
    name: 'brpop',
    arity: -3,
    flags: 'write noscript blocking',
    keys: [{ index: 1, lastKey: -2, step: 1 }],
    args: 'key [key ...] timeout',
    summary: 'RPOP from the first non-empty list: [key, element] (never blocks in the lab).',
    since: '2.0.0',
    run: (c, a) => bpop(c, a, false),
  }),
  command({
    group: 'list',
    name: 'blmove',
    arity: 6,
    flags: 'write denyoom noscript blocking',
    keys: KEY1_2,
    args: 'source destination LEFT | RIGHT LEFT | RIGHT timeout',
    summary: 'LMOVE that would wait for an element (never blocks in the lab).',
    since: '6.2.0',
    run: blmove,
  }),
  command({
    group: 'list',
    name: 'brpoplpush',
    arity: 4,
    flags: 'write denyoom noscript blocking',
    keys: KEY1_2,
    args: 'source destination timeout',
    summary: 'RPOPLPUSH that would wait for an element (never blocks in the lab).',
    since: '2.2.0',
    run: (c, a) => bmove(c, a, false, true, 3),
  }),
  command({
    group: 'list',
    name: 'blmpop',
    arity: -5,
    flags: 'write blocking',
    keys: [keynum(2)],
    args: 'timeout numkeys key [key ...] LEFT | RIGHT [COUNT count]',
    summary:
      'LMPOP that would wait (never blocks in the lab; allowed in scripts, where it answers nil at once).',
    since: '7.0.0',
    run: blmpop,
  }),
];
