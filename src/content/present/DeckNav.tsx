// Moving through a deck, one copy for both windows that drive it (the projector's bar and the
// speaker view): the Back and Next buttons, and the deck's keys bound to the same position.
import type { Deck } from '../../core/content/deck';
import { noFocus, useDeckKeys, type Keys } from './deckKeys';
import { turnsOf } from './deckPosition';
import type { DeckPosition, PresentSync } from './presentSync';

interface Nav {
  deck: Deck;
  pos: DeckPosition;
  sync: PresentSync;
}

/** The deck's keys: next, back, first, last, blank and full screen (`extra`: the window's own). */
export function useDeckNavKeys(
  { deck, pos, sync }: Nav,
  fullscreen: () => void,
  extra?: Keys['extra'],
): void {
  useDeckKeys({
    next: () => sync.next(),
    prev: () => sync.prev(),
    first: () => sync.go(0),
    last: () => sync.go(deck.steps.length - 1),
    blank: () => sync.setBlank(!pos.blank),
    fullscreen,
    extra,
  });
}

/**
 * Back (off at the first step's start) and Next (off past the last step's last turn).
 * `idPrefix` names their test ids (`<prefix>-prev`, `<prefix>-next`); `className` styles them,
 * Next taking `primary` too.
 */
export function BackNext({
  deck,
  pos,
  sync,
  idPrefix,
  className,
}: Nav & { idPrefix: string; className?: string }) {
  const last = deck.steps.length - 1;
  const turnsHere = turnsOf(deck)[pos.step] ?? 0;
  return (
    <>
      <button
        type="button"
        className={className}
        onMouseDown={noFocus}
        onClick={() => sync.prev()}
        disabled={pos.step === 0 && pos.turn === 0}
        data-testid={`${idPrefix}-prev`}
      >
        ◀ Back
      </button>
      <button
        type="button"
        className={className && `${className} primary`}
        onMouseDown={noFocus}
        onClick={() => sync.next()}
        disabled={pos.step >= last && pos.turn >= turnsHere}
        data-testid={`${idPrefix}-next`}
      >
        Next ▶
      </button>
    </>
  );
}
