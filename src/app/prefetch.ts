// Prefetch: once the first screen is drawn, load the rest of the lab while the browser is idle
// (one piece per idle period), so the charts and a Lua scenario open at once. Then the other
// screens' files and Monaco's are fetched into the cache with <link rel="prefetch"> (the list is
// written into index.html by vitePluginPreload.ts): neither run nor applied, so no screen's
// stylesheet lands on the open page, and opening them later needs no network.
import { idleQueue } from '../ui/shell/idle';
import { parseHash } from '../ui/shell/router';
import { idleLoads, screenOf } from './pages';
import { PREFETCH_LIST_ID } from './vitePluginPreload';

/** Adds <link rel="prefetch"> for the build's list of screen files not fetched yet. */
export function prefetchScreens(doc: Document = document): number {
  let files: unknown;
  try {
    files = JSON.parse(doc.getElementById(PREFETCH_LIST_ID)?.textContent ?? '[]');
  } catch {
    return 0;
  }
  if (!Array.isArray(files)) return 0;
  const have = new Set<string>(performance.getEntriesByType('resource').map((e) => e.name));
  for (const l of doc.querySelectorAll('link[href]')) have.add((l as HTMLLinkElement).href);
  let added = 0;
  for (const f of files) {
    if (typeof f !== 'string') continue;
    const href = new URL(f, doc.baseURI).href;
    if (have.has(href)) continue;
    const link = doc.createElement('link');
    link.rel = 'prefetch';
    link.href = href;
    doc.head.appendChild(link);
    added++;
  }
  return added;
}

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
        idleQueue([
          ...idleLoads,
          () => {
            prefetchScreens();
            return Promise.resolve();
          },
        ]);
      }),
    );
  firstScreen().then(begin, begin);
}
