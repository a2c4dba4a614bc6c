// TTLs (Redis's expire.c): the EXPIRE family with NX / XX / GT / LT, TTL, PTTL, EXPIRETIME,
// PEXPIRETIME and PERSIST, on the model's virtual clock.
import { type Ctx } from '../../command';
import { INT64_MAX, INT64_MIN, parseInt64, parseIntNum } from '../../numfmt';
import { expiryOf, setExpiry } from '../../keyspace';
import { err, int, type Reply } from '../../reply';
import { ERRORS, expireTimeError, MINUS_ONE, MINUS_TWO, ONE, ZERO } from '../../shared';

/** EXPIRE, PEXPIRE, EXPIREAT, PEXPIREAT (expireGenericCommand). */
export function expire(
  c: Ctx,
  a: string[],
  relative: boolean,
  seconds: boolean,
  name: string,
): Reply {
  const basetime = relative ? c.db.nowMs() : 0;
  let nx = false;
  let xx = false;
  let gt = false;
  let lt = false;
  for (let j = 3; j < a.length; j++) {
    const o = a[j]!.toLowerCase();
    if (o === 'nx') nx = true;
    else if (o === 'xx') xx = true;
    else if (o === 'gt') gt = true;
    else if (o === 'lt') lt = true;
    else return err(`ERR Unsupported option ${a[j]!}`);
  }
  if ((nx && xx) || (nx && gt) || (nx && lt)) {
    return err('ERR NX and XX, GT or LT options at the same time are not compatible');
  }
  if (gt && lt) return err('ERR GT and LT options at the same time are not compatible');
  // The deadline in ms; plain numbers when no int64 edge can be near (exact below 2^53).
  let whenB: bigint;
  let past: boolean;
  const small = parseIntNum(a[2]!);
  if (small !== null && Math.abs(small) <= 1e12 && Math.abs(basetime) <= 1e15) {
    const whenN = (seconds ? small * 1000 : small) + basetime;
    whenB = BigInt(whenN);
    past = whenN <= c.db.nowMs();
  } else {
    const v = parseInt64(a[2]!);
    if (v === null) return ERRORS.notInt;
    let when = v;
    if (seconds) {
      if (when > INT64_MAX / 1000n || when < INT64_MIN / 1000n) return expireTimeError(name);
      when *= 1000n;
    }
    const base = BigInt(basetime);
    if (when > INT64_MAX - base) return expireTimeError(name);
    when += base;
    whenB = when;
    past = when <= BigInt(c.db.nowMs());
  }
  const key = a[1]!;
  const e = c.db.lookup(key);
  if (e === undefined) return ZERO;
  if (nx || xx || gt || lt) {
    const cur = expiryOf(e);
    if (nx && cur !== -1n) return ZERO;
    if (xx && cur === -1n) return ZERO;
    if (gt && (cur === -1n || whenB <= cur)) return ZERO;
    if (lt && cur !== -1n && whenB >= cur) return ZERO;
  }
  if (past) {
    c.db.del(key);
    return ONE;
  }
  setExpiry(e, whenB);
  c.db.touch(key);
  return ONE;
}

export function ttl(c: Ctx, key: string, ms: boolean): Reply {
  const e = c.db.lookup(key);
  if (e === undefined) return MINUS_TWO;
  if (e.exp < 0) return MINUS_ONE;
  let t = expiryOf(e) - BigInt(c.db.nowMs());
  if (t < 0n) t = 0n;
  return int(ms ? t : (t + 500n) / 1000n);
}

export function persist(c: Ctx, a: string[]): Reply {
  const e = c.db.lookup(a[1]!);
  if (e === undefined || e.exp < 0) return ZERO;
  setExpiry(e, -1);
  c.db.touch(a[1]!);
  return ONE;
}

/** EXPIRETIME and PEXPIRETIME: the absolute Unix time a key expires at. */
export function expiretime(c: Ctx, key: string, ms: boolean): Reply {
  const e = c.db.lookup(key);
  if (e === undefined) return MINUS_TWO;
  if (e.exp < 0) return MINUS_ONE;
  const x = expiryOf(e);
  return int(ms ? x : (x + 500n) / 1000n);
}
