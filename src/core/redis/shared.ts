// Replies and error texts every command family shares (Redis's `shared` objects, server.c),
// worded exactly as redis-server 7.0.15 sends them.
import { parseLongDouble } from './numfmt';
import { arr, err, int, status, type Reply } from './reply';

const SMALL_INTS: Reply[] = [];
for (let i = 0; i < 1024; i++) SMALL_INTS.push(int(i));

/** An integer reply, shared for small values (most replies are counts). */
export function intReply(n: number): Reply {
  return n >= 0 && n < 1024 && (n | 0) === n ? SMALL_INTS[n]! : int(n);
}

export const ZERO = SMALL_INTS[0]!;
export const ONE = SMALL_INTS[1]!;
export const MINUS_ONE = int(-1);
export const MINUS_TWO = int(-2);
export const EMPTY = arr([]);
export const QUEUED = status('QUEUED');
export const PONG = status('PONG');

export const ERRORS = {
  wrongType: err('WRONGTYPE Operation against a key holding the wrong kind of value'),
  notInt: err('ERR value is not an integer or out of range'),
  notFloat: err('ERR value is not a valid float'),
  syntax: err('ERR syntax error'),
  overflow: err('ERR increment or decrement would overflow'),
  nanOrInf: err('ERR increment would produce NaN or Infinity'),
  minMax: err('ERR min or max is not a float'),
  minMaxLex: err('ERR min or max not valid string range item'),
  noSuchKey: err('ERR no such key'),
  outOfRange: err('ERR index out of range'),
  positive: err('ERR value is out of range, must be positive'),
  crossSlot: err("CROSSSLOT Keys in request don't hash to the same slot"),
  noScript: err('NOSCRIPT No matching script. Please use EVAL.'),
  execAbort: err('EXECABORT Transaction discarded because of previous errors.'),
  noEngine: err(
    'ERR scripting is not available: no Lua engine is loaded in this lab (src/core/lua)',
  ),
} as const;

export const arityError = (name: string): Reply =>
  err(`ERR wrong number of arguments for '${name}' command`);

/**
 * A blocking command found nothing to pop. Inside MULTI or a script (denyBlocking), or with a
 * timeout, the client gets nil: nothing else can run while the synchronous model answers, so
 * the timeout passes unanswered (the virtual clock is the caller's and does not move). With
 * timeout 0 a real server would hold the connection for good; the model answers an error.
 */
export function blockedReply(
  c: { denyBlocking: boolean },
  name: string,
  timeoutMs: number,
  nil: Reply,
): Reply {
  if (c.denyBlocking || timeoutMs > 0) return nil;
  return err(
    `ERR ${name.toUpperCase()} would block forever: the lab's Redis model never blocks a ` +
      'client (with a timeout, or inside MULTI or a script, it answers nil as Redis does)',
  );
}

/** getTimeoutFromObjectOrReply (seconds, as a long double): the timeout in ms, or the error. */
export function timeoutArg(s: string): number | Reply {
  const v = parseLongDouble(s);
  if (v === null) return err('ERR timeout is not a float or out of range');
  // An infinity or an overflowing product converts to LLONG_MIN in C: "negative".
  if (typeof v === 'string') return err('ERR timeout is negative');
  const ms = Math.ceil(Number(v.m) * 2 ** v.e * 1000);
  if (!(Math.abs(ms) < 9.2e18) || ms < 0) return err('ERR timeout is negative');
  return ms;
}

export const expireTimeError = (name: string): Reply =>
  err(`ERR invalid expire time in '${name}' command`);
