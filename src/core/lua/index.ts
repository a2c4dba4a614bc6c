// The lab's Lua runtime: Redis's own Lua 5.1 compiled to WebAssembly (wasm/lua51.wasm, built
// from Debian's source packages by scripts/build-lua.sh). createLuaEngine() compiles the
// module once per engine and returns a ScriptEngine for the Redis model (EVAL/EVALSHA) with
// the app-server stepper.
import { LuaRuntime, type EngineOptions } from './engine';
import { compileLuaModule } from './wasm';

export type { AppServerRun, AppServerStep, LogLine, RedisLike, ScriptEngine } from './types';
export { LuaRuntime, STEPS_PER_MS, MAX_APP_CALLS } from './engine';
export type { EngineOptions } from './engine';

export interface CreateLuaEngineOptions extends EngineOptions {
  /** URL of the bundled lua51.wasm; required in a browser (Vite: `./wasm/lua51.wasm?url`). */
  wasmUrl?: string;
  /** The wasm bytes themselves (Node reads the committed file when neither is given). */
  wasmBinary?: Uint8Array | ArrayBuffer;
}

const modules = new Map<string, Promise<WebAssembly.Module>>();

/** One compiled module per source (URL or the committed file), shared by every engine. */
function moduleFor(opts: CreateLuaEngineOptions): Promise<WebAssembly.Module> {
  if (opts.wasmBinary !== undefined) return compileLuaModule({ wasmBinary: opts.wasmBinary });
  const key = opts.wasmUrl ?? '';
  let m = modules.get(key);
  if (m === undefined) {
    m = compileLuaModule(opts.wasmUrl !== undefined ? { wasmUrl: opts.wasmUrl } : {});
    m.catch(() => modules.delete(key));
    modules.set(key, m);
  }
  return m;
}

export async function createLuaEngine(opts: CreateLuaEngineOptions = {}): Promise<LuaRuntime> {
  return new LuaRuntime(await moduleFor(opts), opts);
}
