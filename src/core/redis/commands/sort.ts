// SORT and SORT_RO (Redis's sort.c): sort a list, set or sorted set numerically or by name,
// optionally by other keys' values (BY pattern), fetching other keys (GET), into a list (STORE).
import { command, type CommandRow, type Ctx, type KeySpec } from '../command';
import type { Entry } from '../keyspace';
import { parseInt64, parseSortScore } from '../numfmt';
import { arr, bulk, err, NIL, type Reply } from '../reply';
import { ERRORS, intReply, ZERO } from '../shared';

/** lookupKeyByPattern: "#" is the element itself; "key_*" a string; "h_*->f" a hash field. */
function byPattern(c: Ctx, pattern: string, element: string): string | null {
  if (pattern === '#') return element;
  const star = pattern.indexOf('*');
  if (star < 0) return null;
  const arrow = pattern.indexOf('->', star + 1);
  const field = arrow >= 0 && arrow + 2 < pattern.length ? pattern.slice(arrow + 2) : null;
  const keyEnd = field === null ? pattern.length : arrow;
  const key = pattern.slice(0, star) + element + pattern.slice(star + 1, keyEnd);
  const e = c.db.lookup(key);
  if (e === undefined) return null;
  if (field !== null) return e.type === 'hash' ? (e.v.get(field) ?? null) : null;
  return e.type === 'string' ? e.v : null;
}

/** sortGetKeys: the sorted key, and the last STORE destination. */
function sortKeys(a: readonly string[]): string[] {
  const keys = [a[1]!];
  let store: string | null = null;
  for (let i = 2; i < a.length; i++) {
    const o = a[i]!.toLowerCase();
    if (o === 'limit') i += 2;
    else if (o === 'get' || o === 'by') i += 1;
    else if (o === 'store' && i + 1 < a.length) store = a[i + 1]!;
  }
  if (store !== null) keys.push(store);
  return keys;
}

interface Item {
  obj: string;
  score: number;
  cmp: string | null;
}

const cmpStr = (x: string, y: string): number => (x < y ? -1 : x > y ? 1 : 0);

function sort(c: Ctx, a: string[], readonly: boolean): Reply {
  let desc = false;
  let alpha = false;
  let limitStart = 0;
  let limitCount = -1;
  let sortby: string | null = null;
  let dontsort = false;
  let store: string | null = null;
  const gets: string[] = [];
  for (let j = 2; j < a.length; j++) {
    const o = a[j]!.toLowerCase();
    const left = a.length - j - 1;
    if (o === 'asc') desc = false;
    else if (o === 'desc') desc = true;
    else if (o === 'alpha') alpha = true;
    else if (o === 'limit' && left >= 2) {
      const s = parseInt64(a[j + 1]!);
      const n = s === null ? null : parseInt64(a[j + 2]!);
      if (s === null || n === null) return ERRORS.notInt;
      limitStart = Number(s);
      limitCount = Number(n);
      j += 2;
    } else if (!readonly && o === 'store' && left >= 1) store = a[++j]!;
    else if (o === 'by' && left >= 1) {
      sortby = a[++j]!;
      if (!sortby.includes('*')) dontsort = true;
      else if (c.clusterMode) return err('ERR BY option of SORT denied in Cluster mode.');
    } else if (o === 'get' && left >= 1) {
      if (c.clusterMode) return err('ERR GET option of SORT denied in Cluster mode.');
      gets.push(a[++j]!);
    } else return ERRORS.syntax;
  }
  const e: Entry | undefined = c.db.lookup(a[1]!);
  if (e !== undefined && e.type !== 'set' && e.type !== 'list' && e.type !== 'zset') {
    return ERRORS.wrongType;
  }
  // A set has no order of its own: unsorted output is sorted by name where it must be stable.
  if (dontsort && e?.type === 'set' && (store !== null || c.inScript)) {
    dontsort = false;
    alpha = true;
    sortby = null;
  }
  // SORT turns a small sorted set into a skiplist, as Redis does.
  if (e?.type === 'zset') e.v.skiplist = true;
  let elements: string[];
  if (e === undefined) elements = [];
  else if (e.type === 'list') elements = [...e.v];
  else if (e.type === 'set') elements = e.v.items();
  else elements = e.v.entries.map((x) => x.member);
  const len = elements.length;
  let start = Math.min(Math.max(limitStart, 0), len);
  const count = Math.min(Math.max(limitCount, -1), len);
  let end = count < 0 ? len - 1 : start + count - 1;
  if (start >= len) {
    start = len - 1;
    end = len - 2;
  }
  if (end >= len) end = len - 1;
  let items: Item[] = elements.map((obj) => ({ obj, score: 0, cmp: null }));
  if (dontsort && desc && e?.type !== 'set') items.reverse();
  if (!dontsort) {
    let bad = false;
    for (const it of items) {
      const by = sortby === null ? it.obj : byPattern(c, sortby, it.obj);
      if (by === null) continue;
      if (alpha) {
        if (sortby !== null) it.cmp = by;
      } else {
        const v = parseSortScore(by);
        if (v === null) bad = true;
        else it.score = v;
      }
    }
    if (bad) return err("ERR One or more scores can't be converted into double");
    const byPat = sortby !== null;
    items.sort((x, y) => {
      let r: number;
      if (!alpha) {
        r = x.score > y.score ? 1 : x.score < y.score ? -1 : cmpStr(x.obj, y.obj);
      } else if (byPat) {
        if (x.cmp === null || y.cmp === null) {
          r = x.cmp === y.cmp ? 0 : x.cmp === null ? -1 : 1;
        } else r = cmpStr(x.cmp, y.cmp);
      } else r = cmpStr(x.obj, y.obj);
      return desc ? -r : r;
    });
  }
  items = end >= start ? items.slice(start, end + 1) : [];
  const out: Array<string | null> = [];
  for (const it of items) {
    if (gets.length === 0) out.push(it.obj);
    for (const g of gets) out.push(byPattern(c, g, it.obj));
  }
  if (store === null) return arr(out.map((v) => (v === null ? NIL : bulk(v))));
  if (out.length > 0) {
    c.db.put(store, { type: 'list', v: out.map((v) => v ?? ''), exp: -1 });
    return intReply(out.length);
  }
  c.db.delIfExists(store);
  return ZERO;
}

const SORT_SPECS: readonly KeySpec[] = [
  { index: 1, lastKey: 0, step: 1 },
  { unknown: true },
  { unknown: true },
];

export const SORT_COMMANDS: readonly CommandRow[] = [
  command({
    group: 'generic',
    name: 'sort',
    arity: -2,
    flags: 'write denyoom',
    keys: SORT_SPECS,
    getKeys: sortKeys,
    args: 'key [BY pattern] [LIMIT offset count] [GET pattern [GET pattern ...]] [ASC | DESC] [ALPHA] [STORE destination]',
    summary:
      'Sort a list, set or sorted set (numbers, or names with ALPHA), BY other keys, GET other keys, STORE into a list.',
    since: '1.0.0',
    run: (c, a) => sort(c, a, false),
  }),
  command({
    group: 'generic',
    name: 'sort_ro',
    arity: -2,
    flags: 'readonly',
    keys: SORT_SPECS.slice(0, 2),
    getKeys: (args) => [args[1]!],
    args: 'key [BY pattern] [LIMIT offset count] [GET pattern [GET pattern ...]] [ASC | DESC] [ALPHA]',
    summary: 'SORT without STORE: a read-only command.',
    since: '7.0.0',
    run: (c, a) => sort(c, a, true),
  }),
];
