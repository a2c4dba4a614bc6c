import { StrictMode, useLayoutEffect, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import '../ui/styles.css';
import '../ui/app.css';
import { App } from './App';
import wasmUrl from '../core/lua/wasm/lua51.wasm?url';
import { registerLimiter, registerLimiterLoader } from '../core/limiters/registry';
import { installLabWorker } from '../store/labCompute';
import { LabWorkerClient, webWorker } from '../worker/labClient';
import { installRateLab } from './rateLab';
import { registerServiceWorker } from './pwa';
import { firstScreen, startPrefetch } from './prefetch';
import { installScrollMemory } from '../ui/shell/scrollMemory';
import { handOver, hasFirstView } from './firstViewHandoff';

// `algorithm: "lua"` anywhere in the app (window.rateLab, shared links, lessons, the presenter's
// scene): the learner's script runs in the lab's Lua worker, with a deadline per script
// (src/store/labCompute.ts). On this thread "lua" only draws the states the worker recorded:
// it never runs a script. Its code (the Redis model's table among it) is not part of the first
// screen: it loads when a Lua scenario asks for it (prepareLimiters) or when the browser is idle.
registerLimiterLoader('lua', () =>
  import('../core/lua/luaLimiter').then((m) => registerLimiter('lua', m.luaViewFactory)),
);
installLabWorker(
  new LabWorkerClient({
    spawn: () =>
      webWorker(
        new Worker(new URL('../worker/labWorker.ts', import.meta.url), {
          type: 'module',
          name: 'lab-lua',
        }),
      ),
    wasmUrl,
  }),
);
installRateLab();
installScrollMemory();

const root = document.getElementById('root');
if (!root) throw new Error('Rate Limit Lab: the #root element is missing from index.html');
// The first render waits for the opening screen's code (it downloads beside the entry), so it
// draws the screen itself rather than a placeholder that React would then keep up for 300 ms
// (src/app/screen.tsx). A slow download gets the placeholder after FIRST_SCREEN_GRACE_MS, unless
// index.html already shows the screen (its build-time copy, src/app/vitePluginFirstView.ts):
// then the app draws once the code is in, and takes over from the copy in that task.
const FIRST_SCREEN_GRACE_MS = 300;
const copied = hasFirstView();
// The copy is handed over once the app is live, not at its first commit: that commit's passive
// effects have not run then, among them the stores' subscriptions (useSyncExternalStore makes
// them there), so the editor's store would take the typed text unseen, React would put its
// field's old text back, and the render that follows the subscription a task later would move
// the caret to the end. A state update in a layout effect renders again in this task, and React
// runs the previous commit's passive effects before it renders an update: the hand-over runs
// after that second commit, still before anything is drawn.
function TakeOver({ children }: { children: ReactNode }) {
  const [live, setLive] = useState(false);
  useLayoutEffect(() => {
    if (copied) setLive(true);
  }, []);
  useLayoutEffect(() => {
    if (live) queueMicrotask(() => handOver(root!));
  }, [live]);
  return children;
}
let rendered = false;
const render = () => {
  if (rendered) return;
  rendered = true;
  createRoot(root).render(
    <StrictMode>
      <TakeOver>
        <App />
      </TakeOver>
    </StrictMode>,
  );
};
firstScreen().then(render, render);
if (!copied) setTimeout(render, FIRST_SCREEN_GRACE_MS);
// After the first screen: the service worker (it precaches every file) and the idle prefetch.
startPrefetch(registerServiceWorker);
