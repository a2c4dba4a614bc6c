// Predict first in a lesson's lab widget: a widget whose caption states an outcome opens at
// 0 s with nothing decided and asks "How many of these N requests get through?" about its left
// lane. Its caption, legend, selected request and the counts that only appear when something
// happens stay hidden meanwhile. An answer plays the scene from 0 to the last decision and
// pauses there; the comparison comes first, then the caption that says why. "Just show me"
// (or moving the scene's clock, or a narrated step) shows it at once, at the widget's first
// interesting moment, as before.
import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { decide, statesOutcome, type Decided } from '../../core/content/predict';
import type { WidgetResult } from '../../store/widgetStore';
import { parseHash } from '../shell/router';
import type { Stage } from '../lab/useLab';
import { PredictPrompt, PredictResult, usePrediction } from './PredictPrompt';
import { setWidgetPredictPending } from './widgetStages';

export interface WidgetPredict {
  /** The outcome is hidden (no caption, legend or selection). */
  pending: boolean;
  /** The caption may show (answered and at the deciding moment, or nothing asked). */
  showCaption: boolean;
  node: ReactNode;
}

const none = { pending: false, showCaption: true, node: null };

/** "lessons/fixed-window#lab-2": where the prediction is kept in progress. */
function progressIdOf(id: string | undefined): string {
  const parts = typeof location === 'undefined' ? [] : parseHash(location.hash).parts;
  return `${parts.slice(0, 2).join('/') || 'page'}#${id ?? 'lab'}`;
}

export function useWidgetPredict(
  setup: WidgetResult | { ok: null },
  stage: Stage | null,
  id: string | undefined,
  caption: string | null,
  /**
   * Where the answer is kept (default: the lesson's page and the widget's id), and whether an
   * earlier visit's answer counts. The projector asks again each time it presents the lab.
   */
  { progressId: keptAs, restore = true }: { progressId?: string; restore?: boolean } = {},
): WidgetPredict {
  const asks = !!setup.ok && !!stage && !!caption && statesOutcome(caption);
  const decided: Decided | null = useMemo(
    () => (asks && stage ? decide('admitted', stage.store.getState().run) : null),
    [asks, stage],
  );
  const [progressId] = useState(() => keptAs ?? progressIdOf(id));
  const p = usePrediction(progressId, asks, decided, { restore });
  /** This hook is moving the clock itself (not the learner). */
  const driving = useRef(false);
  const [playTo, setPlayTo] = useState<number | null>(null);
  const past = useSyncExternalStore(
    (f) => stage?.store.subscribe(f) ?? (() => {}),
    () => !stage || !decided || stage.store.getState().now >= decided.at - 1e-9,
    () => true,
  );

  const answer = p.answer;
  useEffect(() => {
    if (!id) return;
    setWidgetPredictPending(id, p.pending);
    return () => setWidgetPredictPending(id, false);
  }, [id, p.pending]);

  // Pending: at 0 s with nothing selected; the learner's own move on the scene shows it all.
  useEffect(() => {
    if (!p.pending || !stage) return;
    const s = stage.store.getState();
    driving.current = true;
    s.pause();
    s.seek(0);
    s.select(null, 'main');
    driving.current = false;
    return stage.store.subscribe((n, o) => {
      if (driving.current) return;
      if (n.now !== o.now || n.playing !== o.playing || n.selected !== o.selected) answer(null);
    });
  }, [p.pending, stage, answer]);

  // Answered: play to the deciding moment, then stop there.
  useEffect(() => {
    if (playTo === null || !stage) return;
    let done = false;
    const check = () => {
      const s = stage.store.getState();
      if (done || s.now < playTo) return;
      // Pausing and seeking notify this very listener: once is enough.
      done = true;
      s.pause();
      s.seek(playTo);
      setPlayTo(null);
    };
    const un = stage.store.subscribe(check);
    check();
    return un;
  }, [playTo, stage]);

  if (!asks || !decided || !stage || !setup.ok) return none;
  if (p.pending)
    return {
      pending: true,
      showCaption: false,
      node: (
        <PredictPrompt
          question={`How many of these ${decided.total} requests get through${setup.store.getState().compare ? ' on the left' : ''}?`}
          ask="admitted"
          total={decided.total}
          onAnswer={(said) => {
            const s = stage.store.getState();
            driving.current = true;
            answer(said);
            if (said === null) {
              // Shown at once, at the widget's first interesting moment.
              s.seek(setup.moment.t);
              if (setup.moment.request !== null) s.select(setup.moment.request, setup.moment.lane);
            } else {
              s.seek(0);
              s.play();
              setPlayTo(decided.at);
            }
            driving.current = false;
          }}
        />
      ),
    };
  if (p.said === undefined) return none;
  const reached = p.said === null || playTo === null || past;
  return {
    pending: false,
    showCaption: reached,
    node: <PredictResult ask="admitted" said={p.said} decided={decided} reached={reached} />,
  };
}
