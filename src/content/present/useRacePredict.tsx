// Predict first on a deck's race step (the race scheduler playing the step's schedule). A race
// step whose caption states an outcome opens before its first round trip and asks first (how
// many of its requests get through, or whether a key is left with no expiry); its caption stays
// hidden and the scheduler holds (no round trip, so no reply, count, verdict or final store
// shows). An answer plays the schedule round trip by round trip ("Just show me" puts the whole
// schedule on at once) to the end of the race, then one sentence compares the prediction with
// what happened and why, and the caption shows. The presenter's own advance while it asks skips
// the question (as moving a scene's clock does): the presenter plays the round trips by hand,
// and the race's end shows what happened and the caption. In a live room the room answers on
// its devices and the presenter's reveal plays it. The answer is the schedule played through
// the races worker to its end (core/content/racePredict.ts), never typed in.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Deck, DeckStep } from '../../core/content/deck';
import {
  playDeckSchedule,
  raceCompareSentence,
  raceDecided,
  racePredictOf,
  raceQuestion,
  raceRoomSentence,
  readRacePrediction,
  scheduleActions,
  type RaceDecided,
  type RacePredict,
} from '../../core/content/racePredict';
import { parseExploreInput } from '../../core/races/input';
import { PredictPrompt, usePrediction } from '../../ui/widgets/PredictPrompt';
import { racesWorker } from '../../worker/racesClient';
import { deckRace } from './decks';
import { roomWaiting, type DeckPredictView, type RoomPredict } from './useDeckPredict';

export interface RacePredictView extends DeckPredictView {
  /** The round trips the stage shows played (held at 0 while it asks). */
  turn: number;
}

/** Wall time between two round trips when an answer plays the schedule. */
const PLAY_MS = 700;

/** The race step's scheduler input and what its prompt asks (null: it asks nothing). */
export function useRaceAsk(
  deck: Deck,
  step: DeckStep,
): { raw: Record<string, unknown>; ask: RacePredict } | null {
  return useMemo(() => {
    const v = step.view;
    if (v.kind !== 'race') return null;
    const race = deckRace(deck, v.code, v.schedule);
    if (!race) return null;
    try {
      const ask = racePredictOf(step, parseExploreInput(race.raw));
      return ask && { raw: race.raw, ask };
    } catch {
      // A race the scheduler cannot run says so on the stage; there is nothing to ask.
      return null;
    }
  }, [deck, step]);
}

export function useRacePredict({
  deck,
  step,
  turn,
  room,
  advance,
  ended,
}: {
  deck: Deck;
  step: DeckStep;
  /** Round trips played by the deck's position (the presenter's advances). */
  turn: number;
  room?: RoomPredict;
  /** Plays the next round trip in the deck's position; without it the stage plays on its own. */
  advance?: () => void;
  /** The scheduler on the stage has played the whole schedule and the race has finished. */
  ended: boolean;
}): RacePredictView {
  const found = useRaceAsk(deck, step);
  const ask = found?.ask ?? null;
  const schedule = step.view.kind === 'race' ? step.view.schedule : null;
  const total = schedule?.length ?? 0;
  const progressId = `present/${deck.slug}#step-${step.index + 1}`;

  // The answer: the step's schedule played to the end of the race in the races worker.
  const [decided, setDecided] = useState<{ id: string; d: RaceDecided } | null>(null);
  useEffect(() => {
    if (!found || !schedule) return;
    let live = true;
    const w = racesWorker();
    playDeckSchedule(
      async (s) => (await w.session(found.raw, s)).state,
      scheduleActions(schedule),
    ).then(
      (st) => {
        if (live) setDecided({ id: progressId, d: raceDecided(found.ask, st) });
      },
      // The stage's own scheduler shows what went wrong; the step then only shows its caption.
      () => {},
    );
    return () => {
      live = false;
    };
  }, [found, schedule, progressId]);
  const d = decided?.id === progressId ? decided.d : null;

  const revealed = room?.revealed ?? false;
  const p = usePrediction(progressId, !!ask && !revealed, d, { restore: false });
  const pending = p.pending || (!!ask && !!room && p.said === undefined);
  const answer = p.answer;

  // Round trips this hook plays itself (in a room, where no deck position moves).
  const [own, setOwn] = useState({ id: progressId, n: 0, playing: false });
  const mine = own.id === progressId ? own : { id: progressId, n: 0, playing: false };
  const shown = pending && ask ? 0 : Math.max(turn, mine.n);
  const play = () => setOwn({ id: progressId, n: mine.n, playing: true });
  /** "Just show me": the whole schedule at once (the servers still running then finish). */
  const jump = () => {
    if (advance) for (let k = turn; k < total; k++) advance();
    else setOwn({ id: progressId, n: total, playing: false });
  };

  // In a room of one, the presenter's own advance while it asks skips the question.
  useEffect(() => {
    if (p.pending && !room && ask && turn > 0) answer(null);
  }, [p.pending, room, ask, turn, answer]);

  // The room's reveal: the learner's own answer (or the presenter's none) is kept, and it plays.
  const sent = room?.role === 'learner' ? room.mine : null;
  useEffect(() => {
    if (!revealed || !ask || p.said !== undefined) return;
    answer(typeof sent === 'number' ? sent : null);
    play();
    // Once per reveal.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [revealed, ask, p.said]);

  // Playing: one round trip every PLAY_MS to the end of the schedule.
  const advanceRef = useRef(advance);
  advanceRef.current = advance;
  const shownRef = useRef(shown);
  shownRef.current = shown;
  useEffect(() => {
    if (!mine.playing || pending) return;
    if (shown >= total) {
      setOwn((o) => (o.id === progressId ? { ...o, playing: false } : o));
      return;
    }
    const id = setTimeout(() => {
      if (shownRef.current >= total) return;
      const next = advanceRef.current;
      if (next) next();
      else setOwn((o) => (o.id === progressId ? { ...o, n: o.n + 1 } : o));
    }, PLAY_MS);
    return () => clearTimeout(id);
  }, [mine.playing, pending, shown, total, progressId]);

  if (!ask) return { hold: false, pending: false, showCaption: true, node: null, turn };
  const question = raceQuestion(ask);
  const asking = (node: React.ReactNode): RacePredictView => ({
    hold: true,
    pending: true,
    showCaption: false,
    node,
    turn: 0,
  });
  if (pending) {
    const waiting = roomWaiting(room, question);
    if (waiting) return asking(waiting);
    return asking(
      <PredictPrompt
        question={question}
        ask="admitted"
        total={ask.total}
        testid="deck-predict"
        read={(text) => readRacePrediction(ask, text)}
        label={ask.ask === 'no-expiry' ? 'Your guess (1 yes, 0 no)' : undefined}
        onAnswer={(said) => {
          if (said !== null && room?.role === 'learner') room.send(said);
          else {
            answer(said);
            if (said === null) jump();
            else play();
          }
        }}
      />,
    );
  }
  const base = { hold: false, pending: false, showCaption: true, node: null, turn: shown };
  if (p.said === undefined || !d) return base;
  const reached = ended && shown >= total;
  if (!reached)
    return {
      ...base,
      showCaption: false,
      node: (
        <p className="predict-result muted" role="status" data-testid="predict-result">
          {p.said === null || room?.role === 'presenter'
            ? 'Watch what happens.'
            : `You predicted ${p.said}. Watch what happens.`}
        </p>
      ),
    };
  if (room?.role === 'presenter')
    return {
      ...base,
      node: (
        <p className="predict-result" role="status" data-testid="predict-result">
          {raceRoomSentence(room.values ?? [], d).text}
        </p>
      ),
    };
  const c = raceCompareSentence(ask, p.said, d);
  return {
    ...base,
    node: (
      <p
        className={`predict-result${c.right === true ? ' right' : c.right === false ? ' wrong' : ''}`}
        role="status"
        data-testid="predict-result"
      >
        {c.text}
      </p>
    ),
  };
}
