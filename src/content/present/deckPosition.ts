// A deck's position in this window: one store per deck and window (presentSync.ts), the step
// from the address (?step=, 1-based) on first load, and ?step= kept in step with the deck.
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { Deck } from '../../core/content/deck';
import type { Route } from '../../ui/shell/router';
import { createPresentSync, type PresentSync } from './presentSync';

/** Each step's turns: a race step's schedule length, 0 for any other step. */
export const turnsOf = (deck: Deck): number[] =>
  deck.steps.map((s) => (s.view.kind === 'race' ? s.view.schedule.length : 0));

/** One position store per deck and window; the URL's ?step= (1-based) wins on first load. */
export function useDeckPosition(deck: Deck, initialStep: number | null) {
  const sync = useMemo<PresentSync>(
    () => createPresentSync(deck.slug, turnsOf(deck), { initialStep }),
    // initialStep only matters when the store is created.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [deck.slug, deck.steps.length],
  );
  useEffect(() => () => sync.destroy(), [sync]);
  const pos = useSyncExternalStore(sync.subscribe, sync.get, sync.get);
  return { pos, sync };
}

export function stepFromRoute(route: Route): number | null {
  const n = Number(route.query.get('step'));
  return Number.isInteger(n) && n >= 1 ? n - 1 : null;
}

/** Keeps ?step= in the address bar in step with the deck, without adding history entries. */
export function useStepInUrl(step: number): void {
  useEffect(() => {
    const h = window.location.hash;
    const [path, q = ''] = h.split('?');
    const params = new URLSearchParams(q);
    if (params.get('step') === String(step + 1)) return;
    params.set('step', String(step + 1));
    history.replaceState(
      history.state,
      '',
      `${window.location.pathname}${window.location.search}${path}?${params}`,
    );
  }, [step]);
}
