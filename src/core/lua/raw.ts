// A typed view of the Lua 5.4 C API that wasmoon's glue exports, called directly (no
// ccall string marshalling: strings go through our own scratch buffer, which is what makes
// the low-level path fast and binary-safe for UTF-8).
import { LuaFactory } from 'wasmoon';

export type Ptr = number;
export type State = number;

/** The subset of the wasm exports the engine uses (Lua 5.4 C API, wasm32). */
export interface RawLua {
  _malloc(size: number): Ptr;
  _free(p: Ptr): void;
  _lua_newstate(alloc: Ptr, ud: Ptr): State;
  _luaL_openlibs(L: State): void;
  _lua_close(L: State): void;
  _lua_gettop(L: State): number;
  _lua_settop(L: State, idx: number): void;
  _lua_pushvalue(L: State, idx: number): void;
  _lua_type(L: State, idx: number): number;
  _lua_isinteger(L: State, idx: number): number;
  _lua_isnumber(L: State, idx: number): number;
  _lua_tonumberx(L: State, idx: number, isnum: Ptr): number;
  _lua_tointegerx(L: State, idx: number, isnum: Ptr): bigint;
  _lua_toboolean(L: State, idx: number): number;
  _lua_tolstring(L: State, idx: number, len: Ptr): Ptr;
  _lua_topointer(L: State, idx: number): Ptr;
  _luaL_tolstring(L: State, idx: number, len: Ptr): Ptr;
  _lua_pushnil(L: State): void;
  _lua_pushinteger(L: State, n: bigint): void;
  _lua_pushlstring(L: State, s: Ptr, len: number): Ptr;
  _lua_pushboolean(L: State, b: number): void;
  _lua_pushcclosure(L: State, fn: Ptr, n: number): void;
  _lua_pushlightuserdata(L: State, p: Ptr): void;
  _lua_createtable(L: State, narr: number, nrec: number): void;
  _lua_getfield(L: State, idx: number, k: Ptr): number;
  _lua_setfield(L: State, idx: number, k: Ptr): void;
  _lua_rawgeti(L: State, idx: number, n: bigint): number;
  _lua_rawseti(L: State, idx: number, n: bigint): void;
  _lua_pcallk(L: State, nargs: number, nres: number, msgh: number, ctx: number, k: Ptr): number;
  _lua_error(L: State): number;
  _luaL_where(L: State, level: number): void;
  _lua_concat(L: State, n: number): void;
  _lua_rotate(L: State, idx: number, n: number): void;
  _luaL_loadbufferx(L: State, buf: Ptr, sz: number, name: Ptr, mode: Ptr): number;
  _luaL_ref(L: State, t: number): number;
  _luaL_unref(L: State, t: number, ref: number): void;
  _lua_sethook(L: State, fn: Ptr, mask: number, count: number): void;
  _lua_getstack(L: State, level: number, ar: Ptr): number;
  _lua_getinfo(L: State, what: Ptr, ar: Ptr): number;
  _lua_newthread(L: State): State;
  _lua_resume(L: State, from: State, narg: number, nres: Ptr): number;
  _lua_yieldk(L: State, nres: number, ctx: number, k: Ptr): number;
  _lua_xmove(from: State, to: State, n: number): void;
  _lua_setupvalue(L: State, fidx: number, n: number): Ptr;
  addFunction(fn: (...args: number[]) => number | void, sig: string): Ptr;
  HEAPU8: Uint8Array;
  HEAP32: Int32Array;
}

export const LUA_REGISTRYINDEX = -1001000;
export const T_NIL = 0;
export const T_BOOLEAN = 1;
export const T_LIGHTUSERDATA = 2;
export const T_NUMBER = 3;
export const T_STRING = 4;
export const T_TABLE = 5;
export const LUA_OK = 0;
export const LUA_YIELD = 1;
export const LUA_ERRMEM = 4;
export const MASK_COUNT = 8;

type Exports = Record<string, unknown>;

/**
 * Load wasmoon's wasm module. In a browser, pass the bundled glue.wasm URL (Vite ?url).
 * wasmoon's exported `_lua_*` functions are debug wrappers (an assertion that builds a
 * string, then apply) costing about as much as the Lua call itself; we catch the wasm
 * instance while it is created and call its exports directly, falling back to the wrappers.
 */
export async function loadRawLua(wasmUrl?: string): Promise<RawLua> {
  const W = WebAssembly as unknown as Record<string, unknown>;
  const orig = { instantiate: W.instantiate, instantiateStreaming: W.instantiateStreaming };
  let exports: Exports | null = null;
  const capture = (p: Promise<unknown>): Promise<unknown> =>
    p.then((r) => {
      const inst = (r as { instance?: { exports?: Exports } }).instance;
      if (inst?.exports && typeof inst.exports.lua_gettop === 'function') exports = inst.exports;
      return r;
    });
  for (const name of ['instantiate', 'instantiateStreaming'] as const) {
    const f = orig[name];
    if (typeof f === 'function') {
      W[name] = (...args: unknown[]): Promise<unknown> =>
        capture((f as (...a: unknown[]) => Promise<unknown>).apply(WebAssembly, args));
    }
  }
  let module: RawLua;
  try {
    const factory = new LuaFactory(wasmUrl);
    const wasm = await factory.getLuaModule();
    module = wasm.module as unknown as RawLua;
  } finally {
    W.instantiate = orig.instantiate;
    W.instantiateStreaming = orig.instantiateStreaming;
  }
  const ex: Exports | null = exports;
  if (ex === null) return module;
  const direct: Record<string, unknown> = {};
  for (const key of Object.keys(ex)) {
    if (
      typeof ex[key] === 'function' &&
      (key.startsWith('lua') || key === 'malloc' || key === 'free' || key === 'realloc')
    ) {
      direct['_' + key] = ex[key];
    }
  }
  // Heap views and addFunction stay the module's (it refreshes the views when memory grows).
  const raw = Object.create(null) as Record<string, unknown>;
  for (const key of Object.keys(module)) {
    if (key.startsWith('_lua') || key === '_malloc' || key === '_free' || key === '_realloc') {
      raw[key] = direct[key] ?? (module as unknown as Record<string, unknown>)[key];
    }
  }
  raw.addFunction = module.addFunction.bind(module);
  Object.defineProperty(raw, 'HEAPU8', { get: () => module.HEAPU8 });
  Object.defineProperty(raw, 'HEAP32', { get: () => module.HEAP32 });
  return raw as unknown as RawLua;
}
