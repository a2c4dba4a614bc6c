import { useStore } from 'zustand';
import { labStore, type LabState } from '../../store/labStore';

/** A React hook over the lab store; select small, slowly changing values only. */
export function useLab<T>(selector: (s: LabState) => T): T {
  return useStore(labStore, selector);
}

/** Registered per-frame drawers (the scene's dots, the clock, the scrubber thumb). */
const drawers = new Set<(now: number) => void>();
export function addDrawer(d: (now: number) => void): () => void {
  drawers.add(d);
  d(labStore.getState().now);
  return () => {
    drawers.delete(d);
  };
}
export function runDrawers(now: number): void {
  for (const d of drawers) d(now);
}
