// One requestAnimationFrame loop: wall time -> model time by the speed, then every drawer
// reads the store's clock and draws. React renders only when a coarse value changes (the
// store's `viewTick`, a few times a wall second while playing).
import { advanceWall, labStore } from '../../store/labStore';
import { frameStats, runDrawers } from './useLab';

let handle = 0;
let users = 0;
let last = -1;
let lastDrawn = NaN;
let lastRunKey: unknown = null;
let lastCompareKey: unknown = null;
let lastPlaying = false;

function frame(ts: number) {
  handle = requestAnimationFrame(frame);
  const dt = last < 0 ? 0 : Math.min(0.1, (ts - last) / 1000);
  last = ts;
  advanceWall(dt);
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
    runDrawers(s.now);
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
