// Counters: the INCR family on 64-bit integers (overflow is an error, as in Redis) and
// INCRBYFLOAT on long doubles, formatted as Redis formats them (numfmt.ts).
import { type Ctx } from '../../command';
import {
  addLongDouble,
  formatLongDouble,
  INT64_MAX,
  INT64_MIN,
  parseInt64,
  parseLongDouble,
  type LongDouble,
} from '../../numfmt';
import { type StringEntry } from '../../keyspace';
import { bulk, int, type Reply } from '../../reply';
import { ERRORS } from '../../shared';

export function incrDecr(c: Ctx, key: string, by: bigint): Reply {
  const e = c.db.readString(key);
  if (e === null) return ERRORS.wrongType;
  let cur = 0n;
  if (e !== undefined) {
    const v = parseInt64(e.v);
    if (v === null) return ERRORS.notInt;
    cur = v;
  }
  if (
    (by < 0n && cur < 0n && by < INT64_MIN - cur) ||
    (by > 0n && cur > 0n && by > INT64_MAX - cur)
  ) {
    return ERRORS.overflow;
  }
  const next = cur + by;
  if (e !== undefined) {
    e.v = next.toString();
    // (Only touch enc where it is set: adding the property would change every entry's shape.)
    if (e.enc !== undefined) e.enc = undefined;
    c.db.touch(key);
  } else c.db.putString(key, next.toString());
  return int(next);
}

export function incrbyfloat(c: Ctx, a: string[]): Reply {
  const key = a[1]!;
  const e = c.db.readString(key);
  if (e === null) return ERRORS.wrongType;
  const cur: LongDouble | 'inf' | '-inf' | null =
    e === undefined ? { m: 0n, e: 0 } : parseLongDouble(e.v);
  if (cur === null) return ERRORS.notFloat;
  const by = parseLongDouble(a[2]!);
  if (by === null) return ERRORS.notFloat;
  if (typeof cur === 'string' || typeof by === 'string') return ERRORS.nanOrInf;
  const sum = addLongDouble(cur, by);
  if (sum === 'inf') return ERRORS.nanOrInf;
  const s = formatLongDouble(sum);
  if (e !== undefined) {
    e.v = s;
    e.enc = 'float';
    c.db.touch(key);
  } else {
    c.db.putString(key, s);
    (c.db.readString(key) as StringEntry).enc = 'float';
  }
  return bulk(s);
}
