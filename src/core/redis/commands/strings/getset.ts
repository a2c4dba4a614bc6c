// The GET / SET family: GET, SET and its options (NX, XX, GET, KEEPTTL, EX, PX, EXAT, PXAT), SETNX,
// SETEX, PSETEX, GETSET, GETDEL, GETEX, MGET, MSET and MSETNX.
import { type Ctx } from '../../command';
import { INT64_MAX, parseInt64 } from '../../numfmt';
import { expiryOf, setExpiry } from '../../keyspace';
import { arr, bulk, NIL, OK, type Reply } from '../../reply';
import { arityError, ERRORS, expireTimeError, ONE, ZERO } from '../../shared';

export function get(c: Ctx, a: string[]): Reply {
  const e = c.db.readString(a[1]!);
  if (e === undefined) return NIL;
  if (e === null) return ERRORS.wrongType;
  return bulk(e.v);
}

export function set(c: Ctx, a: string[]): Reply {
  const NX = 1;
  const XX = 2;
  const GET = 4;
  const KEEPTTL = 8;
  const EX = 16;
  const PX = 32;
  const EXAT = 64;
  const PXAT = 128;
  let flags = 0;
  let expire: string | null = null;
  for (let j = 3; j < a.length; j++) {
    const opt = a[j]!.toLowerCase();
    const hasNext = j < a.length - 1;
    if (opt === 'nx' && !(flags & XX)) flags |= NX;
    else if (opt === 'xx' && !(flags & NX)) flags |= XX;
    else if (opt === 'get') flags |= GET;
    else if (opt === 'keepttl' && !(flags & (EX | PX | EXAT | PXAT))) flags |= KEEPTTL;
    else if (opt === 'ex' && !(flags & (KEEPTTL | EXAT | PX | PXAT)) && hasNext) {
      flags |= EX;
      expire = a[++j]!;
    } else if (opt === 'px' && !(flags & (KEEPTTL | EX | EXAT | PXAT)) && hasNext) {
      flags |= PX;
      expire = a[++j]!;
    } else if (opt === 'exat' && !(flags & (KEEPTTL | EX | PX | PXAT)) && hasNext) {
      flags |= EXAT;
      expire = a[++j]!;
    } else if (opt === 'pxat' && !(flags & (KEEPTTL | EX | EXAT | PX)) && hasNext) {
      flags |= PXAT;
      expire = a[++j]!;
    } else return ERRORS.syntax;
  }
  let when: number | bigint = -1;
  if (expire !== null) {
    const v = parseInt64(expire);
    if (v === null) return ERRORS.notInt;
    const seconds = (flags & (EX | EXAT)) !== 0;
    if (v <= 0n || (seconds && v > INT64_MAX / 1000n)) return expireTimeError('set');
    let ms = seconds ? v * 1000n : v;
    if ((flags & (EX | PX)) !== 0) ms += BigInt(c.db.nowMs());
    if (ms <= 0n || ms > INT64_MAX) return expireTimeError('set');
    when = ms;
  }
  const key = a[1]!;
  const e = c.db.lookup(key);
  let old: Reply | null = null;
  if (flags & GET) {
    if (e === undefined) old = NIL;
    else if (e.type !== 'string') return ERRORS.wrongType;
    else old = bulk(e.v);
  }
  if ((flags & NX && e !== undefined) || (flags & XX && e === undefined)) {
    return old ?? NIL;
  }
  const exp = flags & KEEPTTL && e !== undefined ? expiryOf(e) : when;
  c.db.putString(key, a[2]!, exp);
  return old ?? OK;
}

export function setnx(c: Ctx, a: string[]): Reply {
  const key = a[1]!;
  if (c.db.lookup(key) !== undefined) return ZERO;
  c.db.putString(key, a[2]!);
  return ONE;
}

export function mget(c: Ctx, a: string[]): Reply {
  const out: Reply[] = [];
  for (let i = 1; i < a.length; i++) {
    const e = c.db.lookup(a[i]!);
    out.push(e === undefined || e.type !== 'string' ? NIL : bulk(e.v));
  }
  return arr(out);
}

export function mset(c: Ctx, a: string[]): Reply {
  if (a.length % 2 === 0) return arityError('mset');
  for (let i = 1; i < a.length; i += 2) c.db.putString(a[i]!, a[i + 1]!);
  return OK;
}

/**
 * getExpireMillisecondsOrReply: an EX/PX/EXAT/PXAT argument as an absolute Unix time in ms, or
 * the error Redis answers (`name` is the command in "invalid expire time in '...'").
 */
function expireAt(
  c: Ctx,
  arg: string,
  seconds: boolean,
  relative: boolean,
  name: string,
): bigint | Reply {
  const v = parseInt64(arg);
  if (v === null) return ERRORS.notInt;
  if (v <= 0n || (seconds && v > INT64_MAX / 1000n)) return expireTimeError(name);
  let ms = seconds ? v * 1000n : v;
  if (relative) ms += BigInt(c.db.nowMs());
  if (ms <= 0n || ms > INT64_MAX) return expireTimeError(name);
  return ms;
}

/** SETEX and PSETEX: SET with EX / PX. */
export function setex(c: Ctx, a: string[], seconds: boolean): Reply {
  const when = expireAt(c, a[2]!, seconds, true, seconds ? 'setex' : 'psetex');
  if (typeof when !== 'bigint') return when;
  c.db.putString(a[1]!, a[3]!, when);
  return OK;
}

export function getdel(c: Ctx, a: string[]): Reply {
  const key = a[1]!;
  const e = c.db.readString(key);
  if (e === undefined) return NIL;
  if (e === null) return ERRORS.wrongType;
  c.db.del(key);
  return bulk(e.v);
}

export function getset(c: Ctx, a: string[]): Reply {
  const key = a[1]!;
  const e = c.db.readString(key);
  if (e === null) return ERRORS.wrongType;
  c.db.putString(key, a[2]!);
  return e === undefined ? NIL : bulk(e.v);
}

export function getex(c: Ctx, a: string[]): Reply {
  let kind: '' | 'ex' | 'px' | 'exat' | 'pxat' | 'persist' = '';
  let expire: string | null = null;
  for (let j = 2; j < a.length; j++) {
    const opt = a[j]!.toLowerCase();
    const hasNext = j < a.length - 1;
    if (opt === 'persist' && (kind === '' || kind === 'persist')) kind = 'persist';
    else if (
      (opt === 'ex' || opt === 'px' || opt === 'exat' || opt === 'pxat') &&
      (kind === '' || kind === opt) &&
      hasNext
    ) {
      kind = opt;
      expire = a[++j]!;
    } else return ERRORS.syntax;
  }
  const key = a[1]!;
  const e = c.db.readString(key);
  if (e === undefined) return NIL;
  if (e === null) return ERRORS.wrongType;
  let when = -1n;
  if (expire !== null) {
    const w = expireAt(
      c,
      expire,
      kind === 'ex' || kind === 'exat',
      kind === 'ex' || kind === 'px',
      'getex',
    );
    if (typeof w !== 'bigint') return w;
    when = w;
  }
  const reply = bulk(e.v);
  if ((kind === 'exat' || kind === 'pxat') && when <= BigInt(c.db.nowMs())) c.db.del(key);
  else if (expire !== null) {
    setExpiry(e, when);
    c.db.touch(key);
  } else if (kind === 'persist' && e.exp >= 0) {
    setExpiry(e, -1);
    c.db.touch(key);
  }
  return reply;
}

export function msetnx(c: Ctx, a: string[]): Reply {
  if (a.length % 2 === 0) return arityError('msetnx');
  for (let i = 1; i < a.length; i += 2) if (c.db.lookup(a[i]!) !== undefined) return ZERO;
  for (let i = 1; i < a.length; i += 2) c.db.putString(a[i]!, a[i + 1]!);
  return ONE;
}
