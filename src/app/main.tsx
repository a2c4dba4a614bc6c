import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../ui/styles.css';
import '../ui/app.css';
import { App } from './App';
import { registerLimiterLoader } from '../core/limiters/registry';
import { installRateLab } from './rateLab';
import { registerServiceWorker } from './pwa';

// `algorithm: "lua"` anywhere in the app (window.rateLab, shared links, lessons): the Lua engine
// and its wasm load from the bundle the first time a scenario needs them.
registerLimiterLoader('lua', async () => {
  const [{ installLuaLimiter }, { LUA_WASM_URL }] = await Promise.all([
    import('../core/lua/luaLimiter'),
    import('../ui/widgets/luaWasm'),
  ]);
  await installLuaLimiter({ wasmUrl: LUA_WASM_URL });
});
installRateLab();
registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('Rate Limit Lab: the #root element is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
