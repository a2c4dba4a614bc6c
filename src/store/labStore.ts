// The lab's store: the loaded scenario, its runs (the loaded lane and the comparison lane),
// the virtual clock, speed and selection. zustand/vanilla: no React here. The clock (`now`)
// changes every frame while playing; React reads it only through the three coarse clocks
// (one per lane and one for the panels) or through the animation loop's drawers.
//
// A store is an instance: `createLabStore()` makes one (each lesson widget and the editor's
// scene have their own); `labStore` is the lab screen's, which window.rateLab drives. The
// store is split by concept: its state and types (labState.ts), its actions (labActions.ts),
// the runs a change builds (labRuns.ts), derived reads (labLanes.ts), the clock's arithmetic
// (labClock.ts), share links (labLink.ts) and the scenario edits (scenarioEdits.ts).
import { snapshotAt } from '../core/lab/labRun';
import { createLabStore } from './labActions';
import type { LabStore } from './labState';

export * from './labState';
export {
  compareInputOf,
  compareLabel,
  endOf,
  hopOf,
  LANE_LABEL,
  laneNow,
  laneTitles,
  otherPlacement,
} from './labLanes';
export { createLabStore } from './labActions';

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
