// How each screen's code is loaded: one dynamic import per screen (its own chunks), shared by
// the routes (screen.tsx in App.tsx), main.tsx (the opening screen is in before the first
// render) and the idle prefetch (prefetch.ts), so a loaded screen renders at once.
import { prepareLimiters } from '../core/limiters/registry';
import type { Route } from '../ui/shell/router';
import { loadCaption } from '../ui/lab/production/captionLoader';
import { screen, type Screen } from './screen';

const loaders = {
  lab: () => import('../ui/pages/LabPage'),
  // The editor opens on a plain text area with the script; Monaco loads after it and takes
  // over (src/ui/editor/LuaEditor.tsx).
  editor: () => import('../ui/pages/EditorPage'),
  lessons: () => import('../content/LessonsPage'),
  practice: () => import('../content/PracticePage'),
  interview: () => import('../content/InterviewPage'),
  present: () => import('../content/present/PresentPage'),
  races: () => import('../content/RacesPage'),
  live: () => import('../content/live/LivePage'),
};

export type ScreenId = keyof typeof loaders;

export const screens = Object.fromEntries(
  Object.entries(loaders).map(([id, load]) => [id, screen<{ route: Route }>(load)]),
) as Record<ScreenId, Screen<{ route: Route }>>;

/** The screen a route opens (`#/` and no hash: the lab), or null for an unknown route. */
export function screenOf(first: string | undefined): Screen<{ route: Route }> | null {
  const id = first ?? 'lab';
  return Object.hasOwn(screens, id) ? screens[id as ScreenId] : null;
}

/**
 * What the idle prefetch loads after the first content, in order: the lab's charts, its
 * production panels and caption lines, and the code behind `algorithm: "lua"` (none brings a
 * stylesheet). The other screens are not imported ahead: importing a screen applies its
 * stylesheets to the open page, and the screens' CSS was not written to share a page (the
 * service worker's precache fetches their files instead).
 */
export const idleLoads: readonly (() => Promise<unknown>)[] = [
  () => import('../ui/lab/Charts'),
  () => import('../ui/lab/production/ProductionPanels'),
  loadCaption,
  () => prepareLimiters(['lua']),
];
