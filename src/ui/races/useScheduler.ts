// The scheduler screen's state: the schedule the learner has built, the worker's view of it,
// and the explorer's answers. The page owns the schedule; the races worker replays it, so a
// worker replaced after a deadline loses nothing.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { SessionState } from '../../core/races/session';
import { actionOf } from '../../core/races/actions';
import { PAUSE, type Action, type ExploreInput, type ExploreResult } from '../../core/races/types';
import { RacesError, racesWorker } from '../../worker/racesClient';
import { errorMessage } from '../../core/util/errorMessage';

export interface SchedulerView {
  state: SessionState | null;
  input: ExploreInput | null;
  error: string | null;
  /** A request is on its way to the worker. */
  busy: boolean;
  proof: ExploreResult | null;
  proving: boolean;
  /** "Find a bad schedule" is replaying the explorer's counterexample. */
  replaying: boolean;
  /** The schedule on screen came (partly) from the explorer, not the learner's own clicks. */
  assisted: boolean;
  /** Which of the proof's violating schedules is on the board (0-based), if one is. */
  violatingAt: number | null;
  /** A note about the last explorer run ("no bad schedule exists"). */
  note: string | null;
}

const REPLAY_STEP_MS = 650;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const reducedMotion = () =>
  typeof window !== 'undefined' &&
  window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/**
 * `remote`: a schedule someone else drives (a live interview's shared scheduler). Each new one
 * that differs from the schedule on screen replaces it, without starting over.
 */
export function useScheduler(
  raw: unknown,
  initialSchedule: Action[] | null,
  remote: Action[] | null = null,
) {
  const key = JSON.stringify(raw);
  const [view, setView] = useState<SchedulerView>({
    state: null,
    input: null,
    error: null,
    busy: true,
    proof: null,
    proving: false,
    replaying: false,
    assisted: false,
    violatingAt: null,
    note: null,
  });
  const schedule = useRef<Action[]>([]);
  /** Bumped to cancel a replay in progress (restart, unmount, new input). */
  const generation = useRef(0);

  const apply = useCallback(
    async (next: Action[], gen: number): Promise<boolean> => {
      setView((v) => ({ ...v, busy: true }));
      try {
        const r = await racesWorker().session(raw, next);
        if (gen !== generation.current) return false;
        schedule.current = next;
        setView((v) => ({ ...v, state: r.state, input: r.input, error: null, busy: false }));
        return true;
      } catch (e) {
        if (gen !== generation.current) return false;
        const err = e as Error;
        if (err instanceof RacesError && err.state) {
          schedule.current = err.state.schedule;
          setView((v) => ({
            ...v,
            state: err.state!,
            input: err.input ?? v.input,
            error: err.message,
            busy: false,
          }));
        } else setView((v) => ({ ...v, error: err.message, busy: false }));
        return false;
      }
    },
    // raw is represented by key
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key],
  );

  useEffect(() => {
    const gen = ++generation.current;
    schedule.current = [];
    // A shared schedule is someone else's ordering: reaching the goal with it is not a solve.
    const assisted = (initialSchedule?.length ?? 0) > 0;
    setView((v) => ({
      ...v,
      state: null,
      proof: null,
      assisted,
      note: null,
      error: null,
      violatingAt: null,
    }));
    void apply(initialSchedule ?? [], gen);
    return () => {
      // Cancels whatever this input started (a replay, a pending step).
      // eslint-disable-next-line react-hooks/exhaustive-deps
      generation.current++;
    };
    // A new input (or a new shared schedule) starts over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, JSON.stringify(initialSchedule)]);

  const remoteKey = remote ? JSON.stringify(remote) : null;
  useEffect(() => {
    if (remoteKey === null || remoteKey === JSON.stringify(schedule.current)) return;
    const gen = ++generation.current;
    setView((v) => ({ ...v, replaying: false }));
    void apply(JSON.parse(remoteKey) as Action[], gen);
  }, [remoteKey, apply]);

  const step = useCallback(
    (request: number, crash = false) => {
      if (view.busy || view.replaying) return;
      void apply(
        [...schedule.current, crash ? { request, crash: true } : { request }],
        generation.current,
      );
    },
    [apply, view.busy, view.replaying],
  );

  /** Lets `ms` milliseconds pass on the store's clock (a Pause step). */
  const pause = useCallback(
    (ms: number) => {
      if (view.busy || view.replaying) return;
      void apply([...schedule.current, { request: PAUSE, pause: ms }], generation.current);
    },
    [apply, view.busy, view.replaying],
  );

  const undo = useCallback(() => {
    if (view.busy || schedule.current.length === 0) return;
    generation.current++;
    setView((v) => ({ ...v, replaying: false }));
    void apply(schedule.current.slice(0, -1), generation.current);
  }, [apply, view.busy]);

  const restart = useCallback(() => {
    generation.current++;
    setView((v) => ({ ...v, replaying: false, assisted: false, note: null, violatingAt: null }));
    void apply([], generation.current);
  }, [apply]);

  const prove = useCallback(async () => {
    setView((v) => ({ ...v, proving: true, note: null }));
    try {
      const result = await racesWorker().explore(raw);
      setView((v) => ({ ...v, proof: result, proving: false, violatingAt: null }));
      return result;
    } catch (e) {
      setView((v) => ({ ...v, proving: false, error: errorMessage(e) }));
      return null;
    }
  }, [raw]);

  const findBad = useCallback(async () => {
    const gen = ++generation.current;
    const result = await prove();
    if (!result || gen !== generation.current) return;
    // A failing request is a bad schedule too: replay the one where it fails.
    const bad = result.counterexample ?? result.failure?.schedule ?? null;
    if (!bad) {
      setView((v) => ({
        ...v,
        note: result.complete
          ? `There is no bad schedule: every one of the ${result.schedules.toLocaleString('en')} schedules keeps the invariant.`
          : `No bad schedule among the ${result.schedules.toLocaleString('en')} schedules tried, but the explorer did not finish (${result.incompleteReason?.text ?? 'it stopped early'}), so this is not a proof.`,
      }));
      return;
    }
    const steps: Action[] = bad.map(actionOf);
    setView((v) => ({ ...v, replaying: true, assisted: true, note: null }));
    if (!(await apply([], gen))) return;
    const fast = reducedMotion();
    for (let k = 1; k <= steps.length; k++) {
      if (!fast) await sleep(REPLAY_STEP_MS);
      if (gen !== generation.current) return;
      if (!(await apply(steps.slice(0, k), gen))) return;
    }
    setView((v) => ({ ...v, replaying: false }));
  }, [apply, prove]);

  /** Puts the proof's k-th violating schedule on the board, all of it at once. */
  const showViolating = useCallback(
    async (k: number) => {
      const bad = view.proof?.violating?.[k];
      if (!bad) return;
      const gen = ++generation.current;
      setView((v) => ({ ...v, replaying: false, assisted: true, note: null, violatingAt: k }));
      await apply(bad, gen);
    },
    [apply, view.proof],
  );

  return { view, step, pause, undo, restart, prove, findBad, schedule, showViolating };
}
