// The blocking forms (BLPOP, BRPOP, BLMOVE, BRPOPLPUSH, BLMPOP): served at once when there is
// something to pop. The model never waits: with nothing to pop it answers nil, or an error for
// timeout 0 (blockedReply in shared.ts).
import { type Ctx } from '../../command';
import { arr, bulk, NIL, NIL_ARRAY, type Reply } from '../../reply';
import { ERRORS, timeoutArg, blockedReply } from '../../shared';
import { mpop, mpopArgs } from './pushpop';
import { move, side } from './range';

export function bpop(c: Ctx, a: string[], left: boolean): Reply {
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

export function bmove(c: Ctx, a: string[], from: boolean, to: boolean, timeoutAt: number): Reply {
  const t = timeoutArg(a[timeoutAt]!);
  if (typeof t !== 'number') return t;
  const s = c.db.readList(a[1]!);
  if (s === null) return ERRORS.wrongType;
  if (s === undefined) return blockedReply(c, a[0]!, t, NIL);
  return move(c, a[1]!, a[2]!, from, to);
}

export function blmove(c: Ctx, a: string[]): Reply {
  const from = side(a[3]!);
  if (from === null) return ERRORS.syntax;
  const to = side(a[4]!);
  if (to === null) return ERRORS.syntax;
  return bmove(c, a, from === 'left', to === 'left', 5);
}

export function blmpop(c: Ctx, a: string[]): Reply {
  const m = mpopArgs(a, 2);
  if ('t' in m) return m;
  const t = timeoutArg(a[1]!);
  if (typeof t !== 'number') return t;
  return mpop(c, m) ?? blockedReply(c, a[0]!, t, NIL_ARRAY);
}
