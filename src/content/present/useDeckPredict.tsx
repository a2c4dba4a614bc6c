// Predict first on a deck's scene step. A step whose caption states an outcome opens at 0 s
// with nothing decided and asks first (how many get through, or which request is refused
// first, by the step's moment); its caption and the counts stay hidden meanwhile. An answer
// plays the scene from 0 to the step's moment, then the step shows as usual, after one
// sentence comparing the prediction with the run. "Just show me" (or moving the scene's clock)
// shows it at once. In a live room the room answers on its devices: the stage waits for the
// presenter's reveal, then plays, and the sentence says how the room did. The prompt and the
// comparison are the lesson widgets' (src/ui/widgets/PredictPrompt.tsx).
import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { Deck, DeckStep } from '../../core/content/deck';
import { deckPredictOf, deckQuestion, roomSentence } from '../../core/content/deckPredict';
import { decide, type Decided } from '../../core/content/predict';
import type { PredictValue } from '../../core/live/room';
import { endOf, laneTitles } from '../../store/labStore';
import type { Stage as LabStage } from '../../ui/lab/useLab';
import { PredictPrompt, PredictResult, usePrediction } from '../../ui/widgets/PredictPrompt';

/** A live room's side of a deck step's prompt (the room's current step only). */
export type RoomPredict =
  | {
      role: 'presenter';
      /** The room was asked at this step and answers are coming in. */
      open: boolean;
      revealed: boolean;
      values: readonly PredictValue[] | undefined;
      count: number;
    }
  | {
      role: 'learner';
      open: boolean;
      revealed: boolean;
      /** What this learner sent, if anything. */
      mine: PredictValue | null;
      send(value: number): void;
    };

export interface DeckPredictView {
  /** The prompt drives the scene: the step's own time and highlight wait. */
  hold: boolean;
  /** The step's outcome is hidden (caption, counts). */
  pending: boolean;
  showCaption: boolean;
  node: ReactNode;
}

const NONE: DeckPredictView = { hold: false, pending: false, showCaption: true, node: null };

/** The speeds a deck plays at (the time bar's steps): about 6 s of wall time to the moment. */
const SPEEDS = [0.5, 1, 2, 5, 10, 20, 50, 100];
const speedFor = (t: number): number => SPEEDS.find((s) => s >= t / 6 - 1e-9) ?? 100;

export function useDeckPredict(
  deck: Deck,
  step: DeckStep,
  stage: LabStage | null,
  room?: RoomPredict,
): DeckPredictView {
  const ask = useMemo(() => deckPredictOf(step), [step]);
  const v = step.view.kind === 'scene' ? step.view : null;
  const progressId = `present/${deck.slug}#step-${step.index + 1}`;
  const decided = useMemo((): { d: Decided; at: number; lane: string | null } | null => {
    if (!ask || !stage || !v) return null;
    const s = stage.store.getState();
    const onRight = ask.lane === 2 && s.compare !== null;
    const at = v.time ?? endOf(s);
    const d = decide(ask.ask, onRight ? s.compare! : s.run, at);
    if (d.total === 0) return null;
    const t = laneTitles(s);
    // A play stops at the run's end, which may come before the step's time.
    return {
      d,
      at: Math.min(at, endOf(s)),
      lane: s.compare ? (onRight ? t.compare : t.main) : null,
    };
    // The scenario's store stands for its runs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ask, stage, v?.time]);
  const asks = !!ask && (decided !== null || stage === null);
  const revealed = room?.revealed ?? false;
  const p = usePrediction(progressId, asks && !revealed, decided?.d ?? null, { restore: false });
  /** This hook is moving the clock itself (not the presenter). */
  const driving = useRef(false);
  const [playing, setPlaying] = useState<string | null>(null);
  const answer = p.answer;

  const play = (to: number) => {
    if (!stage) return;
    const s = stage.store.getState();
    driving.current = true;
    s.select(null);
    s.seek(0);
    s.play(speedFor(to));
    driving.current = false;
    setPlaying(progressId);
  };

  // Pending: at 0 s with nothing selected. In a room of one, the presenter's own move on the
  // scene shows it all.
  // In a room it also holds from the reveal until the effect below has kept the answer.
  const pending = p.pending || (asks && !!room && p.said === undefined);
  useEffect(() => {
    if (!pending || !stage) return;
    const s = stage.store.getState();
    driving.current = true;
    s.pause();
    s.seek(0);
    s.select(null);
    s.selectTarget(null);
    driving.current = false;
    if (room) return;
    return stage.store.subscribe((n, o) => {
      if (driving.current) return;
      if (n.now !== o.now || n.playing !== o.playing || n.selected !== o.selected) answer(null);
    });
    // room stands for whether a room drives the prompt.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pending, stage, answer, !!room]);

  // The room's reveal: the learner's own answer (or the presenter's none) is kept, and it plays.
  const mine = room?.role === 'learner' ? room.mine : null;
  useEffect(() => {
    if (!revealed || p.said !== undefined || !decided) return;
    answer(typeof mine === 'number' ? mine : null);
    play(decided.at);
    // Once per reveal.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [revealed, p.said, decided]);

  // Played to the step's moment: the step shows (its time and highlight).
  const at = decided?.at ?? 0;
  const reached = useSyncExternalStore(
    (f) => stage?.store.subscribe(f) ?? (() => {}),
    () => !stage || stage.store.getState().now >= at - 1e-9,
    () => true,
  );
  const moving = playing === progressId && !reached;
  useEffect(() => {
    if (playing !== null && (playing !== progressId || reached)) setPlaying(null);
  }, [playing, progressId, reached]);

  if (!ask) return NONE;
  if (!decided) return asks ? { hold: true, pending: true, showCaption: false, node: null } : NONE;
  const question = deckQuestion(ask, decided.d, decided.lane);
  if (pending) {
    const waiting = roomWaiting(room, question);
    if (waiting) return { hold: true, pending: true, showCaption: false, node: waiting };
    return {
      hold: true,
      pending: true,
      showCaption: false,
      node: (
        <PredictPrompt
          question={question}
          ask={ask.ask}
          total={decided.d.total}
          testid="deck-predict"
          onAnswer={(said) => {
            if (said !== null && room?.role === 'learner') room.send(said);
            else {
              answer(said);
              if (said !== null) play(decided.at);
            }
          }}
        />
      ),
    };
  }
  if (p.said === undefined) return NONE;
  const result =
    room?.role === 'presenter' ? (
      moving ? (
        <p className="predict-result muted" role="status" data-testid="predict-result">
          Watch what happens.
        </p>
      ) : (
        <p className="predict-result" role="status" data-testid="predict-result">
          {roomSentence(ask, room.values ?? [], decided.d).text}
        </p>
      )
    ) : (
      <PredictResult ask={ask.ask} said={p.said} decided={decided.d} reached={!moving} />
    );
  return { hold: moving, pending: false, showCaption: !moving, node: result };
}

/**
 * The room's side of a prompt that waits: the presenter's count of answers, or a learner's
 * answer sent (or the presenter not asking yet). Null where the step's own prompt asks.
 */
export function roomWaiting(room: RoomPredict | undefined, question: string): ReactNode | null {
  if (room?.role === 'presenter')
    return (
      <RoomPrompt
        question={question}
        testId="deck-predict-room"
        text={
          room.open
            ? `${room.count} ${room.count === 1 ? 'answer' : 'answers'} so far: reveal when the room is ready.`
            : 'Ask the room to predict: everyone answers on their own device.'
        }
      />
    );
  if (room?.role === 'learner' && (!room.open || room.mine !== null))
    return (
      <RoomPrompt
        question={question}
        testId="deck-predict-sent"
        text={
          room.open
            ? `You predicted ${String(room.mine)}. The presenter reveals what happened.`
            : 'Think it over: the presenter asks the room in a moment.'
        }
      />
    );
  return null;
}

/** A deck step's question while the room answers: on the projector, or on a learner's device
 *  once it has answered (or before the presenter asks). */
function RoomPrompt({
  question,
  testId,
  text,
}: {
  question: string;
  testId: string;
  text: string;
}) {
  return (
    <div
      role="group"
      aria-label={`Predict: ${question}`}
      className="predict-prompt deck-predict"
      data-testid="deck-predict"
    >
      <p className="predict-question">
        <span className="predict-kind">Predict</span> {question}
      </p>
      <p className="deck-predict-room" data-testid={testId}>
        {text}
      </p>
    </div>
  );
}
