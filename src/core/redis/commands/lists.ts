// Lists (Redis's t_list.c). An array: index 0 is the head (LPUSH / LPOP side).
import { row, KEY1, type CommandRow, type Ctx, type KeySpec } from '../command';
import { parseIntNum } from '../numfmt';
import { arr, bulk, NIL, NIL_ARRAY, OK, type Reply } from '../reply';
import { arityError, EMPTY, ERRORS, intReply } from '../shared';

function push(c: Ctx, a: string[], left: boolean): Reply {
  const key = a[1]!;
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

const def = (
  name: string,
  arity: number,
  flags: string,
  keys: readonly KeySpec[],
  args: string,
  summary: string,
  since: string,
  impl: (c: Ctx, a: string[]) => Reply,
): CommandRow => row('list', name, arity, flags, keys, args, summary, since, impl);

export const LIST_COMMANDS: readonly CommandRow[] = [
  def(
    'lpush',
    -3,
    'write denyoom fast',
    KEY1,
    'key element [element ...]',
    'Push to the head of a list; returns the length.',
    '1.0.0',
    (c, a) => push(c, a, true),
  ),
  def(
    'rpush',
    -3,
    'write denyoom fast',
    KEY1,
    'key element [element ...]',
    'Push to the tail of a list; returns the length.',
    '1.0.0',
    (c, a) => push(c, a, false),
  ),
  def('lpop', -2, 'write fast', KEY1, 'key [count]', 'Pop from the head.', '1.0.0', (c, a) =>
    pop(c, a, true),
  ),
  def('rpop', -2, 'write fast', KEY1, 'key [count]', 'Pop from the tail.', '1.0.0', (c, a) =>
    pop(c, a, false),
  ),
  def('llen', 2, 'readonly fast', KEY1, 'key', 'Length of a list.', '1.0.0', llen),
  def(
    'lrange',
    4,
    'readonly',
    KEY1,
    'key start stop',
    'Elements by index (0 -1: all).',
    '1.0.0',
    lrange,
  ),
  def(
    'ltrim',
    4,
    'write',
    KEY1,
    'key start stop',
    'Keep only the elements in the range.',
    '1.0.0',
    ltrim,
  ),
];
