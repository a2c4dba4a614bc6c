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
  _realloc(p: Ptr, size: number): Ptr;
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
  _lua_pushnumber(L: State, n: number): void;
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
  const pick = (key: string): unknown =>
    direct[key] ?? (module as unknown as Record<string, unknown>)[key];
  const f = pick as <T>(key: string) => T;
  // An object literal of plain data properties stays in V8's fast mode (one built by adding
  // the ~150 exports one by one, or a literal with getters, does not: every call would pay a
  // dictionary lookup). The heap views come from the prototype.
  const views = {
    get HEAPU8(): Uint8Array {
      return module.HEAPU8;
    },
    get HEAP32(): Int32Array {
      return module.HEAP32;
    },
  };
  const raw = {
    __proto__: views,
    _malloc: f('_malloc'),
    _free: f('_free'),
    _realloc: f('_realloc'),
    _lua_newstate: f('_lua_newstate'),
    _luaL_openlibs: f('_luaL_openlibs'),
    _lua_close: f('_lua_close'),
    _lua_gettop: f('_lua_gettop'),
    _lua_settop: f('_lua_settop'),
    _lua_pushvalue: f('_lua_pushvalue'),
    _lua_type: f('_lua_type'),
    _lua_isinteger: f('_lua_isinteger'),
    _lua_isnumber: f('_lua_isnumber'),
    _lua_tonumberx: f('_lua_tonumberx'),
    _lua_tointegerx: f('_lua_tointegerx'),
    _lua_toboolean: f('_lua_toboolean'),
    _lua_tolstring: f('_lua_tolstring'),
    _lua_topointer: f('_lua_topointer'),
    _luaL_tolstring: f('_luaL_tolstring'),
    _lua_pushnil: f('_lua_pushnil'),
    _lua_pushinteger: f('_lua_pushinteger'),
    _lua_pushnumber: f('_lua_pushnumber'),
    _lua_pushlstring: f('_lua_pushlstring'),
    _lua_pushboolean: f('_lua_pushboolean'),
    _lua_pushcclosure: f('_lua_pushcclosure'),
    _lua_pushlightuserdata: f('_lua_pushlightuserdata'),
    _lua_createtable: f('_lua_createtable'),
    _lua_getfield: f('_lua_getfield'),
    _lua_setfield: f('_lua_setfield'),
    _lua_rawgeti: f('_lua_rawgeti'),
    _lua_rawseti: f('_lua_rawseti'),
    _lua_pcallk: f('_lua_pcallk'),
    _lua_error: f('_lua_error'),
    _luaL_where: f('_luaL_where'),
    _lua_concat: f('_lua_concat'),
    _lua_rotate: f('_lua_rotate'),
    _luaL_loadbufferx: f('_luaL_loadbufferx'),
    _luaL_ref: f('_luaL_ref'),
    _luaL_unref: f('_luaL_unref'),
    _lua_sethook: f('_lua_sethook'),
    _lua_getstack: f('_lua_getstack'),
    _lua_getinfo: f('_lua_getinfo'),
    _lua_newthread: f('_lua_newthread'),
    _lua_resume: f('_lua_resume'),
    _lua_yieldk: f('_lua_yieldk'),
    _lua_xmove: f('_lua_xmove'),
    _lua_setupvalue: f('_lua_setupvalue'),
    addFunction: module.addFunction.bind(module),
  };
  return raw as unknown as RawLua;
}
