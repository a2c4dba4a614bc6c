// How each screen's code is loaded: one dynamic import per screen (its own chunks), shared by
// the routes (React.lazy in App.tsx) and the idle prefetch (prefetch.ts), so a prefetched
// screen is already in the module cache when it is asked for.
import { prepareLimiters } from '../core/limiters/registry';

/** Monaco and the editor's Lua support (about 1 MB gzip): split from every screen's code. */
export const loadMonaco = () => import('../ui/editor/MonacoLua');

export const pageLoaders = {
  lab: () => import('../ui/pages/LabPage'),
  // The editor is ready to type only once Monaco is in: ask for both at once (no waterfall
  // from the page's code to Monaco's).
  editor: () => {
    void loadMonaco();
    return import('../ui/pages/EditorPage');
  },
  lessons: () => import('../content/LessonsPage'),
  practice: () => import('../content/PracticePage'),
  interview: () => import('../content/InterviewPage'),
  present: () => import('../content/present/PresentPage'),
  races: () => import('../content/RacesPage'),
  live: () => import('../content/live/LivePage'),
};

/**
 * What the idle prefetch loads after the first content, in order: the lab's charts, the
 * code behind `algorithm: "lua"`, then the other screens. Monaco is not in it (evaluating it
 * takes the main thread for a while): it loads when the editor is opened or a link to it is
 * pointed at or focused (see prefetch.ts).
 */
export const idleLoads: readonly (() => Promise<unknown>)[] = [
  pageLoaders.lab,
  () => import('../ui/lab/Charts'),
  () => prepareLimiters(['lua']),
  () => import('../ui/pages/EditorPage'),
  pageLoaders.lessons,
  pageLoaders.races,
  pageLoaders.practice,
  pageLoaders.interview,
  pageLoaders.present,
  pageLoaders.live,
];
