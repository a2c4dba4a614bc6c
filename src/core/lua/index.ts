// The lab's Lua runtime. createLuaEngine() loads wasmoon's wasm once per engine and returns
// a ScriptEngine for the Redis model (EVAL/EVALSHA) plus the app-server stepper.
import { LuaRuntime, type EngineOptions } from './engine';
import { loadRawLua } from './raw';

export type { AppServerRun, AppServerStep, LogLine, RedisLike, ScriptEngine } from './types';
export { LuaRuntime } from './engine';
export type { EngineOptions } from './engine';

export interface CreateLuaEngineOptions extends EngineOptions {
  /** URL of wasmoon's glue.wasm; required in a browser (Vite: import url from 'wasmoon/dist/glue.wasm?url'). */
  wasmUrl?: string;
}

function inBrowser(): boolean {
  const g = globalThis as { document?: unknown; WorkerGlobalScope?: unknown };
  return g.document !== undefined || g.WorkerGlobalScope !== undefined;
}

export async function createLuaEngine(opts: CreateLuaEngineOptions = {}): Promise<LuaRuntime> {
  if (opts.wasmUrl === undefined && inBrowser()) {
    // wasmoon would fetch its wasm from a CDN; the lab must work offline.
    throw new Error('createLuaEngine: pass wasmUrl (the bundled glue.wasm) in a browser');
  }
  const raw = await loadRawLua(opts.wasmUrl);
  return new LuaRuntime(raw, opts);
}
