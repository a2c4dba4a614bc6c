// Predict first on a narrated step: a step whose caption states an outcome asks "how many of
// the requests decided by t = X get through?" before its caption and the scene at its moment
// show. Meanwhile the lab widget it narrates is held at the previous step's time with nothing
// selected. An answer plays the widget's scene to the step's time, then the step shows as usual
// after one sentence comparing the prediction with the run; "Just show me" shows it at once.
// While the widget itself still asks, its steps do not: Next shows them, as before. Answers are
// kept with progress, like the widget's own.
import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { decide, type Decided } from '../../core/content/predict';
import { stepAsks, type NarratedStep } from '../../core/content/steps';
import { endOf } from '../../store/labStore';
import { progressStore } from '../../store/progress';
import { parseHash } from '../shell/router';
import { PredictPrompt, PredictResult, usePrediction } from './PredictPrompt';
import { clearStepCaption, subscribeWidgetStages, widgetStageOf } from './widgetStages';

const fmtTime = (t: number): string => `${Number(t.toFixed(t < 10 ? 2 : 1))} s`;

export interface StepPredict {
  /** The current step's caption and scene state wait (asking, or playing to its moment). */
  hidden: boolean;
  node: ReactNode;
  /** Whether showing step `i` waits for a prediction (then the scene is not moved to it). */
  asks(i: number): boolean;
  /** Step `i` was shown without asking (Next while the widget itself still asked). */
  shown(i: number): void;
}

export function useStepPredict(
  labId: string | undefined,
  steps: readonly NarratedStep[],
  k: number,
  /** The lab widget still asks its own prediction. */
  blocked: boolean,
  show: (i: number) => void,
): StepPredict {
  const stage = useSyncExternalStore(
    subscribeWidgetStages,
    () => (labId ? widgetStageOf(labId) : null),
    () => null,
  );
  const [page] = useState(() =>
    typeof location === 'undefined' ? 'page' : parseHash(location.hash).parts.slice(0, 2).join('/'),
  );
  const idOf = (i: number) => `${page}#${labId ?? 'steps'}-step-${i + 1}`;
  const decidedOf = (i: number): Decided | null => {
    const step = steps[i];
    if (!stage || !step || !stepAsks(step)) return null;
    const s = stage.store.getState();
    const d = decide('admitted', step.lane === 2 && s.compare ? s.compare : s.run, step.at);
    return d.total > 0 ? d : null;
  };
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const decided = useMemo(() => decidedOf(k), [stage, steps, k]);
  const [shownSet, setShown] = useState<ReadonlySet<number>>(() => new Set());
  const active = decided !== null && !blocked && !shownSet.has(k);
  const p = usePrediction(idOf(k), active, decided);
  const [playTo, setPlayTo] = useState<{ k: number; t: number } | null>(null);

  // The widget's own question covers its opening: the first step does not ask again.
  useEffect(() => {
    if (blocked && k === 0 && !shownSet.has(0)) setShown((x) => new Set(x).add(0));
  }, [blocked, k, shownSet]);

  // Asking: the scene waits at the previous step's time, nothing selected, no step caption.
  const held = useRef<number | null>(null);
  useEffect(() => {
    if (!p.pending || !stage || !labId) return;
    if (held.current === k) return;
    held.current = k;
    const s = stage.store.getState();
    s.pause();
    s.seek(k > 0 ? (steps[k - 1]?.at ?? 0) : 0);
    s.select(null);
    clearStepCaption(labId);
  }, [p.pending, stage, labId, k, steps]);
  useEffect(() => {
    if (!p.pending) held.current = null;
  }, [p.pending]);

  // Answered: play to the step's moment (or the run's end, if sooner), then show the step.
  const reached = useSyncExternalStore(
    (f) => stage?.store.subscribe(f) ?? (() => {}),
    () => !stage || !playTo || stage.store.getState().now >= playTo.t - 1e-9,
    () => true,
  );
  useEffect(() => {
    if (!playTo) return;
    if (playTo.k !== k) setPlayTo(null);
    else if (reached) {
      setPlayTo(null);
      show(k);
    }
  }, [playTo, reached, k, show]);

  const asks = (i: number): boolean =>
    !blocked &&
    !shownSet.has(i) &&
    decidedOf(i) !== null &&
    progressStore().getState().predictions[idOf(i)] === undefined;
  const shown = (i: number) => {
    if (!shownSet.has(i)) setShown((x) => new Set(x).add(i));
  };
  const base = { asks, shown };
  const step = steps[k];
  if (!decided || !step || !stage) return { ...base, hidden: false, node: null };
  if (p.pending) {
    const where = step.lane === 2 && stage.store.getState().compare ? ' in the right lane' : '';
    const question =
      decided.total === 1
        ? `Does the request decided by t = ${fmtTime(step.at)} get through${where}? (1 for yes, 0 for no)`
        : `How many of the ${decided.total} requests decided by t = ${fmtTime(step.at)} get through${where}?`;
    return {
      ...base,
      hidden: true,
      node: (
        <PredictPrompt
          question={question}
          ask="admitted"
          total={decided.total}
          testid="step-predict"
          onAnswer={(said) => {
            p.answer(said);
            if (said === null) {
              show(k);
              return;
            }
            const s = stage.store.getState();
            s.play();
            setPlayTo({ k, t: Math.min(step.at, endOf(s)) });
          }}
        />
      ),
    };
  }
  if (p.said === undefined || shownSet.has(k)) return { ...base, hidden: false, node: null };
  const playing = playTo !== null && playTo.k === k && !reached;
  return {
    ...base,
    hidden: playing,
    node: <PredictResult ask="admitted" said={p.said} decided={decided} reached={!playing} />,
  };
}
