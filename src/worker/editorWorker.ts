// The Lua editor's Web Worker: the Lua engine and the Redis model run here, so nothing a
// learner writes can freeze the page. One request, one answer; the page terminates and
// rebuilds this worker when an answer does not come in time (editorClient.ts).
/// <reference lib="webworker" />
import { createLuaEngine } from '../core/lua/index';
import type { LuaRuntime } from '../core/lua/engine';
import { runScriptOn, type RunInput, type RunOutput } from '../core/playground/runner';
import { errorMessage } from '../core/util/errorMessage';

declare const self: DedicatedWorkerGlobalScope;

export type EditorWorkerRequest =
  | { id: number; type: 'init'; wasmUrl: string; budgetMs: number }
  | { id: number; type: 'run'; input: RunInput };

export type EditorWorkerResponse =
  | { id: number; type: 'ok' }
  | { id: number; type: 'result'; output: RunOutput }
  | { id: number; type: 'error'; message: string };

let engine: LuaRuntime | null = null;

async function handle(msg: EditorWorkerRequest): Promise<EditorWorkerResponse> {
  if (msg.type === 'init') {
    engine ??= await createLuaEngine({ wasmUrl: msg.wasmUrl, budgetMs: msg.budgetMs });
    return { id: msg.id, type: 'ok' };
  }
  if (!engine) return { id: msg.id, type: 'error', message: 'the Lua worker is not initialised' };
  // A fresh compile cache per run: the learner's edits never meet a stale chunk.
  engine.flushScripts();
  return {
    id: msg.id,
    type: 'result',
    output: runScriptOn(engine, msg.input, () => performance.now()),
  };
}

self.onmessage = (e: MessageEvent<EditorWorkerRequest>) => {
  handle(e.data).then(
    (r) => self.postMessage(r),
    (err: unknown) =>
      self.postMessage({
        id: e.data.id,
        type: 'error',
        message: errorMessage(err),
      } satisfies EditorWorkerResponse),
  );
};
