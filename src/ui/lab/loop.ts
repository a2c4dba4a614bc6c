// One requestAnimationFrame loop: wall time -> model time by the speed, then every drawer
// reads the store's clock and draws. React renders only when a coarse clock changes (the
// store's sceneNow / compareNow / panelNow, each 10 times a second while playing).
import { advanceWall, labStore } from '../../store/labStore';
import { frameStats, runDrawers } from './useLab';

let handle = 0;
let users = 0;
let last = -1;
let lastDrawn = NaN;
let lastRunKey: unknown = null;
let lastCompareKey: unknown = null;
let lastPlaying = false;

/**
 * Work per frame while playing, in a cycle of six frames so that no frame carries two
 * slow jobs: every frame moves the dots, the playhead and the charts' "now" lines (canvas
 * pixels and composited transforms only); frame 0 rewrites the numbers (counts, clock);
 * frames 1, 3 and 5 let React re-render one group each (main lane, comparison lane, panels).
 * At 60 fps that is 10 updates a second for each.
 */
const GROUP_AT: (0 | 1 | 2 | null)[] = [null, 0, null, 1, null, 2];
let cycle = 0;

function frame(ts: number) {
  handle = requestAnimationFrame(frame);
  const dt = last < 0 ? 0 : Math.min(0.1, (ts - last) / 1000);
  last = ts;
  cycle = (cycle + 1) % GROUP_AT.length;
  advanceWall(dt, GROUP_AT[cycle] ?? null);
  const s = labStore.getState();
  if (
    s.now !== lastDrawn ||
    s.run !== lastRunKey ||
    s.compare !== lastCompareKey ||
    s.playing !== lastPlaying
  ) {
    // Pausing redraws once more, exactly (text is only rewritten on coarse frames).
    lastPlaying = s.playing;
    lastDrawn = s.now;
    lastRunKey = s.run;
    lastCompareKey = s.compare;
    runDrawers(s.now, cycle === 0);
  }
}

/** Start the loop (ref-counted); returns the stop function. */
export function startLoop(): () => void {
  users++;
  if (users === 1) {
    last = -1;
    handle = requestAnimationFrame(frame);
    (window as unknown as { __labFrameStats?: typeof frameStats }).__labFrameStats = frameStats;
  }
  return () => {
    users--;
    if (users === 0) cancelAnimationFrame(handle);
  };
}

/** Force a redraw on the next frame (after a layout change). */
export function invalidate(): void {
  lastDrawn = NaN;
}
