// How each screen's code is loaded: one dynamic import per screen (its own chunks), shared by
// the routes (React.lazy in App.tsx) and the idle prefetch (prefetch.ts), so a prefetched
// screen is already in the module cache when it is asked for.
import { prepareLimiters } from '../core/limiters/registry';
import { loadCaption } from '../ui/lab/production/captionLoader';

export const pageLoaders = {
  lab: () => import('../ui/pages/LabPage'),
  // Monaco's chunks download beside the entry when the page opens on #/editor (index.html's
  // route preload); the editor imports Monaco itself, after its own styles are in.
  editor: () => import('../ui/pages/EditorPage'),
  lessons: () => import('../content/LessonsPage'),
  practice: () => import('../content/PracticePage'),
  interview: () => import('../content/InterviewPage'),
  present: () => import('../content/present/PresentPage'),
  races: () => import('../content/RacesPage'),
  live: () => import('../content/live/LivePage'),
};

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
