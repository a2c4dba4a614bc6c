// The speaker view (`.../speaker`): the current and next step, the notes, the wall clock and
// the talk's elapsed time, on the presenter's laptop; it drives the same position as the
// projector.
import { useEffect, useState } from 'react';
import type { Deck } from '../../core/content/deck';
import { clock } from '../../core/interview/scorecard';
import { Markdown } from '../../ui/widgets/Markdown';
import { noFocus, useFullscreen } from './deckKeys';
import { BackNext, useDeckNavKeys } from './DeckNav';
import { turnsOf, useDeckPosition } from './deckPosition';
import { useRaceAsk } from './useRacePredict';
import { raceQuestion } from '../../core/content/racePredict';

function useNow(everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}

export function Speaker({ deck }: { deck: Deck }) {
  const { pos, sync } = useDeckPosition(deck, null);
  const now = useNow();
  const total = deck.steps.length;
  const cur = deck.steps[pos.step]!;
  const next = deck.steps[pos.step + 1];
  const [, toggleFull] = useFullscreen();
  useDeckNavKeys({ deck, pos, sync }, toggleFull);
  const elapsed = Math.max(0, Math.floor((now - pos.startedAt) / 1000));
  const turns = turnsOf(deck);
  const asks = useRaceAsk(deck, cur);
  const turnsHere = turns[pos.step] ?? 0;
  const wall = new Date(now).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return (
    <div className="speaker" data-testid="speaker">
      <header className="speaker-head">
        <div className="speaker-clock">
          <span className="muted">Time</span>
          <span data-testid="speaker-wall">{wall}</span>
        </div>
        <div
          className={`speaker-clock${deck.minutes > 0 && elapsed > deck.minutes * 60 ? ' over' : ''}`}
        >
          <span className="muted">
            {deck.minutes > 0 ? `Elapsed of ${deck.minutes} min` : 'Elapsed'}
          </span>
          <span role="timer" data-testid="speaker-elapsed">
            {clock(elapsed)}
          </span>
        </div>
        <div className="speaker-actions">
          <BackNext deck={deck} pos={pos} sync={sync} idPrefix="speaker" className="button" />
          <button
            type="button"
            className="button"
            onMouseDown={noFocus}
            aria-pressed={pos.blank}
            onClick={() => sync.setBlank(!pos.blank)}
            data-testid="speaker-blank"
          >
            {pos.blank ? 'Show the screen (B)' : 'Blank the screen (B)'}
          </button>
          <button
            type="button"
            className="button"
            onMouseDown={noFocus}
            onClick={() => sync.restartClock()}
          >
            Restart the clock
          </button>
        </div>
      </header>
      <div className="speaker-grid">
        <section className="speaker-current card" aria-labelledby="sp-cur">
          <p className="eyebrow" id="sp-cur">
            Now: step {pos.step + 1} of {total}
            {pos.blank ? ' (screen blanked)' : ''}
          </p>
          {turnsHere > 0 && (
            <p className="speaker-turn" data-testid="speaker-turn">
              Round trip {pos.turn} of {turnsHere} played
              {pos.turn < turnsHere ? ': the next advance plays the next one' : ''}
            </p>
          )}
          <h1 data-testid="speaker-current">{cur.title}</h1>
          {asks && (
            <p className="speaker-predict" data-testid="speaker-predict">
              <strong>Predict first.</strong> The screen asks “{raceQuestion(asks.ask)}” and hides
              the caption until someone answers there or chooses “Just show me”, then plays the
              schedule. Advancing instead skips the question and plays one round trip at a time.
            </p>
          )}
          <p className="speaker-caption">{cur.caption}</p>
          <h2 className="speaker-notes-title">Notes</h2>
          <div className="speaker-notes" data-testid="speaker-notes">
            {cur.notes ? (
              <Markdown text={cur.notes} />
            ) : (
              <p className="muted">No notes for this step.</p>
            )}
          </div>
        </section>
        <section className="speaker-next card" aria-labelledby="sp-next">
          <p className="eyebrow" id="sp-next">
            Next
          </p>
          {next ? (
            <>
              <h2 data-testid="speaker-next-title">{next.title}</h2>
              <p className="speaker-caption">{next.caption}</p>
            </>
          ) : (
            <p data-testid="speaker-next-title">The end of the deck.</p>
          )}
          <ol className="speaker-steps" aria-label="All steps">
            {deck.steps.map((s) => (
              <li key={s.index}>
                <button
                  type="button"
                  aria-current={s.index === pos.step ? 'step' : undefined}
                  onMouseDown={noFocus}
                  onClick={() => sync.go(s.index)}
                >
                  {s.title}
                </button>
              </li>
            ))}
          </ol>
        </section>
      </div>
    </div>
  );
}
