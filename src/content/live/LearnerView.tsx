// A learner in a live workshop (`#/live/<code>`): a nickname first (nothing else about them is
// kept), then the deck following the presenter, or exploring alone with a way back; the
// prediction when the presenter asks; their own progress (from the practice grader's record in
// this browser, never a button) and "stuck" signal.
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { deckPredictOf } from '../../core/content/deckPredict';
import { raceStepAsks } from '../../core/content/racePredict';
import { progressStore } from '../../store/progress';
import { PROBLEMS } from '../library';
import { deckBySlug } from '../present/decks';
import { Stage } from '../present/Stage';
import { Distribution } from './Distribution';
import { gradedProgress, progressToSend } from './gradedProgress';
import { statusText, useLive } from './useLive';
import '../present/present.css';

const NICK_KEY = 'rateLab.live.nick';

function readNick(): string {
  try {
    return sessionStorage.getItem(NICK_KEY) ?? '';
  } catch {
    return '';
  }
}

export function LearnerView({ code, deck: deckSlug }: { code: string; deck: string | null }) {
  const [nick, setNick] = useState(readNick);
  const [draft, setDraft] = useState('');
  if (!nick)
    return (
      <form
        className="live-kiosk card"
        data-testid="nick-form"
        onSubmit={(e) => {
          e.preventDefault();
          const n = draft.trim();
          if (!n) return;
          try {
            sessionStorage.setItem(NICK_KEY, n);
          } catch {
            // Kept for this page only.
          }
          setNick(n);
        }}
      >
        <h1>Join workshop {code}</h1>
        <label>
          Your nickname (shown to the presenter only; nothing else about you is kept){' '}
          <input
            value={draft}
            maxLength={24}
            onChange={(e) => setDraft(e.target.value)}
            data-testid="nick-input"
            required
          />
        </label>{' '}
        <button type="submit" className="button primary" data-testid="nick-join">
          Join
        </button>
      </form>
    );
  return <Learner code={code} deckSlug={deckSlug} nick={nick} />;
}

function Learner({
  code,
  deckSlug,
  nick,
}: {
  code: string;
  deckSlug: string | null;
  nick: string;
}) {
  const deck = (deckSlug ? deckBySlug(deckSlug)?.deck : null) ?? null;
  const { conn, state } = useLive({ room: code, nick });
  const [own, setOwn] = useState<number | null>(null);
  const [answer, setAnswer] = useState('');
  const [problem, setProblem] = useState(PROBLEMS[0]?.slug ?? '');
  const [error, setError] = useState<string | null>(null);
  const room = state?.room ?? null;
  const you = state?.you ?? null;
  const step = own ?? room?.step ?? 0;
  const act = (event: string, payload: unknown) =>
    conn?.send(event, payload).then(
      () => setError(null),
      (e: Error) => setError(e.message),
    );
  const gone = state?.status === 'closed' || state?.status === 'refused';
  // Following the presenter on a deck step that asks: the step's own prompt takes the answer.
  const following = own === null;
  const here = room?.predict && room.predict.step === step ? room.predict : null;
  const stepAsks =
    !!deck?.steps[step] &&
    (deckPredictOf(deck.steps[step]!) !== null || raceStepAsks(deck.steps[step]!));

  // The board row follows the practice grader's record (another tab's grades included).
  const store = progressStore();
  const data = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  const slugs = useMemo(() => PROBLEMS.map((p) => p.slug), []);
  const graded = useMemo(() => gradedProgress(data, slugs), [data, slugs]);
  const reported = you?.problems;
  const open = state?.status === 'open';
  useEffect(() => {
    if (!conn || !open || !reported) return;
    for (const m of progressToSend(graded, reported))
      conn.send('progress', m).catch((e: Error) => setError(e.message));
  }, [conn, open, graded, reported]);
  const mine = Object.entries(graded);

  return (
    <div
      className="live-kiosk live-learner"
      data-testid="live-learner"
      data-status={state?.status ?? 'connecting'}
      data-following={own === null}
    >
      <p className="live-status muted" role="status">
        Workshop {code} · {you?.nick ?? nick} · {statusText(state)}
      </p>
      {error && (
        <p className="notice error" role="alert">
          {error}
        </p>
      )}
      {!gone && room?.predict && (
        <section className="card" aria-label="Prediction" data-testid="learner-predict">
          {room.predict.open && !(following && stepAsks && here) ? (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                const n = Number(answer);
                void act('predict', {
                  value: answer.trim() !== '' && Number.isFinite(n) ? n : answer.trim(),
                });
              }}
            >
              <label>
                Your prediction{' '}
                <input
                  value={answer}
                  maxLength={40}
                  onChange={(e) => setAnswer(e.target.value)}
                  data-testid="predict-input"
                />
              </label>{' '}
              <button type="submit" className="button primary" data-testid="predict-send">
                Send
              </button>
              {you?.prediction !== null && you?.prediction !== undefined && (
                <span data-testid="predict-mine"> Sent: {String(you.prediction)}</span>
              )}
            </form>
          ) : null}
          <p>
            {room.predictions?.count ?? 0} answers so far
            {room.predict.revealed ? '' : '; the presenter reveals them'}.
          </p>
          {room.predictions?.values && <Distribution values={room.predictions.values} />}
        </section>
      )}
      {!gone && deck && (
        <>
          <nav className="live-controls" aria-label="Deck">
            {own === null ? (
              <button
                type="button"
                className="button"
                onClick={() => setOwn(room?.step ?? 0)}
                data-testid="explore"
              >
                Explore on my own
              </button>
            ) : (
              <>
                <button
                  type="button"
                  className="button"
                  disabled={step === 0}
                  onClick={() => setOwn(step - 1)}
                >
                  ← Back
                </button>
                <button
                  type="button"
                  className="button"
                  disabled={step >= deck.steps.length - 1}
                  onClick={() => setOwn(step + 1)}
                >
                  Next →
                </button>
                <button
                  type="button"
                  className="button primary"
                  onClick={() => setOwn(null)}
                  data-testid="follow"
                >
                  Jump back to the presenter (step {(room?.step ?? 0) + 1})
                </button>
              </>
            )}
          </nav>
          {deck.steps[step] && (
            <Stage
              deck={deck}
              step={deck.steps[step]!}
              total={deck.steps.length}
              room={
                following
                  ? {
                      role: 'learner',
                      open: here?.open ?? false,
                      revealed: here?.revealed ?? false,
                      mine: here ? (you?.prediction ?? null) : null,
                      send: (value) => void act('predict', { value }),
                    }
                  : undefined
              }
            />
          )}
        </>
      )}
      {!gone && (
        <section className="card" aria-label="Your progress" data-testid="learner-progress">
          <p className="muted small">
            The presenter sees which practice problems you tried and solved, as the grader says:
            grade your answer on the problem&apos;s page (it opens in a new tab).
          </p>
          <label>
            Practice problem{' '}
            <select
              value={problem}
              onChange={(e) => setProblem(e.target.value)}
              data-testid="problem-select"
            >
              {PROBLEMS.map((p) => (
                <option key={p.slug} value={p.slug}>
                  {p.title}
                </option>
              ))}
            </select>
          </label>{' '}
          <a
            className="button"
            href={`#/practice/${problem}`}
            target="_blank"
            rel="noopener"
            data-testid="open-problem"
          >
            Open it
          </a>{' '}
          <button
            type="button"
            className="button"
            aria-pressed={you?.stuck ?? false}
            onClick={() => void act('stuck', { stuck: !(you?.stuck ?? false) })}
            data-testid="stuck"
          >
            {you?.stuck ? "I'm not stuck any more" : "I'm stuck"}
          </button>
          {mine.length > 0 && (
            <ul className="learner-progress" data-testid="my-progress">
              {mine.map(([slug, st]) => (
                <li key={slug} data-problem={slug} data-status={st}>
                  {PROBLEMS.find((p) => p.slug === slug)?.title ?? slug}:{' '}
                  {st === 'solved' ? 'solved (the grader passed it)' : 'tried'}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
