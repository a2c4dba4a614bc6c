// Presenter mode. `#/present` lists the decks; `#/present/deck/<slug>` is the projector view
// (full screen, clicker keys, blank, laser pointer, high contrast), `.../speaker` the speaker
// view (current and next step, notes, clocks) and `.../print` the handout. The projector and the
// speaker view stay on the same step through BroadcastChannel; either can drive. A lesson
// (`#/present/lesson/<slug>`: its narrated steps) and a race puzzle (`#/present/race/<slug>`)
// are presented as decks too, with the same three views.
import { useState } from 'react';
import type { Deck } from '../../core/content/deck';
import type { Route } from '../../ui/shell/router';
import { OpenLiveRoom } from '../live/OpenLiveRoom';
import { DeckList, Missing } from './DeckList';
import { noFocus, useFullscreen } from './deckKeys';
import { BackNext, useDeckNavKeys } from './DeckNav';
import { stepFromRoute, turnsOf, useDeckPosition, useStepInUrl } from './deckPosition';
import { deckBySlug, deckScript, lessonDeckBySlug, puzzleDeck, type LoadedDeck } from './decks';
import { Laser } from './Laser';
import { LiveScene } from './LiveScene';
import { PrintView } from './PrintView';
import { Speaker } from './Speaker';
import { editorLink, Stage } from './Stage';
import './present.css';

const CONTRAST_KEY = 'rateLab.present.contrast';

function readContrast(): boolean {
  try {
    return localStorage.getItem(CONTRAST_KEY) === 'high';
  } catch {
    return false;
  }
}

function Presenter({ deck, base, route }: { deck: Deck; base: string; route: Route }) {
  // A deck opens at step 1 unless the address names a step (a reload keeps ?step=).
  const { pos, sync } = useDeckPosition(deck, stepFromRoute(route) ?? 0);
  const [full, toggleFull] = useFullscreen();
  const [contrast, setContrast] = useState(readContrast);
  const [laser, setLaser] = useState(true);
  useStepInUrl(pos.step);
  const total = deck.steps.length;
  const step = deck.steps[pos.step]!;
  const openEditor = () => {
    const v = step.view;
    const script = v.kind === 'editor' ? deckScript(deck, v.code) : null;
    if (script) window.open(editorLink(script, 'script'), '_blank', 'noopener');
  };
  const openSpeaker = () =>
    window.open(`${base}/speaker`, `rateLab-speaker-${deck.slug}`, 'popup,width=1280,height=800');
  const setHigh = (on: boolean) => {
    setContrast(on);
    try {
      localStorage.setItem(CONTRAST_KEY, on ? 'high' : 'normal');
    } catch {
      // The theme is only a preference: it still applies for this visit.
    }
  };
  useDeckNavKeys({ deck, pos, sync }, toggleFull, (k) => {
    if (k === 'h' || k === 'H') setHigh(!contrast);
    else if (k === 'l' || k === 'L') setLaser((x) => !x);
    else if (k === 's' || k === 'S') openSpeaker();
    else if ((k === 'e' || k === 'E') && step.view.kind === 'editor') openEditor();
    else return false;
    return true;
  });
  return (
    <div
      className={`presenter deck-presenter${contrast ? ' high-contrast' : ''}`}
      data-testid="presenter"
      data-contrast={contrast ? 'high' : 'normal'}
      data-fullscreen={full || undefined}
    >
      <Stage
        deck={deck}
        step={step}
        total={total}
        turn={pos.turn}
        advance={() => {
          const now = sync.get();
          if (now.step === pos.step && now.turn < (turnsOf(deck)[now.step] ?? 0)) sync.next();
        }}
      />
      {pos.blank && (
        <div
          className="blank-screen"
          data-testid="blank"
          role="status"
          aria-label="Screen blanked: press B to show it again"
        />
      )}
      <Laser enabled={laser && !pos.blank} />
      <nav className="presenter-bar" aria-label="Presenter controls">
        <BackNext deck={deck} pos={pos} sync={sync} idPrefix="present" />
        <span className="presenter-bar-gap" />
        <button
          type="button"
          onMouseDown={noFocus}
          onClick={openSpeaker}
          data-testid="open-speaker"
        >
          Speaker view (S)
        </button>
        <a href={`${base}/print`} target="_blank" rel="noopener" data-testid="open-print">
          Print
        </a>
        {base.startsWith('#/present/deck/') && <OpenLiveRoom deck={deck.slug} />}
        <button
          type="button"
          onMouseDown={noFocus}
          aria-pressed={contrast}
          onClick={() => setHigh(!contrast)}
          data-testid="toggle-contrast"
        >
          High contrast (H)
        </button>
        <button
          type="button"
          onMouseDown={noFocus}
          aria-pressed={laser}
          onClick={() => setLaser(!laser)}
        >
          Pointer (L)
        </button>
        <button
          type="button"
          onMouseDown={noFocus}
          aria-pressed={full}
          onClick={toggleFull}
          data-testid="toggle-fullscreen"
        >
          {full ? 'Leave full screen (F)' : 'Full screen (F)'}
        </button>
        <a href={exitOf(base)}>Exit</a>
      </nav>
    </div>
  );
}

/** Where Exit goes: the lesson or puzzle the deck came from, else the list of decks. */
function exitOf(base: string): string {
  const m = /^#\/present\/(lesson|race)\/(.+)$/.exec(base);
  if (!m) return '#/present';
  return m[1] === 'lesson' ? `#/lessons/${m[2]}` : `#/races/${m[2]}`;
}

function DeckViews({ loaded, view, route }: { loaded: LoadedDeck; view?: string; route: Route }) {
  if (!loaded.deck)
    return (
      <p className="notice error" role="alert">
        The deck {loaded.slug} could not be read: {loaded.error}
      </p>
    );
  if (loaded.deck.steps.length === 0)
    return <Missing what={`“${loaded.deck.title}” has nothing to present: no lab, no steps.`} />;
  if (view === 'speaker') return <Speaker deck={loaded.deck} />;
  if (view === 'print') return <PrintView deck={loaded.deck} base={loaded.base} />;
  if (view !== undefined) return <Missing what={`A deck has no "${view}" view.`} />;
  return <Presenter key={loaded.slug} deck={loaded.deck} base={loaded.base} route={route} />;
}

export default function PresentPage({ route }: { route: Route }) {
  const [, source, slug, view] = route.parts;
  if (!source) return <DeckList />;
  // One lab widget of a lesson at room size (its Present button), or the lab screen's state.
  if (
    (source === 'lesson' && slug && route.query.has('lab')) ||
    (source === 'lab' && slug === 'scene')
  )
    return <LiveScene route={route} />;
  if (source === 'lesson' && slug) {
    const loaded = lessonDeckBySlug(slug);
    if (!loaded) return <Missing what={`There is no lesson called "${slug}".`} />;
    return <DeckViews loaded={loaded} view={view} route={route} />;
  }
  if (source === 'race' && slug) {
    const loaded = puzzleDeck(slug, route.query.get('schedule'));
    if (!loaded) return <Missing what={`There is no race puzzle called "${slug}".`} />;
    return (
      <DeckViews
        key={route.query.get('schedule') ?? ''}
        loaded={loaded}
        view={view}
        route={route}
      />
    );
  }
  if (source !== 'deck' || !slug)
    return <Missing what={`There is no presentation at #/${route.parts.join('/')}.`} />;
  const loaded = deckBySlug(slug);
  if (!loaded) return <Missing what={`There is no deck called "${slug}".`} />;
  return <DeckViews loaded={loaded} view={view} route={route} />;
}
