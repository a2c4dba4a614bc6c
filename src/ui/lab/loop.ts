// One requestAnimationFrame loop for every stage on the page (the lab screen, each lesson
// widget, the editor's scene): wall time -> model time by each store's speed, then the
// stage's drawers read its clock and draw. React renders only when a coarse clock changes
// (the store's sceneNow / compareNow / panelNow, each 10 times a second while playing).
//
// A stage out of view (`setStageVisible(stage, false)`, from an IntersectionObserver) is
// skipped: its clock does not move and nothing of it is drawn. When no visible stage is
// playing the loop sleeps (no frames at all) until one of the stores changes.
import { frameStats, mainStage, runDrawers, type Stage } from './useLab';

/**
 * Work per frame while playing, in a cycle of six frames so that no frame carries two
 * slow jobs: every frame moves the dots, the playhead and the charts' "now" lines (canvas
 * pixels and composited transforms only); frame 0 rewrites the numbers (counts, clock);
 * frames 1, 3 and 5 let React re-render one group each (main lane, comparison lane, panels).
 * At 60 fps that is 10 updates a second for each.
 */
const GROUP_AT: (0 | 1 | 2 | null)[] = [null, 0, null, 1, null, 2];

const running = new Map<Stage, { users: number; unsubscribe: () => void }>();
let handle = 0;
let last = -1;
let themeWatch: MutationObserver | null = null;

/** `handle` while a frame runs: store changes made by the frame itself wake nothing. */
const IN_FRAME = -1;

function frame(ts: number) {
  handle = IN_FRAME;
  let again = false;
  try {
    again = drawStages(ts);
  } finally {
    if (again) handle = requestAnimationFrame(frame);
    else {
      // Asleep: the next wake-up starts from a zero time step.
      handle = 0;
      last = -1;
    }
  }
}

/** Advance and draw every visible stage; true while one of them is playing. */
function drawStages(ts: number): boolean {
  const dt = last < 0 ? 0 : Math.min(0.1, (ts - last) / 1000);
  last = ts;
  const t0 = performance.now();
  let drew = 0;
  let again = false;
  frameStats.dots = 0;
  for (const st of running.keys()) {
    if (!st.visible) continue;
    const d = st.drawn;
    d.cycle = (d.cycle + 1) % GROUP_AT.length;
    st.store.getState().advanceWall(dt, GROUP_AT[d.cycle] ?? null);
    const s = st.store.getState();
    const sel = s.selected === null ? -1 : s.selected * 2 + (s.selectedLane === 'compare' ? 1 : 0);
    if (
      s.now !== d.now ||
      s.run !== d.run ||
      s.compare !== d.compare ||
      s.playing !== d.playing ||
      sel !== d.selected
    ) {
      // Pausing redraws once more, exactly (text is only rewritten on coarse frames).
      d.playing = s.playing;
      d.now = s.now;
      d.run = s.run;
      d.compare = s.compare;
      d.selected = sel;
      runDrawers(st, s.now, d.cycle === 0);
      drew++;
    }
    if (s.playing) again = true;
  }
  if (drew > 0) {
    frameStats.maxDots = Math.max(frameStats.maxDots, frameStats.dots);
    frameStats.drawMs = performance.now() - t0;
    frameStats.frames++;
    frameStats.stages = drew;
  }
  return again;
}

function wake(): void {
  if (!handle && typeof requestAnimationFrame !== 'undefined')
    handle = requestAnimationFrame(frame);
}

/** Start drawing a stage (ref-counted; the lab screen's by default); returns the stop function. */
export function startLoop(stage: Stage = mainStage): () => void {
  const entry = running.get(stage);
  if (entry) entry.users++;
  else {
    running.set(stage, { users: 1, unsubscribe: stage.store.subscribe(wake) });
    stage.drawn.now = NaN;
  }
  (window as unknown as { __labFrameStats?: typeof frameStats }).__labFrameStats = frameStats;
  if (!themeWatch && typeof MutationObserver !== 'undefined') {
    // A theme switch recolours the canvases of paused stages too.
    themeWatch = new MutationObserver(() => {
      for (const st of running.keys()) invalidate(st);
    });
    themeWatch.observe(document.documentElement, { attributeFilter: ['data-theme'] });
  }
  wake();
  return () => {
    const e = running.get(stage);
    if (!e) return;
    if (--e.users > 0) return;
    e.unsubscribe();
    running.delete(stage);
    if (running.size === 0 && handle > 0) {
      cancelAnimationFrame(handle);
      handle = 0;
      last = -1;
    }
  };
}

/** Show or hide a stage (out of view: no clock, no drawing, no frame cost). */
export function setStageVisible(stage: Stage, visible: boolean): void {
  if (stage.visible === visible) return;
  stage.visible = visible;
  if (visible) invalidate(stage);
}

/** Force a redraw of a stage on the next frame (after a layout change). */
export function invalidate(stage: Stage = mainStage): void {
  stage.drawn.now = NaN;
  wake();
}

/** Stages being drawn (the perf bench and tests read how many are on screen). */
export function runningStages(): { total: number; visible: number } {
  let visible = 0;
  for (const st of running.keys()) if (st.visible) visible++;
  return { total: running.size, visible };
}
