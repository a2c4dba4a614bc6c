// Running app-server code alone: one request to its final reply on its own connection (every
// redis.call one round trip, capped), and the store's keys as the commands that rebuild them.
import type { LuaRuntime } from '../../lua';
import type { RedisModel, Session } from '../../redis/model';
import type { Reply } from '../../redis/reply';
import type { ScriptCall } from '../lua';

/** A round-trip budget per request when a request runs alone. */
const MAX_ROUND_TRIPS = 200;

/** Runs app-server code to its final reply on its own connection (no other client meanwhile). */
export function runToEnd(
  lua: LuaRuntime,
  model: RedisModel,
  session: Session,
  code: string,
  keys: readonly string[],
  args: readonly string[],
): Reply {
  const run = lua.startAppServerRun(code, keys, args);
  let s = run.next();
  for (let n = 0; s.kind === 'call'; n++) {
    if (n >= MAX_ROUND_TRIPS) {
      run.cancel();
      return {
        t: 'err',
        v: `the code made more than ${MAX_ROUND_TRIPS} round trips for one request`,
      };
    }
    s = run.next(model.call(s.args, session));
  }
  return s.reply;
}

/** The store's keys as the commands that rebuild them (TTLs as they stand now). */
export function stateCommands(model: RedisModel): string[][] {
  const out: string[][] = [];
  for (const k of model.snapshot()) {
    const v = k.value;
    if (k.type === 'string') out.push(['SET', k.key, v as string]);
    else if (k.type === 'hash')
      out.push(['HSET', k.key, ...(v as [string, string][]).flatMap(([f, x]) => [f, x])]);
    else if (k.type === 'zset')
      out.push(['ZADD', k.key, ...(v as [string, number][]).flatMap(([m, s]) => [String(s), m])]);
    else out.push(['RPUSH', k.key, ...(v as string[])]);
    if (k.ttlMs !== null) out.push(['PEXPIRE', k.key, String(Math.max(1, Math.round(k.ttlMs)))]);
  }
  return out;
}

/** One call of the code: a request at `at` from app server `server`. */
export const call = (at: number, server: string, cost = 1, key = 'client'): ScriptCall => ({
  at,
  key,
  server,
  cost,
});
