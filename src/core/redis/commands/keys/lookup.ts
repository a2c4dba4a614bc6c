// Finding and dropping keys: DEL (and UNLINK), EXISTS, TOUCH, TYPE, KEYS, SCAN, and OBJECT
// ENCODING / REFCOUNT / FREQ.
import { type Ctx } from '../../command';
import { encodingOf } from '../../encoding';
import { globMatch } from '../../glob';
import { parseInt64 } from '../../numfmt';
import { arr, bulk, err, NIL, status, type Reply } from '../../reply';
import { parseScan, scanReply } from '../../scan';
import { intReply, ONE } from '../../shared';

/** DEL, and UNLINK too (Redis frees in the background; the model has nothing to free). */
export function del(c: Ctx, a: string[]): Reply {
  let n = 0;
  for (let i = 1; i < a.length; i++) if (c.db.delIfExists(a[i]!)) n++;
  return intReply(n);
}

export function exists(c: Ctx, a: string[]): Reply {
  let n = 0;
  for (let i = 1; i < a.length; i++) if (c.db.lookup(a[i]!) !== undefined) n++;
  return intReply(n);
}

export function type(c: Ctx, a: string[]): Reply {
  const e = c.db.lookup(a[1]!);
  return status(e === undefined ? 'none' : e.type);
}

export function keys(c: Ctx, a: string[]): Reply {
  const pattern = a[1]!;
  c.db.purgeExpired();
  const out: Reply[] = [];
  for (const k of c.db.db.keys()) if (globMatch(pattern, k)) out.push(bulk(k));
  return arr(out);
}

/** TOUCH: how many of the keys exist, counted as EXISTS counts them. */
export function touch(c: Ctx, a: string[]): Reply {
  return exists(c, a);
}

export function scan(c: Ctx, a: string[]): Reply {
  const sc = parseScan(a, 1, true);
  if ('t' in sc) return sc;
  if (sc.cursor !== 0n) return scanReply([], sc, false);
  c.db.purgeExpired();
  const names: string[] = [];
  for (const [k, e] of c.db.db) if (sc.type === null || e.type === sc.type) names.push(k);
  return scanReply(names, sc, false);
}

/** OBJECT ENCODING / REFCOUNT / FREQ (objectCommand in object.c). */
export function objectEncoding(c: Ctx, a: string[]): Reply {
  const e = c.db.lookup(a[2]!);
  return e === undefined ? NIL : bulk(encodingOf(e));
}

export function objectRefcount(c: Ctx, a: string[]): Reply {
  const e = c.db.lookup(a[2]!);
  if (e === undefined) return NIL;
  // Integers 0..9999 are Redis's shared objects, whose refcount is pinned at INT_MAX.
  if (e.type === 'string' && encodingOf(e) === 'int') {
    const n = parseInt64(e.v)!;
    if (n >= 0n && n < 10000n) return intReply(2147483647);
  }
  return ONE;
}

export function objectFreq(c: Ctx, a: string[]): Reply {
  const e = c.db.lookup(a[2]!);
  if (e === undefined) return NIL;
  return err(
    'ERR An LFU maxmemory policy is not selected, access frequency not tracked. Please note that when switching between policies at runtime LRU and LFU data will take some time to adjust.',
  );
}
