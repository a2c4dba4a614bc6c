import { useStore } from 'zustand';
import { labStore, type LabState } from '../../store/labStore';

/** A React hook over the lab store; select small, slowly changing values only. */
export function useLab<T>(selector: (s: LabState) => T): T {
  return useStore(labStore, selector);
}

/**
 * What the last drawn frame cost (read by the perf bench through `window.__labFrameStats`):
 * dots drawn, and the time the drawers took. Plain numbers, never written to the DOM.
 */
export const frameStats = { dots: 0, maxDots: 0, drawMs: 0, frames: 0 };

/**
 * Registered per-frame drawers (the scene's dots, the counts, the clock, the scrubber).
 * `coarse` is true on one frame in six while playing (see loop.ts), and on every call when the
 * clock is paused or seeking: text in the DOM changes only then, because any DOM text change
 * costs a page-wide paint walk, while canvas pixels and composited transforms do not.
 */
export type Drawer = (now: number, coarse: boolean) => void;
const drawers = new Set<Drawer>();
export function addDrawer(d: Drawer): () => void {
  drawers.add(d);
  d(labStore.getState().now, true);
  return () => {
    drawers.delete(d);
  };
}
/** Run every drawer; `coarse` is forced while the clock is not playing. */
export function runDrawers(now: number, coarse = true): void {
  const t0 = performance.now();
  coarse ||= !labStore.getState().playing;
  frameStats.dots = 0;
  for (const d of drawers) d(now, coarse);
  frameStats.maxDots = Math.max(frameStats.maxDots, frameStats.dots);
  frameStats.drawMs = performance.now() - t0;
  frameStats.frames++;
}
