// A screen whose code loads on demand, but that renders at once when its code is already in.
// React.lazy always suspends on its first render, even for a module that has arrived: the
// page shows the screen's fallback, and React then holds the screen back until 300 ms after
// that fallback appeared (its Suspense throttle). The opening screen's code downloads beside
// the entry (index.html's boot script, src/app/vitePluginBoot.ts), so main.tsx waits for it and the first render draws
// the screen itself.
import { lazy, useState, type ComponentType } from 'react';

export interface Screen<P extends object> {
  /** Loads the screen's code (once); resolves when it can render without suspending. */
  load(): Promise<unknown>;
  /** The screen: drawn directly when loaded, else through React.lazy (inside a Suspense). */
  Component: ComponentType<P>;
}

export function screen<P extends object>(
  loader: () => Promise<{ default: ComponentType<P> }>,
): Screen<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const load = (): Promise<ComponentType<P>> =>
    (pending ??= loader().then(
      (m) => (loaded = m.default),
      (e: unknown) => {
        // A failed download may succeed later (the next visit to the route asks again).
        pending = null;
        throw e;
      },
    ));
  const Lazy = lazy(() => load().then((c) => ({ default: c })));
  function Component(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the module's component on a
    // later render would remount the screen and lose its state.
    const [Direct] = useState(() => loaded);
    return Direct ? <Direct {...props} /> : <Lazy {...props} />;
  }
  return { load, Component };
}
