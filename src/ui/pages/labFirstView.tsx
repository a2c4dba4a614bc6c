// The lab's first view asks before it plays: "How many of these 5 requests get through?" about
// the left lane (a counter in each server). The opening play waits for the answer (or "Just
// show me", which shows the caption at once); then the scene plays, and once the last request
// is decided the caption says how the prediction compares, followed by the lab's own caption,
// which says why. Asked once: the answer is kept with progress. Loading another scenario first
// ends the question unasked.
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { decide, type Decided } from '../../core/content/predict';
import type { LabRun } from '../../core/lab/labRun';
import { labStore } from '../../store/labStore';
import { progressStore } from '../../store/progress';
import { useLab } from '../lab/useLab';
import { PredictPrompt, PredictResult, usePrediction } from '../widgets/PredictPrompt';

export const FIRST_VIEW_ID = 'lab:first-view';

/** The run the lab opens with (the worked example), before any link or edit replaces it. */
const OPENING: LabRun = labStore.getState().run;

export interface FirstView {
  /** The question is open: the outcome is hidden and the opening play waits. */
  pending: boolean;
  /** Answered on this visit and not yet at the deciding moment: the caption waits too. */
  waiting: boolean;
  /** What to show above the caption (the prompt, or the comparison), or null. */
  node: ReactNode;
}

/** Decides, at the first render of #/lab, whether this view asks; then its state. */
export function useFirstView(hasLink: boolean, left: LabRun): FirstView {
  const run = useLab((s) => s.run);
  const [asks] = useState(() => {
    const s = labStore.getState();
    return (
      !hasLink &&
      s.run === OPENING &&
      s.run.decidedBy(s.now) === 0 &&
      !progressStore().getState().predictions[FIRST_VIEW_ID]
    );
  });
  const onOpening = run === OPENING;
  const decided: Decided | null = useMemo(
    () => (asks ? decide('admitted', left) : null),
    [asks, left],
  );
  const p = usePrediction(FIRST_VIEW_ID, asks && onOpening, decided);
  const answeredHere = asks && onOpening && p.said !== undefined;
  const at = decided?.at ?? 0;
  const atMoment = useLab((s) => !answeredHere || s.now >= at);
  // Once the deciding moment was reached, the caption stays (a rewind does not hide it again).
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    if (atMoment && answeredHere) setSeen(true);
  }, [atMoment, answeredHere]);
  // "Just show me" shows the caption at once: the learner chose not to predict.
  const reached = atMoment || seen || p.said === null;

  // While the question is open nothing plays; the learner's own move of the clock (play, a
  // step, a scrub, rateLab.advance) is their choice to be shown, as "Just show me" is.
  const answer = useRef(p.answer);
  answer.current = p.answer;
  /** This view is moving the clock itself (not the learner). */
  const driving = useRef(false);
  useEffect(() => {
    if (!p.pending) return;
    labStore.getState().pause();
    return labStore.subscribe((n, o) => {
      if (driving.current || n.run !== o.run) return;
      if (n.now !== o.now || n.playing !== o.playing) answer.current(null);
    });
  }, [p.pending]);

  if (!asks || !onOpening || !decided) return { pending: false, waiting: false, node: null };
  if (p.pending)
    return {
      pending: true,
      waiting: true,
      node: (
        <>
          <p className="lab-caption" data-testid="caption-setup">
            Two app servers, each with its own counter and a limit of 3 per minute. One client sends
            5 requests; the load balancer sends them to A, B, A, B, A.
          </p>
          <PredictPrompt
            question={`How many of these ${decided.total} requests get through?`}
            ask="admitted"
            total={decided.total}
            onAnswer={(said) => {
              p.answer(said);
              const s = labStore.getState();
              driving.current = true;
              s.seek(0);
              s.play();
              driving.current = false;
            }}
          />
        </>
      ),
    };
  return {
    pending: false,
    waiting: !reached,
    node:
      p.said === undefined ? null : (
        <PredictResult ask="admitted" said={p.said} decided={decided} reached={reached} />
      ),
  };
}
