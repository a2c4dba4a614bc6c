// The lab store's state and its types: the scenario as given (ScenarioInput), what a store
// holds and the actions it offers (LabState), how it starts (LabInit), and the worked example
// it opens on. No runs are built here (labActions.ts does that).
import type { StoreApi } from 'zustand/vanilla';
import type { LabRun } from '../core/lab/labRun';
import { isObj } from '../core/util/isObj';

export type ScenarioInput = Record<string, unknown>;

/**
 * The seed's worked example: one client, A,B,A,B,A, fixed window 3 per 60 s. The requests
 * come half a second apart, so at the lab's opening speed (0.5x) the lanes part at the 4th
 * request, 4 s after the page starts playing (UI.md, "The first ten seconds").
 */
export const WORKED_EXAMPLE: ScenarioInput = {
  algorithm: 'fixed-window',
  params: { limit: 3, windowSeconds: 60 },
  placement: 'shared',
  seed: 1,
  requests: ['A', 'B', 'A', 'B', 'A'].map((server, i) => ({
    at: (i + 1) / 2,
    server,
    key: 'client-1',
  })),
};

/** Why a value cannot be a scenario at all (null when it is an object), naming what it is. */
export function scenarioShapeError(v: unknown): string | null {
  if (isObj(v)) return null;
  const what = v === null ? 'null' : Array.isArray(v) ? 'an array' : `a ${typeof v}`;
  return `scenario must be a JSON object of scenario fields, not ${what}`;
}

export const SPEED_MIN = 0.1;
export const SPEED_MAX = 100;

/** A lane of the scene: the loaded scenario's, or the comparison (the other placement). */
export type Lane = 'main' | 'compare';

/** Lane titles a scenario brings (a lesson's `lanes` or `compareTitle`); null: derived. */
export type LaneTitles = [string | null, string | null];

export interface LabState {
  input: ScenarioInput;
  run: LabRun;
  /** The comparison lane: the other placement (local vs shared), or `compareOverride`. */
  compare: LabRun | null;
  compareInput: ScenarioInput | null;
  /** Compare side by side. */
  lanes: boolean;
  /**
   * Fields merged over the input for the comparison lane (a lesson's `compare`), or null for
   * the lab's own comparison, the other placement.
   */
  compareOverride: ScenarioInput | null;
  /** Titles given with the scenario (a lesson widget's), or null. */
  titles: LaneTitles | null;
  /** A second algorithm on the same traffic (charts), or null. */
  altAlgorithm: string | null;
  altRun: LabRun | null;
  /** Engine messages for the last rejected edit (the last valid run keeps running). */
  errors: string[];
  /** A message about a scenario that could not be loaded from a link. */
  loadError: string | null;
  /**
   * A learner's script is running in the lab's Lua worker for the change asked last; the
   * scene keeps the previous run (and answers clicks) until it is done.
   */
  running: boolean;
  now: number;
  playing: boolean;
  speed: number;
  /**
   * The coarse clocks React renders from, staggered: while playing, the main lane's scene
   * (decision strip, limiter glyphs), the comparison lane's, and the panels (request, limiter
   * state, key inspector) follow `now` in turn, each on its own frame of the animation loop
   * (src/ui/lab/loop.ts), so one frame never pays for every render. All three equal `now`
   * whenever the clock is paused or moved. Read a lane's with laneNow().
   */
  sceneNow: number;
  compareNow: number;
  panelNow: number;
  selected: number | null;
  /** Which lane's request is selected. */
  selectedLane: Lane;
  selectedTarget: string | null;

  load(
    input: unknown,
    opts?: {
      keepTime?: boolean;
      play?: boolean;
      /** The comparison lane's override (undefined: the other placement, as before). */
      compare?: ScenarioInput | null;
      titles?: LaneTitles | null;
    },
  ): LoadResult;
  /**
   * Change the scenario: `update` gets a copy of the input to change in place, or returns the
   * new scenario (the pure edits in scenarioEdits.ts). False when the engine refuses it.
   */
  edit(update: (draft: ScenarioInput) => ScenarioInput | void): boolean;
  setLanes(on: boolean): void;
  setAltAlgorithm(alg: string | null, params?: Record<string, unknown>): void;
  seek(t: number): void;
  play(speed?: number): void;
  pause(): void;
  togglePlay(): void;
  setSpeed(speed: number): void;
  step(dir: 1 | -1): void;
  /** Jump to the start (0) or the end of the run, paused. */
  jump(to: 'start' | 'end'): void;
  select(i: number | null, lane?: Lane): void;
  selectTarget(id: string | null): void;
  /** Let one coarse clock catch up with `now` (0 the main lane, 1 the comparison, 2 panels). */
  tick(group: 0 | 1 | 2): void;
  /**
   * Advance the clock by a wall-clock delta (the animation loop calls this). `group`: which
   * coarse clock follows on this frame (null: none).
   */
  advanceWall(dtSeconds: number, group: 0 | 1 | 2 | null): void;
}

/**
 * A load's answer. With learner Lua still running in the worker, `ok` is true and `settled`
 * resolves with the final answer once the run is in (or is superseded by a later change).
 */
export type LoadResult =
  { ok: true; settled?: Promise<LoadResult> } | { ok: false; message: string; errors: string[] };

export type LabStore = StoreApi<LabState>;

export interface LabInit {
  /** The scenario (default: the worked example). It must be valid: createLabStore throws. */
  input?: ScenarioInput;
  /** Compare lanes side by side (default true). */
  lanes?: boolean;
  /** The comparison lane's override (default null: the other placement). */
  compare?: ScenarioInput | null;
  titles?: LaneTitles | null;
  playing?: boolean;
  speed?: number;
  now?: number;
}
