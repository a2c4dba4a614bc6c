// The lab's state: the loaded scenario, its runs (the loaded lane and the comparison lane),
// the virtual clock, speed and selection. zustand/vanilla: no React here. The clock (`now`)
// changes every frame while playing; React reads it only through the three coarse clocks
// below (one per lane and one for the panels) or through the animation loop's drawers.
//
// A store is an instance: `createLabStore()` makes one (each lesson widget and the editor's
// scene have their own); `labStore` is the lab screen's, which window.rateLab drives.
import { createStore, type StoreApi } from 'zustand/vanilla';
import { laneLabels } from '../core/content/directives';
import { snapshotAt, type BuildResult, type LabRun } from '../core/lab/labRun';
import { defaultParams } from '../core/limiters/registry';
import { placementLabel, placementName } from '../core/production/labels';
import { computeLabRun, pendingRuns } from './labCompute';

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
  if (typeof v === 'object' && v !== null && !Array.isArray(v)) return null;
  const what = v === null ? 'null' : Array.isArray(v) ? 'an array' : `a ${typeof v}`;
  return `scenario must be a JSON object of scenario fields, not ${what}`;
}

export const SPEED_MIN = 0.1;
export const SPEED_MAX = 100;

export const LANE_LABEL: Record<string, string> = Object.fromEntries(
  ['local', 'shared', 'shared-nonatomic', 'shared-fallback', 'sharded', 'leased'].map((p) => [
    p,
    placementName(p),
  ]),
);

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

const STILL_RUNNING = 'the script is still running in the lab worker';
const SUPERSEDED: LoadResult = {
  ok: false,
  message: 'a later change replaced this one before its script finished',
  errors: ['a later change replaced this one before its script finished'],
};

/** A ready run (pendingRuns said so), synchronously. */
function buildRun(input: unknown): BuildResult {
  const r = computeLabRun(input);
  return r instanceof Promise ? { ok: false, errors: [STILL_RUNNING], message: STILL_RUNNING } : r;
}

/** The coarse clock a lane renders from. */
export const laneNow = (s: Pick<LabState, 'sceneNow' | 'compareNow'>, lane: Lane): number =>
  lane === 'compare' ? s.compareNow : s.sceneNow;

/** When the lane's last event is over (with room for the last dot to travel home). */
export function endOf(s: Pick<LabState, 'run' | 'compare'>): number {
  const e = Math.max(s.run.end, s.compare?.end ?? 0);
  return e + hopOf(s.run) * 1.2;
}

/** Display-only travel time of a dot between client and server (model seconds). */
export function hopOf(run: LabRun): number {
  return Math.min(1.5, Math.max(0.3, run.end / 12));
}

/** What the comparison lane shows, in words (the controls' checkbox). */
export function compareLabel(input: ScenarioInput): string {
  const p = String(input.placement ?? 'shared');
  const st = input.store as Record<string, unknown> | undefined;
  if (p !== 'local' && st?.failover !== undefined) return 'the same store without the failover';
  if (p === 'sharded') return 'one shared counter, no shards';
  if (p === 'leased') return 'one shared counter, no leases';
  return p === 'local' ? 'one shared counter' : 'a counter in each server';
}

/**
 * The comparison lane: a counter in each server against one shared counter; shards and leases
 * against one shared counter without them. Fields the other placement cannot have go.
 */
export function otherPlacement(input: ScenarioInput): ScenarioInput {
  const p = input.placement ?? 'shared';
  const st = input.store as Record<string, unknown> | undefined;
  if (p !== 'local' && st?.failover !== undefined) {
    // A failover is compared with the same store that never fails over.
    const store = { ...st };
    delete store.failover;
    return { ...input, store };
  }
  const to = p === 'local' || p === 'sharded' || p === 'leased' ? 'shared' : 'local';
  const out: ScenarioInput = { ...input, placement: to };
  delete out.shards;
  delete out.shardBudget;
  delete out.shardBy;
  delete out.lease;
  if (to === 'local' && typeof out.store === 'object' && out.store !== null) {
    const store = { ...(out.store as Record<string, unknown>) };
    for (const f of ['replica', 'failover', 'clockSteps', 'cluster']) delete store[f];
    out.store = store;
  }
  return out;
}

/** The comparison lane's input: the override merged over the input (as a lesson's `compare`). */
export function compareInputOf(
  input: ScenarioInput,
  override: ScenarioInput | null,
): ScenarioInput {
  return override ? { ...input, ...override } : otherPlacement(input);
}

function buildCompare(
  input: ScenarioInput,
  override: ScenarioInput | null,
): {
  compare: LabRun | null;
  compareInput: ScenarioInput | null;
} {
  const ci = compareInputOf(input, override);
  const r = buildRun(ci);
  return r.ok ? { compare: r.run, compareInput: ci } : { compare: null, compareInput: null };
}

/** The engine's message for a comparison lane that cannot run, or null. */
function compareError(input: ScenarioInput, override: ScenarioInput): string | null {
  const r = buildRun(compareInputOf(input, override));
  return r.ok ? null : r.message;
}

function altInputOf(
  input: ScenarioInput,
  alt: string | null,
  params?: Record<string, unknown>,
): ScenarioInput | null {
  if (!alt || input.policies) return null;
  return { ...input, algorithm: alt, params: params ?? defaultParams(alt) };
}

function buildAlt(
  input: ScenarioInput,
  alt: string | null,
  params?: Record<string, unknown>,
): LabRun | null {
  const ai = altInputOf(input, alt, params);
  if (!ai) return null;
  const r = buildRun(ai);
  return r.ok ? r.run : null;
}

/**
 * The two lanes' titles. The lab's own comparison names the placements ("Counter in each
 * server" / "One shared counter"); an override names what it changes ("algorithm:
 * fixed-window" / "algorithm: sliding-log"), unless the scenario gave titles.
 */
export function laneTitles(
  s: Pick<LabState, 'run' | 'compare' | 'input' | 'compareInput' | 'compareOverride' | 'titles'>,
): { main: string; compare: string | null } {
  const placementTitle = (r: LabRun) => placementLabel(r.scenario);
  let main = placementTitle(s.run);
  let compare = s.compare ? placementTitle(s.compare) : null;
  const override = s.compareOverride;
  const onlyPlacement = override !== null && Object.keys(override).every((k) => k === 'placement');
  if (s.compare && s.compareInput && override && !onlyPlacement) {
    [main, compare] = laneLabels(s.input, s.compareInput);
  }
  return {
    main: s.titles?.[0] ?? main,
    compare: s.compare ? (s.titles?.[1] ?? compare) : null,
  };
}

/** Every coarse clock at once (a pause, a seek, a step, a new run). */
const shown = (now: number) => ({ sceneNow: now, compareNow: now, panelNow: now });

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

/** A new, independent lab store (a lesson widget's, the editor's scene, the lab screen's). */
export function createLabStore(init: LabInit = {}): LabStore {
  const input0 = init.input ?? WORKED_EXAMPLE;
  const first = buildRun(input0);
  if (!first.ok) throw new Error(`the scenario is invalid: ${first.message}`);
  const lanes0 = init.lanes ?? true;
  const override0 = init.compare ?? null;
  const cmp0 = lanes0 ? buildCompare(input0, override0) : { compare: null, compareInput: null };
  const now0 = Math.max(0, Math.min(init.now ?? 0, endOf({ run: first.run, ...cmp0 })));

  // Every change bumps this; a change still waiting for the Lua worker gives way to a later one.
  let change = 0;
  /** Show "running", then redo the change once its runs are in (unless a later one came). */
  function whenReady<T>(
    set: (p: Partial<LabState>) => void,
    wait: Promise<void>,
    redo: () => T,
    superseded: T,
  ): Promise<T> {
    const my = change;
    set({ running: true });
    return wait.then(() => {
      if (my !== change) return superseded;
      set({ running: false });
      return redo();
    });
  }

  return createStore<LabState>()((set, get) => ({
    input: input0,
    run: first.run,
    compare: cmp0.compare,
    compareInput: cmp0.compareInput,
    lanes: lanes0,
    compareOverride: override0,
    titles: init.titles ?? null,
    altAlgorithm: null,
    altRun: null,
    errors: [],
    loadError: null,
    running: false,
    now: now0,
    playing: init.playing ?? false,
    speed: clampSpeed(init.speed ?? 0.5),
    ...shown(now0),
    selected: null,
    selectedLane: 'main',
    selectedTarget: null,

    load(input, opts) {
      // A link or a script may hand anything here (`null`, a number, an array).
      const notObject = scenarioShapeError(input);
      if (notObject) return { ok: false, message: notObject, errors: [notObject] };
      const inp = input as ScenarioInput;
      const s = get();
      const override = opts?.compare === undefined ? null : opts.compare;
      const lanes = override ? true : s.lanes;
      change++;
      const wait = pendingRuns([
        input,
        lanes ? compareInputOf(inp, override) : null,
        altInputOf(inp, s.altAlgorithm),
      ]);
      if (wait) {
        const settled = whenReady(set, wait, () => get().load(input, opts), SUPERSEDED);
        return { ok: true, settled: settled.then((r) => (r.ok && r.settled) || r) };
      }
      const r = buildRun(input);
      if (!r.ok) return { ok: false, message: r.message, errors: r.errors };
      const cmp = lanes ? buildCompare(inp, override) : { compare: null, compareInput: null };
      if (override && !cmp.compare) {
        const message = compareError(inp, override) ?? 'the comparison lane could not run';
        return { ok: false, message, errors: [message] };
      }
      const alt = buildAlt(inp, s.altAlgorithm);
      const now = opts?.keepTime ? Math.min(s.now, endOf({ run: r.run, compare: cmp.compare })) : 0;
      set({
        input: inp,
        run: r.run,
        ...cmp,
        lanes,
        compareOverride: override,
        titles: opts?.titles ?? null,
        altRun: alt,
        errors: [],
        loadError: null,
        running: false,
        now,
        playing: opts?.play ?? false,
        ...shown(now),
        selected: null,
        selectedTarget: null,
      });
      return { ok: true };
    },

    edit(update) {
      const copy = structuredClone(get().input);
      const draft = update(copy) ?? copy;
      const s = get();
      change++;
      const wait = pendingRuns([
        draft,
        s.lanes ? compareInputOf(draft, s.compareOverride) : null,
        altInputOf(draft, s.altAlgorithm),
      ]);
      if (wait) {
        void whenReady(set, wait, () => get().edit(update), false);
        return true;
      }
      const r = buildRun(draft);
      if (!r.ok) {
        set({ errors: r.errors });
        return false;
      }
      const cmp = s.lanes
        ? buildCompare(draft, s.compareOverride)
        : { compare: null, compareInput: null };
      const alt = buildAlt(draft, s.altAlgorithm);
      // Keep the current time where the new run still has it.
      const now = Math.min(s.now, endOf({ run: r.run, compare: cmp.compare }));
      set({
        input: draft,
        run: r.run,
        ...cmp,
        altRun: alt,
        errors: [],
        running: false,
        now,
        ...shown(now),
        selected: s.selected !== null && s.selected < r.run.n ? s.selected : null,
        selectedTarget: r.run.targets.some((t) => t.id === s.selectedTarget)
          ? s.selectedTarget
          : null,
      });
      return true;
    },

    setLanes(on) {
      const s = get();
      change++;
      const wait = on ? pendingRuns([compareInputOf(s.input, s.compareOverride)]) : null;
      if (wait) {
        void whenReady(set, wait, () => get().setLanes(on), undefined);
        return;
      }
      const cmp = on
        ? buildCompare(s.input, s.compareOverride)
        : { compare: null, compareInput: null };
      set({ lanes: on, ...cmp, selectedLane: 'main', ...shown(s.now) });
    },

    setAltAlgorithm(alg, params) {
      change++;
      const wait = pendingRuns([altInputOf(get().input, alg, params)]);
      if (wait) {
        void whenReady(set, wait, () => get().setAltAlgorithm(alg, params), undefined);
        return;
      }
      set({ altAlgorithm: alg, altRun: buildAlt(get().input, alg, params) });
    },

    seek(t) {
      const s = get();
      // Not clamped to the end: `advance` may run past the last event (nothing happens there).
      const now = Number.isFinite(t) ? Math.max(0, t) : s.now;
      set({ now, ...shown(now) });
    },

    play(speed) {
      const s = get();
      const sp = speed === undefined ? s.speed : clampSpeed(speed);
      // Playing from the end starts over.
      const now = s.now >= endOf(s) - 1e-9 ? 0 : s.now;
      set({ playing: true, speed: sp, now, ...shown(now) });
    },
    pause() {
      set({ playing: false, ...shown(get().now) });
    },
    togglePlay() {
      if (get().playing) get().pause();
      else get().play();
    },
    setSpeed(speed) {
      set({ speed: clampSpeed(speed) });
    },
    step(dir) {
      const s = get();
      const times = mergedEvents(s);
      let t: number;
      if (dir > 0) {
        const j = upperBound(times, s.now + 1e-9);
        t = j < times.length ? times[j]! : endOf(s);
      } else {
        const j = lowerBound(times, s.now - 1e-9) - 1;
        t = j >= 0 ? times[j]! : 0;
      }
      set({ playing: false, now: t, ...shown(t) });
    },
    jump(to) {
      const t = to === 'start' ? 0 : endOf(get());
      set({ playing: false, now: t, ...shown(t) });
    },
    select(i, lane = 'main') {
      // A picked request shows the limiter that decided it (until a target is picked).
      set({ selected: i, selectedLane: lane, selectedTarget: null });
    },
    selectTarget(id) {
      set({ selectedTarget: id });
    },
    tick(group) {
      const now = get().now;
      if (group === 0) set({ sceneNow: now });
      else if (group === 1) set({ compareNow: now });
      else set({ panelNow: now });
    },
    advanceWall(dtSeconds, group) {
      const s = get();
      if (!s.playing) return;
      const end = endOf(s);
      const now = s.now + dtSeconds * s.speed;
      if (now >= end) {
        set({ now: end, playing: false, ...shown(end) });
        return;
      }
      set({ now });
      if (group !== null) s.tick(group);
    },
  }));
}

function clampSpeed(x: number): number {
  if (!Number.isFinite(x) || x <= 0) return 1;
  return Math.min(SPEED_MAX, Math.max(SPEED_MIN, x));
}

const mergedCache = new WeakMap<LabRun, Float64Array>();
function mergedEvents(s: Pick<LabState, 'run' | 'compare'>): Float64Array {
  const key = s.run;
  const c = mergedCache.get(key);
  if (c && !s.compare) return c;
  const parts = [s.run.eventTimes, s.compare?.eventTimes ?? new Float64Array(0)];
  const all = new Float64Array(parts[0]!.length + parts[1]!.length);
  all.set(parts[0]!);
  all.set(parts[1]!, parts[0]!.length);
  all.sort();
  if (!s.compare) mergedCache.set(key, all);
  return all;
}

function upperBound(a: Float64Array, t: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const m = (lo + hi) >> 1;
    if (a[m]! <= t) lo = m + 1;
    else hi = m;
  }
  return lo;
}
function lowerBound(a: Float64Array, t: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const m = (lo + hi) >> 1;
    if (a[m]! < t) lo = m + 1;
    else hi = m;
  }
  return lo;
}

/** The lab screen's store: it opens on the worked example, already playing slowly. */
export const labStore: LabStore = createLabStore({ playing: true, speed: 0.5 });

/** Advance the lab screen's clock (or another store's) by a wall-clock delta. */
export function advanceWall(
  dtSeconds: number,
  group: 0 | 1 | 2 | null,
  store: LabStore = labStore,
): void {
  store.getState().advanceWall(dtSeconds, group);
}

/** window.rateLab.snapshot(): the loaded run at the clock's time (docs/spec/headless.md). */
export function labSnapshot() {
  const s = labStore.getState();
  return snapshotAt(s.run, s.now);
}
