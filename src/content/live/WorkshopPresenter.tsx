// The presenter of a live workshop (`#/live/<code>/present?secret=…`): the deck on the
// projector, the join code and its QR code, the room's predictions (the distribution shows here
// before the reveal) and the progress board. Learners follow this window's step.
import { useEffect, useState } from 'react';
import QRCode from 'qrcode';
import { displayCodeOf } from './code';
import { deckBySlug } from '../present/decks';
import { Stage } from '../present/Stage';
import { Distribution } from './Distribution';
import { statusText, useLive } from './useLive';
import '../present/present.css';

function useQr(text: string): string | null {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void QRCode.toString(text, { type: 'svg', margin: 1 }).then((s) => {
      if (live) setSvg(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(s)}`);
    });
    return () => {
      live = false;
    };
  }, [text]);
  return svg;
}

export function WorkshopPresenter({ code, secret }: { code: string; secret: string }) {
  const joinUrl = `${location.origin}${location.pathname}#/live/${code}`;
  const qr = useQr(joinUrl);
  const [deckSlug, setDeckSlug] = useState<string | null>(null);
  const loaded = deckSlug ? deckBySlug(deckSlug) : undefined;
  const deck = loaded?.deck ?? null;
  const { conn, state } = useLive(
    { room: code, secret },
    deck ? { lastStep: deck.steps.length - 1 } : {},
  );
  const room = state?.room ?? null;
  useEffect(() => {
    if (room?.deck) setDeckSlug(room.deck);
  }, [room?.deck]);
  const [error, setError] = useState<string | null>(null);
  const act = (event: string, payload?: unknown) =>
    conn?.send(event, payload).then(
      () => setError(null),
      (e: Error) => setError(e.message),
    );
  const step = room?.step ?? 0;
  const host = state?.host ?? null;
  const stuck = host?.learners.filter((l) => l.stuck) ?? [];
  // The room's prediction, when it is about this step (a deck step's prompt collects it).
  const here = room?.predict && room.predict.step === step ? room.predict : null;
  return (
    <div
      className="live-kiosk live-presenter"
      data-testid="live-presenter"
      data-status={state?.status ?? 'connecting'}
    >
      <header className="live-join">
        <div>
          <p className="muted">Join at {joinUrl.replace(/#.*$/, '')} with the code</p>
          <p className="live-code" data-testid="join-code">
            {displayCodeOf(code)}
          </p>
          <p className="live-status muted" role="status">
            {statusText(state)} · <span data-testid="learner-count">{room?.learners ?? 0}</span>{' '}
            {(room?.learners ?? 0) === 1 ? 'learner' : 'learners'}
            {room && ` · closes if idle until ${new Date(room.expiresAt).toLocaleTimeString()}`}
          </p>
        </div>
        {qr && (
          <img
            src={qr}
            alt={`QR code for ${joinUrl}`}
            width={160}
            height={160}
            data-testid="join-qr"
          />
        )}
      </header>
      {error && (
        <p className="notice error" role="alert">
          {error}
        </p>
      )}
      <nav className="live-controls" aria-label="Deck">
        <button
          type="button"
          className="button"
          disabled={step === 0}
          onClick={() => void act('step', { index: step - 1 })}
          data-testid="live-back"
        >
          ← Back
        </button>
        <button
          type="button"
          className="button primary"
          disabled={!deck || step >= deck.steps.length - 1}
          onClick={() => void act('step', { index: step + 1 })}
          data-testid="live-next"
        >
          Next →
        </button>
        {room?.predict?.open ? (
          <button
            type="button"
            className="button"
            onClick={() => void act('predict:reveal')}
            data-testid="predict-reveal"
          >
            Reveal the answers
          </button>
        ) : (
          <button
            type="button"
            className="button"
            onClick={() => void act('predict:open')}
            data-testid="predict-open"
          >
            Ask the room to predict
          </button>
        )}
      </nav>
      {host?.predictions && (
        <section className="card" aria-label="Predictions" data-testid="presenter-predictions">
          <h2>
            Predictions: <span data-testid="prediction-count">{host.predictions.count}</span>
            {room?.predict?.revealed ? ' (revealed)' : ' (only you see these until the reveal)'}
          </h2>
          <Distribution values={host.predictions.values ?? []} />
        </section>
      )}
      {deck && deck.steps[step] && (
        <Stage
          deck={deck}
          step={deck.steps[step]!}
          total={deck.steps.length}
          room={{
            role: 'presenter',
            open: here?.open ?? false,
            revealed: here?.revealed ?? false,
            values: host?.predictions?.values,
            count: host?.predictions?.count ?? 0,
          }}
        />
      )}
      {host && (
        <section className="card" aria-label="Progress board" data-testid="progress-board">
          <h2>Progress</h2>
          {Object.keys(host.board).length === 0 ? (
            <p className="muted">No practice problem attempted yet.</p>
          ) : (
            <table className="host-table">
              <thead>
                <tr>
                  <th scope="col">Problem</th>
                  <th scope="col">Attempted</th>
                  <th scope="col">Solved</th>
                </tr>
              </thead>
              <tbody>
                {Object.entries(host.board).map(([p, c]) => (
                  <tr key={p} data-problem={p}>
                    <td>{p}</td>
                    <td>{c.attempted}</td>
                    <td>{c.solved}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <p data-testid="stuck-list">
            Stuck: {stuck.length === 0 ? 'nobody' : stuck.map((l) => l.nick).join(', ')}
          </p>
        </section>
      )}
    </div>
  );
}
