// The browser's way to the Lua engine: its wasm (Redis's Lua 5.1) is served from the bundle,
// never from a network.
// Registers the lazy "lua" limiter loader once, so lab widgets can run `algorithm: "lua"`.
import wasmUrl from '../../core/lua/wasm/lua51.wasm?url';
import { getLimiterFactory } from '../../core/limiters/registry';
import { registerLuaLimiterLoader } from '../../core/lua/luaLimiter';

export const LUA_WASM_URL: string = wasmUrl;

let registered = false;
export function ensureLuaLoader(): void {
  if (registered || getLimiterFactory('lua')) return;
  registered = true;
  registerLuaLimiterLoader({ wasmUrl: LUA_WASM_URL });
}
