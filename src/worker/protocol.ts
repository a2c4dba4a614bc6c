// Messages between the page and the Redis worker (redisWorker.ts). Every request carries an
// id; the worker answers each with exactly one response of the same id.
import type { LogLine } from '../core/lua/types';
import type { ModelState } from '../core/lua/modelState';
import type { KeySnapshot } from '../core/redis/model';
import type { JsonReply } from '../core/redis/reply';

export type RedisRequest =
  | { id: number; type: 'init'; wasmUrl: string; budgetMs?: number; state?: ModelState }
  /** One command, e.g. ['EVAL', src, '1', 'k'] (EVAL/EVALSHA run the Lua engine). */
  | { id: number; type: 'call'; args: string[] }
  /** Shorthand for EVAL source numkeys keys... args... */
  | { id: number; type: 'eval'; source: string; keys: string[]; args: string[] }
  | { id: number; type: 'advance'; seconds: number }
  | { id: number; type: 'snapshot' }
  | { id: number; type: 'loadState'; state: ModelState }
  | { id: number; type: 'reset' };

export type RedisResponse =
  | { id: number; type: 'ok' }
  | { id: number; type: 'reply'; reply: JsonReply; logs: LogLine[]; keys: KeySnapshot[] }
  | { id: number; type: 'state'; state: ModelState }
  | { id: number; type: 'error'; message: string };

/** Distributes Omit over the union so each request keeps its own fields. */
export type RequestBody = RedisRequest extends infer R
  ? R extends { id: number }
    ? Omit<R, 'id'>
    : never
  : never;
