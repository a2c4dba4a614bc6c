// Sorted-set pops: ZPOPMIN / ZPOPMAX, ZMPOP, and the blocking forms (BZPOPMIN, BZPOPMAX, BZMPOP),
// served at once when there is something to pop; the model never waits (blockedReply in shared.ts).
import { type Ctx } from '../../command';
import { formatScore, parseInt64 } from '../../numfmt';
import { arr, bulk, err, NIL_ARRAY, type Reply } from '../../reply';
import { EMPTY, ERRORS, timeoutArg, blockedReply } from '../../shared';
import { type ZSet, type ZEntry } from '../../zset';
import { withScores } from './ranges';

/** Pop up to count entries from the low (min) or high end; the key goes when emptied. */
function popEntries(c: Ctx, key: string, z: ZSet, max: boolean, count: number): ZEntry[] {
  const n = Math.min(count, z.size);
  const taken = max ? z.takeRange(z.size - n, z.size).reverse() : z.takeRange(0, n);
  c.db.dropIfEmpty(key, z.size);
  c.db.touch(key);
  return taken;
}

export function zpop(c: Ctx, a: string[], max: boolean): Reply {
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

export function zmpop(c: Ctx, a: string[]): Reply {
  const m = zmpopArgs(a, 1);
  if ('t' in m) return m;
  return zmpopRun(c, m) ?? NIL_ARRAY;
}

export function bzmpop(c: Ctx, a: string[]): Reply {
  const m = zmpopArgs(a, 2);
  if ('t' in m) return m;
  const t = timeoutArg(a[1]!);
  if (typeof t !== 'number') return t;
  return zmpopRun(c, m) ?? blockedReply(c, a[0]!, t, NIL_ARRAY);
}

/** BZPOPMIN / BZPOPMAX: [key, member, score] from the first non-empty sorted set. */
export function bzpop(c: Ctx, a: string[], max: boolean): Reply {
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
