// Side-effect import for Node entry points (CLI, tests): makes algorithm "lua" loadable by
// prepareLimiters()/simulateAsync(). A browser entry calls registerLuaLimiterLoader({wasmUrl}).
import { registerLuaLimiterLoader } from './luaLimiter';

registerLuaLimiterLoader();
