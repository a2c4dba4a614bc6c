// A module Web Worker hosting the lab's Redis model and Lua engine, so a learner's script
// can never freeze the page (the client terminates and rebuilds a stuck worker).
/// <reference lib="webworker" />
import { createLuaEngine, type LuaRuntime } from '../core/lua/index';
import { loadModel, saveModel } from '../core/lua/modelState';
import { RedisModel } from '../core/redis/model';
import { toJson, type Reply } from '../core/redis/reply';
import type { RedisRequest, RedisResponse } from './protocol';

declare const self: DedicatedWorkerGlobalScope;

let engine: LuaRuntime | null = null;
let model: RedisModel | null = null;

function post(r: RedisResponse): void {
  self.postMessage(r);
}

function replied(id: number, reply: Reply): RedisResponse {
  return {
    id,
    type: 'reply',
    reply: toJson(reply),
    logs: engine?.drainLogs() ?? [],
    keys: model?.snapshot() ?? [],
  };
}

async function handle(msg: RedisRequest): Promise<RedisResponse> {
  if (msg.type === 'init') {
    engine = await createLuaEngine({ wasmUrl: msg.wasmUrl, budgetMs: msg.budgetMs });
    model = new RedisModel({ scriptEngine: engine });
    if (msg.state) loadModel(model, msg.state);
    return { id: msg.id, type: 'ok' };
  }
  if (!model) return { id: msg.id, type: 'error', message: 'the Redis worker is not initialised' };
  switch (msg.type) {
    case 'call':
      return replied(msg.id, model.call(msg.args));
    case 'eval':
      return replied(
        msg.id,
        model.call(['EVAL', msg.source, String(msg.keys.length), ...msg.keys, ...msg.args]),
      );
    case 'advance':
      model.advance(msg.seconds);
      return { id: msg.id, type: 'ok' };
    case 'snapshot':
      return { id: msg.id, type: 'state', state: saveModel(model) };
    case 'loadState':
      loadModel(model, msg.state);
      return { id: msg.id, type: 'ok' };
    case 'reset':
      model.reset();
      return { id: msg.id, type: 'ok' };
  }
}

self.onmessage = (e: MessageEvent<RedisRequest>) => {
  handle(e.data).then(post, (err: unknown) =>
    post({ id: e.data.id, type: 'error', message: String(err) }),
  );
};
