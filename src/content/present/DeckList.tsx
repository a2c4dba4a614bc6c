// `#/present`: the list of decks, and the page for a presentation that does not exist.
import { allDecks } from './decks';

export function DeckList() {
  const decks = allDecks();
  return (
    <div className="deck-list" data-testid="deck-list">
      <p>
        <a href="#/lab">← Back to the lab</a>
      </p>
      <h1 className="page-title">Present</h1>
      <p className="page-lede">
        Workshop decks that step through the lab on a projector. Present opens full screen (F); a
        clicker or the arrow keys move through the steps, B blanks the screen, and the speaker view
        (S) follows on your laptop with the notes and a clock.
      </p>
      <div className="deck-cards">
        {decks.map(({ deck, slug, error }) =>
          deck ? (
            <section key={slug} className="card deck-card" data-testid="deck-card">
              <h2>{deck.title}</h2>
              <p className="muted">
                {deck.minutes} minutes · {deck.steps.length} steps
              </p>
              {deck.summary && <p>{deck.summary}</p>}
              <p className="deck-card-actions">
                <a
                  className="button primary"
                  href={`#/present/deck/${slug}`}
                  data-testid={`present-${slug}`}
                >
                  Present
                </a>
                <a className="button" href={`#/present/deck/${slug}/speaker`}>
                  Speaker view
                </a>
                <a className="button" href={`#/present/deck/${slug}/print`}>
                  Print handout
                </a>
              </p>
            </section>
          ) : (
            <p key={slug} className="notice error">
              The deck {slug} could not be read: {error}
            </p>
          ),
        )}
      </div>
    </div>
  );
}

export function Missing({ what }: { what: string }) {
  return (
    <div className="deck-list" data-testid="not-found">
      <h1 className="page-title">Nothing to present here</h1>
      <p>{what}</p>
      <p>
        <a className="button primary" href="#/present">
          See the decks
        </a>
      </p>
    </div>
  );
}
