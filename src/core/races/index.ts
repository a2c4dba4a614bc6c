// The interleaving explorer and the scheduler session (PLAN I2). Pure: give it a Lua runtime.
export { explore, checkRunnable, effectiveInvariant, replay } from './explore';
export type { ExploreOptions } from './explore';
export { parseExploreInput, ExploreInputError, DEFAULT_MAX_SCHEDULES, MAX_REQUESTS } from './input';
export { placementProgram, PLACEMENT_KINDS } from './placements';
export type { PlacementSpec, PolicySpec, PlacementKind } from './placements';
export { judge, verdictText, serverName } from './invariant';
export type * from './types';
export type { ExplorerEngine } from './world';
export { createSchedulerSession, ScheduleError } from './session';
export type { SchedulerSession, SessionState, ServerView } from './session';
export type { Local } from './lines';
export { parseRacesSpec, breaksGoal, GOALS } from './puzzle';
export type { RacesSpec, Goal } from './puzzle';
export { encodeRaceShare, decodeRaceShare, scheduleText, parseScheduleText } from './share';
