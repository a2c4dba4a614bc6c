// Replies and error texts every command family shares (Redis's `shared` objects, server.c),
// worded exactly as redis-server 7.0.15 sends them.
import { arr, err, int, status, type Reply } from './reply';

const SMALL_INTS: Reply[] = [];
for (let i = 0; i < 1024; i++) SMALL_INTS.push(int(i));

/** An integer reply, shared for small values (most replies are counts). */
export function intReply(n: number): Reply {
  return n >= 0 && n < 1024 && Number.isInteger(n) ? SMALL_INTS[n]! : int(n);
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

export const expireTimeError = (name: string): Reply =>
  err(`ERR invalid expire time in '${name}' command`);
