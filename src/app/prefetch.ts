// Prefetch: once the first screen is drawn, load the rest of the lab while the browser is idle
// (one piece per idle period), so the charts and a Lua scenario open at once.
// Monaco is not prefetched on other screens (its stylesheet would apply to them); opening
// #/editor preloads its chunks beside the entry (vitePluginPreload.ts).
import { idleQueue } from '../ui/shell/idle';
import { parseHash } from '../ui/shell/router';
import { idleLoads, screenOf } from './pages';

let started = false;

/** The first screen's code: the screen the page was opened on (none for an unknown route). */
export function firstScreen(): Promise<unknown> {
  return screenOf(parseHash(location.hash).parts[0])?.load() ?? Promise.resolve();
}

/**
 * Starts the idle prefetch once the first screen's code is in and drawn (two frames later), and
 * marks that moment `rate-lab:prefetch` in the performance timeline (npm run bench:ui counts
 * the scripts asked for before it as the first view's). `afterFirstScreen` runs then too (the
 * service worker's registration, whose precache would otherwise compete with the first screen).
 */
export function startPrefetch(afterFirstScreen: () => void = () => {}): void {
  if (started) return;
  started = true;
  const begin = () =>
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        performance.mark('rate-lab:prefetch');
        afterFirstScreen();
        idleQueue(idleLoads);
      }),
    );
  firstScreen().then(begin, begin);
}
