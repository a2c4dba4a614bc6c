// Messages between the page and the races worker (racesWorker.ts): the scheduler screen's
// stepper and the explorer both run there, so no learner Lua runs on the page's main thread.
// Every request carries an id; the worker answers each with one response of the same id.
import type { SessionState } from '../core/races/session';
import type { Action, ExploreInput, ExploreResult } from '../core/races/types';

export type RacesRequest =
  | { id: number; type: 'init'; wasmUrl: string; budgetMs: number }
  /** The scheduler's state after `schedule` (raw explorer input: the worker validates it). */
  | { id: number; type: 'session'; input: unknown; schedule: Action[] }
  /** Decodes a share link's `s=` parameter. */
  | { id: number; type: 'link'; param: string }
  /** Every schedule (up to the input's cap, or until `softDeadlineMs`). */
  | { id: number; type: 'explore'; input: unknown; softDeadlineMs: number };

export type RacesResponse =
  | { id: number; type: 'ok' }
  | { id: number; type: 'session'; state: SessionState; input: ExploreInput }
  | { id: number; type: 'link'; input: ExploreInput; schedule: Action[] }
  | { id: number; type: 'explore'; result: ExploreResult }
  /** `step` is set when a schedule could not be replayed past that step (0-based). */
  | { id: number; type: 'error'; message: string; state?: SessionState; input?: ExploreInput };

export type RacesRequestBody = RacesRequest extends infer R
  ? R extends { id: number }
    ? Omit<R, 'id'>
    : never
  : never;
