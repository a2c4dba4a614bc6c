// The `redis` verb's worker thread: one case per message, each on a fresh model and a fresh
// Lua engine (a new WebAssembly instance: no globals, __gc handler or key of one case reaches
// the next). The verb terminates this thread when a case passes its deadline.
import { parentPort } from 'node:worker_threads';
import { createLuaEngine } from '../core/lua/index';
import { toJsonText } from '../core/redis/reply';
import { runRedisCase, type RedisCase } from './redisVerb';
import { errorMessage } from '../core/util/errorMessage';

export type RedisThreadIn = { id: number; case: RedisCase; budgetSteps?: number };
export type RedisThreadOut =
  { id: 0; ready: true } | { id: number; replies: string[] } | { id: number; error: string };

const port = parentPort!;
port.on('message', (m: RedisThreadIn) => {
  createLuaEngine(m.budgetSteps ? { budgetSteps: m.budgetSteps } : {})
    .then((engine) => {
      const replies = runRedisCase(m.case, engine).map(toJsonText);
      port.postMessage({ id: m.id, replies } satisfies RedisThreadOut);
    })
    .catch((e: unknown) =>
      port.postMessage({
        id: m.id,
        error: errorMessage(e),
      } satisfies RedisThreadOut),
    );
});
// Compile the module before saying ready, so a case's deadline counts only the case's work.
void createLuaEngine().then(
  () => port.postMessage({ id: 0, ready: true } satisfies RedisThreadOut),
  () => port.postMessage({ id: 0, ready: true } satisfies RedisThreadOut),
);
