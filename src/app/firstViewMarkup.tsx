// Build time only (src/app/vitePluginFirstView.ts renders it in Node): the markup of the
// opening screens, `#/lab` and `#/editor`, as the app's first render draws them for a first
// visit, so index.html can show it before the app's code has run. Nothing here runs in the
// browser.
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { editorStore } from '../store/editorStore';
import { labStore } from '../store/labStore';
import { NARROW_BELOW } from '../ui/lab/scene/geometry';
import { App } from './App';
import { screens } from './pages';

/** The screens drawn at build time. */
export const FIRST_VIEW_ROUTES = ['lab', 'editor'] as const;
export type FirstViewRoute = (typeof FIRST_VIEW_ROUTES)[number];

/** A window this wide or wider gets the lanes' wide layout (the scene's Lane.tsx picks it so). */
export const WIDE_FROM = NARROW_BELOW + 40;

/**
 * The app's markup for `route` (the page's hash and width are the caller's: window.location
 * and window.innerWidth). Every part that loads on demand is loaded first, so the markup is the
 * screen itself, never a placeholder; a part that still waits is an error naming the route.
 */
export async function firstViewMarkup(route: FirstViewRoute): Promise<string> {
  await screens[route].load();
  // A first visit's lab asks before it plays: its first view pauses the opening play at once.
  if (route === 'lab') labStore.getState().pause();
  // The editor runs its script on arrival (useLinkedScript): the app's first frame says so.
  if (route === 'editor') editorStore.getState().setRunning(true);
  // A server render reads a store's initial state (zustand's server snapshot), not its current
  // one: make them one, so the markup draws the paused clock and the counts the app will draw.
  Object.assign(labStore.getInitialState(), labStore.getState());
  Object.assign(editorStore.getInitialState(), editorStore.getState());
  // Loads every lazy part the screen draws (the markup is thrown away) ...
  await prerender(<App />, {
    onError(e) {
      throw e;
    },
  });
  // ... so this render draws them all at once.
  const html = renderToString(<App />);
  if (/<!--\$[!?]-->/.test(html))
    throw new Error(`first view of #/${route}: a part of the screen was still loading`);
  return html;
}
