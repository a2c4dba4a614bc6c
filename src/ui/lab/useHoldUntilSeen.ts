// The lab opens playing the worked example slowly. On a phone the scene sits below the intro,
// and the run used to end before its servers were on the screen. So the opening play waits
// (paused, nothing decided yet) until the first lane's scene is mostly on the screen, above
// the sticky time bar; on a desktop, where it already is, it goes on at once. Anything the
// learner does to the clock first (play, pause, seek, a new scenario) ends the wait. While the
// first view's prediction is open (`asking`) nothing is held: the page keeps the run paused,
// and the answer starts the opening play, which is then held the same way.
import { useEffect, useRef, type RefObject } from 'react';
import type { LabStore } from '../../store/labStore';

/** How much of the scene must be on the screen before the opening play starts. */
const SEEN = 0.6;

/** This hook paused the opening play and has not resumed it (survives a remount). */
let held = false;

export function useHoldUntilSeen(
  store: LabStore,
  lanes: RefObject<HTMLElement | null>,
  asking = false,
): void {
  /** The run on screen while the question was open (null: it never asked on this visit). */
  const askedRun = useRef<unknown>(null);
  useEffect(() => {
    if (asking) {
      askedRun.current = store.getState().run;
      return;
    }
    const s = store.getState();
    // The question closed because the learner loaded another scenario: their own move, so
    // nothing is held (as a new scenario ends the wait below).
    if (askedRun.current !== null && askedRun.current !== s.run) return;
    if (typeof IntersectionObserver === 'undefined' || !lanes.current) return;
    // Only the opening: nothing decided yet (the clock may have ticked while the page loaded).
    if (s.run.decidedBy(s.now) > 0 || (!s.playing && !held)) return;
    held = true;
    s.pause();
    let io: IntersectionObserver | null = null;
    let raf = 0;
    const stop = () => {
      cancelAnimationFrame(raf);
      io?.disconnect();
      unsub();
    };
    const unsub = store.subscribe((n, p) => {
      if (n.playing === p.playing && n.now === p.now && n.run === p.run) return;
      // The learner moved the clock themself: their choice stands.
      held = false;
      stop();
    });
    // Two frames: the lanes settle on their layout (narrow on a phone) before it is measured.
    raf = requestAnimationFrame(() => {
      raf = requestAnimationFrame(() => {
        const scene = lanes.current?.querySelector('svg.scene');
        if (!scene) return;
        const bar = document.querySelector('.lab-timebar')?.getBoundingClientRect().height ?? 0;
        io = new IntersectionObserver(
          (entries) => {
            if (!entries.some((e) => e.isIntersecting && e.intersectionRatio >= SEEN)) return;
            stop();
            held = false;
            store.getState().play();
          },
          {
            threshold: [0, 0.25, 0.5, SEEN, 0.8, 1],
            rootMargin: `0px 0px -${Math.round(bar)}px 0px`,
          },
        );
        io.observe(scene);
      });
    });
    // Unmounted while holding: `held` stays, so the next visit keeps waiting for the scene.
    return stop;
  }, [store, lanes, asking]);
}
