// Each route opens at its top, and Back or Forward returns to where you were on that page.
// The browser's own restoration cannot do it for a hash router: a new route is rendered into
// the same document, so the old scroll position carried over (the editor's scroll landed the
// lab on its controls), and a restored position was applied before the lazy page had the
// height to hold it. Each history entry gets a key in its state; leaving it saves the scroll
// position under that key; arriving at an entry with a saved position restores it once the
// page is tall enough (giving up when the learner scrolls first); any other arrival on a new
// route starts at the top. A change of the query only (the same page) keeps the position.

const KEY = 'rateLabScroll';
/** How long a restore waits for a lazy page to grow tall enough, in animation frames. */
const RESTORE_FRAMES = 120;

const pathOf = (hash: string): string => hash.replace(/\?.*$/, '') || '#/';

export function installScrollMemory(win: Window = window): () => void {
  const h = win.history;
  if ('scrollRestoration' in h) h.scrollRestoration = 'manual';
  const saved = new Map<string, number>();
  let made = 0;
  const keyOf = (): string | null => {
    const s: unknown = h.state;
    if (typeof s !== 'object' || s === null) return null;
    const k = (s as Record<string, unknown>)[KEY];
    return typeof k === 'string' ? k : null;
  };
  const stamp = (): string => {
    const k = `${performance.now().toFixed(0)}-${made++}`;
    const s: unknown = h.state;
    h.replaceState({ ...(typeof s === 'object' && s !== null ? s : {}), [KEY]: k }, '');
    return k;
  };
  let current = keyOf() ?? stamp();
  let path = pathOf(win.location.hash);
  let stopRestore: (() => void) | null = null;

  const restore = (y: number) => {
    let frames = 0;
    let raf = 0;
    const stop = () => {
      win.cancelAnimationFrame(raf);
      for (const e of ['wheel', 'touchstart', 'keydown', 'mousedown'] as const)
        win.removeEventListener(e, stop, true);
      if (stopRestore === stop) stopRestore = null;
    };
    const step = () => {
      win.scrollTo(0, y);
      if (Math.abs(win.scrollY - y) <= 1 || ++frames >= RESTORE_FRAMES) stop();
      else raf = win.requestAnimationFrame(step);
    };
    for (const e of ['wheel', 'touchstart', 'keydown', 'mousedown'] as const)
      win.addEventListener(e, stop, true);
    stopRestore = stop;
    step();
  };

  const onHash = () => {
    saved.set(current, win.scrollY);
    stopRestore?.();
    const known = keyOf();
    const next = known ?? stamp();
    const to = pathOf(win.location.hash);
    const samePage = to === path;
    current = next;
    path = to;
    const y = known !== null ? saved.get(known) : undefined;
    if (y !== undefined) restore(y);
    else if (!samePage) win.scrollTo(0, 0);
  };
  // Registered before the app renders, so it runs before the router's re-render can shorten
  // the page (and clamp the position being saved).
  win.addEventListener('hashchange', onHash);
  return () => {
    win.removeEventListener('hashchange', onHash);
    stopRestore?.();
  };
}
