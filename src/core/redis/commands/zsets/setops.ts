// Sorted-set algebra: ZUNION, ZINTER, ZDIFF, their STORE forms and ZINTERCARD. A plain set
// counts as a sorted set whose members all score 1.
import { type Ctx } from '../../command';
import { parseDouble, parseInt64 } from '../../numfmt';
import { err, type Reply } from '../../reply';
import { RSet } from '../../set';
import { ERRORS, intReply } from '../../shared';
import { ZSet, type ZEntry } from '../../zset';
import { storeZset, withScores } from './ranges';

/** One input of ZUNION / ZINTER / ZDIFF: a sorted set, or a set whose members score 1. */
interface OpSource {
  size: number;
  entries: () => Iterable<ZEntry>;
  find: (member: string) => number | undefined;
  same: object | null;
  weight: number;
}

function opSource(v: ZSet | RSet | undefined): OpSource {
  if (v === undefined) {
    return { size: 0, entries: () => [], find: () => undefined, same: null, weight: 1 };
  }
  if (v instanceof ZSet) {
    return {
      size: v.size,
      entries: () => v.entries,
      find: (m) => v.scores.get(m),
      same: v,
      weight: 1,
    };
  }
  return {
    size: v.size,
    entries: () => v.items().map((member) => ({ member, score: 1 })),
    find: (m) => (v.has(m) ? 1 : undefined),
    same: v,
    weight: 1,
  };
}

type Aggregate = 'sum' | 'min' | 'max';

function aggregate(target: number, val: number, how: Aggregate): number {
  if (how === 'sum') {
    const s = target + val;
    return Number.isNaN(s) ? 0 : s;
  }
  if (how === 'min') return val < target ? val : target;
  return val > target ? val : target;
}

/** Entries ordered as a skiplist orders them (score, then member), -0 kept. */
function sortEntries(list: ZEntry[]): ZEntry[] {
  return list.sort((x, y) =>
    x.score < y.score
      ? -1
      : x.score > y.score
        ? 1
        : x.member < y.member
          ? -1
          : x.member > y.member
            ? 1
            : 0,
  );
}

/**
 * zunionInterDiffGenericCommand: ZUNION, ZINTER, ZDIFF, their STORE forms and ZINTERCARD.
 * `dst` is the destination key (STORE), `nkIdx` where numkeys is.
 */
export function zsetOp(
  c: Ctx,
  a: string[],
  dst: string | null,
  nkIdx: number,
  op: 'union' | 'inter' | 'diff',
  cardOnly: boolean,
): Reply {
  const nk = parseInt64(a[nkIdx]!);
  if (nk === null) return ERRORS.notInt;
  if (nk < 1n) {
    const name = a[0]!.toLowerCase();
    return err(`ERR at least 1 input key is needed for '${name}' command`);
  }
  if (nk > BigInt(a.length - (nkIdx + 1))) return ERRORS.syntax;
  const setnum = Number(nk);
  const src: OpSource[] = [];
  let j = nkIdx + 1;
  for (let i = 0; i < setnum; i++, j++) {
    const e = c.db.lookup(a[j]!);
    if (e !== undefined && e.type !== 'zset' && e.type !== 'set') return ERRORS.wrongType;
    src.push(opSource(e === undefined ? undefined : (e.v as ZSet | RSet)));
  }
  let how: Aggregate = 'sum';
  let withscores = false;
  let limit = 0;
  while (j < a.length) {
    const opt = a[j]!.toLowerCase();
    const remaining = a.length - j;
    if (op !== 'diff' && !cardOnly && remaining >= setnum + 1 && opt === 'weights') {
      j++;
      for (let i = 0; i < setnum; i++, j++) {
        const w = parseDouble(a[j]!);
        if (w === null) return err('ERR weight value is not a float');
        src[i]!.weight = w;
      }
    } else if (op !== 'diff' && !cardOnly && remaining >= 2 && opt === 'aggregate') {
      const v = a[j + 1]!.toLowerCase();
      if (v !== 'sum' && v !== 'min' && v !== 'max') return ERRORS.syntax;
      how = v;
      j += 2;
    } else if (dst === null && !cardOnly && opt === 'withscores') {
      withscores = true;
      j++;
    } else if (cardOnly && remaining >= 2 && opt === 'limit') {
      const l = parseInt64(a[j + 1]!);
      if (l === null || l < 0n) return err("ERR LIMIT can't be negative");
      limit = Number(l);
      j += 2;
    } else return ERRORS.syntax;
  }
  if (op !== 'diff') src.sort((x, y) => x.size - y.size);
  const result: ZEntry[] = [];
  let cardinality = 0;
  if (op === 'inter') {
    const first = src[0]!;
    if (first.size > 0) {
      for (const e of first.entries()) {
        let score = first.weight * e.score;
        if (Number.isNaN(score)) score = 0;
        let k = 1;
        for (; k < setnum; k++) {
          const other = src[k]!;
          const found = other.same === first.same ? e.score : other.find(e.member);
          if (found === undefined) break;
          score = aggregate(score, found * other.weight, how);
        }
        if (k < setnum) continue;
        if (cardOnly) {
          cardinality++;
          if (limit > 0 && cardinality >= limit) break;
        } else result.push({ member: e.member, score });
      }
    }
  } else if (op === 'union') {
    const acc = new Map<string, number>();
    for (const s of src) {
      for (const e of s.entries()) {
        let score = s.weight * e.score;
        if (Number.isNaN(score)) score = 0;
        const cur = acc.get(e.member);
        acc.set(e.member, cur === undefined ? score : aggregate(cur, score, how));
      }
    }
    for (const [member, score] of acc) result.push({ member, score });
  } else {
    const first = src[0]!;
    const same = src.slice(1).some((s) => s.same !== null && s.same === first.same);
    if (first.size > 0 && !same) {
      for (const e of first.entries()) {
        if (!src.slice(1).some((s) => s.find(e.member) !== undefined)) {
          result.push({ member: e.member, score: e.score });
        }
      }
    }
  }
  if (cardOnly) return intReply(cardinality);
  if (dst !== null) return storeZset(c, dst, result);
  return withScores(sortEntries(result), withscores);
}

export function zintercard(c: Ctx, a: string[]): Reply {
  return zsetOp(c, a, null, 1, 'inter', true);
}
