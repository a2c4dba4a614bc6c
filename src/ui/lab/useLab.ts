// A stage is one lab store as the screen draws it: the store, the per-frame drawers of its
// scene (dots, counts, clock, scrubber) and whether it is on screen. The lab screen has one
// (`mainStage`), every lesson widget has its own, the editor's scene has its own; components
// find theirs through StageContext, so the same scene components draw any of them.
import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import { labStore, type LabState, type LabStore } from '../../store/labStore';

/**
 * A per-frame drawer. `coarse` is true on one frame in six while playing (see loop.ts), and on
 * every call when the clock is paused or seeking: text in the DOM changes only then, because
 * any DOM text change costs a page-wide paint walk, while canvas pixels and composited
 * transforms do not.
 */
export type Drawer = (now: number, coarse: boolean) => void;

export interface Stage {
  readonly store: LabStore;
  readonly drawers: Set<Drawer>;
  /** False while the stage is scrolled out of view: the loop neither advances nor draws it. */
  visible: boolean;
  /** The loop's bookkeeping (what was drawn last). */
  drawn: {
    now: number;
    run: unknown;
    compare: unknown;
    playing: boolean;
    /** The selected request and lane, as one number (-1: none). */
    selected: number;
    cycle: number;
  };
}

export function createStage(store: LabStore): Stage {
  return {
    store,
    drawers: new Set(),
    visible: true,
    drawn: { now: NaN, run: null, compare: null, playing: false, selected: -1, cycle: 0 },
  };
}

/** The lab screen's stage (its store is the one window.rateLab drives). */
export const mainStage: Stage = createStage(labStore);

export const StageContext = createContext<Stage>(mainStage);

/** The stage the component is drawn in. */
export function useStage(): Stage {
  return useContext(StageContext);
}

/** A React hook over the stage's store; select small, slowly changing values only. */
export function useLab<T>(selector: (s: LabState) => T): T {
  return useStore(useStage().store, selector);
}

/**
 * What the last drawn frame cost (read by the perf bench through `window.__labFrameStats`):
 * dots drawn, and the time the drawers took, over every stage drawn on that frame. Plain
 * numbers, never written to the DOM.
 */
export const frameStats = { dots: 0, maxDots: 0, drawMs: 0, frames: 0, stages: 0 };

/** Register a drawer on a stage (drawn once at once); returns the unregister function. */
export function addDrawer(stage: Stage, d: Drawer): () => void {
  stage.drawers.add(d);
  d(stage.store.getState().now, true);
  return () => {
    stage.drawers.delete(d);
  };
}

/** Run a stage's drawers; `coarse` is forced while its clock is not playing. */
export function runDrawers(stage: Stage, now: number, coarse = true): void {
  coarse ||= !stage.store.getState().playing;
  for (const d of stage.drawers) d(now, coarse);
}
