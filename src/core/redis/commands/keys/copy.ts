// Moving a value to another name: RENAME, RENAMENX, and COPY (a deep copy, to this or another
// database).
import { type Ctx } from '../../command';
import { copyHashEncoding } from '../../encoding';
import { parseInt64 } from '../../numfmt';
import { expiryOf, setExpiry, type Entry } from '../../keyspace';
import { err, OK, type Reply } from '../../reply';
import { RSet } from '../../set';
import { ZSet } from '../../zset';
import { ERRORS, ONE, ZERO } from '../../shared';

export function rename(c: Ctx, a: string[], nx: boolean): Reply {
  const src = a[1]!;
  const dst = a[2]!;
  const e = c.db.lookup(src);
  if (e === undefined) return ERRORS.noSuchKey;
  if (src === dst) return nx ? ZERO : OK;
  if (c.db.lookup(dst) !== undefined) {
    if (nx) return ZERO;
    c.db.del(dst);
  }
  c.db.db.delete(src);
  c.db.db.set(dst, e);
  c.db.touch(src);
  c.db.touch(dst);
  return nx ? ONE : OK;
}

/** A deep copy of a value (COPY). */
function duplicate(e: Entry): Entry {
  switch (e.type) {
    case 'string':
      return { ...e };
    case 'hash': {
      const h = new Map(e.v);
      copyHashEncoding(e.v, h);
      return { ...e, v: h };
    }
    case 'list':
      return { ...e, v: [...e.v] };
    case 'set': {
      const s = new RSet(null);
      s.intset = e.v.intset;
      for (const m of e.v.members) s.members.add(m);
      return { ...e, v: s };
    }
    case 'zset': {
      const z = new ZSet();
      for (const x of e.v.entries) z.set(x.member, x.score);
      z.skiplist = e.v.skiplist;
      return { ...e, v: z };
    }
  }
}

export function copy(c: Ctx, a: string[]): Reply {
  let replace = false;
  let target = c.db;
  for (let j = 3; j < a.length; j++) {
    const o = a[j]!.toLowerCase();
    if (o === 'replace') replace = true;
    else if (o === 'db' && j < a.length - 1) {
      const db = parseInt64(a[++j]!);
      if (db === null) return ERRORS.notInt;
      if (db < -2147483648n || db > 2147483647n) {
        return err('ERR value is out of range, value must between -2147483648 and 2147483647');
      }
      if (db < 0n || db > 15n) return err('ERR DB index is out of range');
      if (db !== 0n) {
        if (c.clusterMode) {
          return err('ERR Copying to another database is not allowed in cluster mode');
        }
      }
      target = c.db.server.dbs[Number(db)]!;
    } else return ERRORS.syntax;
  }
  const src = a[1]!;
  const dst = a[2]!;
  if (src === dst && target === c.db) {
    return err('ERR source and destination objects are the same');
  }
  const e = c.db.lookup(src);
  if (e === undefined) return ZERO;
  if (target.lookup(dst) !== undefined) {
    if (!replace) return ZERO;
    target.db.delete(dst);
  }
  const d = duplicate(e);
  setExpiry(d, expiryOf(e));
  target.put(dst, d);
  return ONE;
}
