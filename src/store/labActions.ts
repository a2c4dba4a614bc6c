// A lab store's actions (zustand/vanilla: no React): load a scenario, edit it, the lanes and
// the second algorithm, and the virtual clock. Each change builds its runs (labRuns.ts), or,
// when a learner's script is still running in the lab's worker, shows "running" and re-applies
// the change once its runs are in (unless a later change came first).
import { createStore } from 'zustand/vanilla';
import { pendingRuns, readyLabRun } from './labCompute';
import { clampSpeed, stepTime } from './labClock';
import { compareInputOf, endOf } from './labLanes';
import { altInputOf, buildAlt, buildCompare, compareError, SUPERSEDED } from './labRuns';
import {
  scenarioShapeError,
  WORKED_EXAMPLE,
  type LabInit,
  type LabState,
  type LabStore,
  type ScenarioInput,
} from './labState';

/** Every coarse clock at once (a pause, a seek, a step, a new run). */
const shown = (now: number) => ({ sceneNow: now, compareNow: now, panelNow: now });

/** A new, independent lab store (a lesson widget's, the editor's scene, the lab screen's). */
export function createLabStore(init: LabInit = {}): LabStore {
  const input0 = init.input ?? WORKED_EXAMPLE;
  const first = readyLabRun(input0);
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
      const r = readyLabRun(input);
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
      const r = readyLabRun(draft);
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
      const t = stepTime(get(), dir);
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
