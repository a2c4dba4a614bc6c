// Presenter mode. `#/present` lists the decks; `#/present/deck/<slug>` is the projector view
// (full screen, clicker keys, blank, laser pointer, high contrast), `.../speaker` the speaker
// view (current and next step, notes, clocks) and `.../print` the handout. The projector and the
// speaker view stay on the same step through BroadcastChannel; either can drive. A lesson
// (`#/present/lesson/<slug>`: its narrated steps) and a race puzzle (`#/present/race/<slug>`)
// are presented as decks too, with the same three views.
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { editorLink } from './Stage';
import type { Deck } from '../../core/content/deck';
import { clock } from '../../core/interview/scorecard';
import type { Route } from '../../ui/shell/router';
import { Markdown } from '../../ui/widgets/Markdown';
import {
  allDecks,
  deckBySlug,
  deckScript,
  lessonDeckBySlug,
  puzzleDeck,
  type LoadedDeck,
} from './decks';
import { createPresentSync, type PresentSync } from './presentSync';
import { LiveScene } from './LiveScene';
import { PrintView } from './PrintView';
import { Stage } from './Stage';
import { OpenLiveRoom } from '../live/OpenLiveRoom';
import './present.css';

const CONTRAST_KEY = 'rateLab.present.contrast';

function readContrast(): boolean {
  try {
    return localStorage.getItem(CONTRAST_KEY) === 'high';
  } catch {
    return false;
  }
}

/** One position store per deck and window; the URL's ?step= (1-based) wins on first load. */
/** Each step's turns: a race step's schedule length, 0 for any other step. */
const turnsOf = (deck: Deck): number[] =>
  deck.steps.map((s) => (s.view.kind === 'race' ? s.view.schedule.length : 0));

function useDeckPosition(deck: Deck, initialStep: number | null) {
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

function stepFromRoute(route: Route): number | null {
  const n = Number(route.query.get('step'));
  return Number.isInteger(n) && n >= 1 ? n - 1 : null;
}

/** Keeps ?step= in the address bar in step with the deck, without adding history entries. */
function useStepInUrl(step: number): void {
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

const isTyping = (t: EventTarget | null): boolean => {
  const el = t as HTMLElement | null;
  if (!el) return false;
  if (el.tagName === 'INPUT')
    return !['range', 'checkbox', 'radio', 'button'].includes((el as HTMLInputElement).type);
  return el.tagName === 'TEXTAREA' || el.isContentEditable;
};

/** A slider or list with focus keeps its arrows (the time bar's scrubber, the speed). */
const keepsArrows = (t: EventTarget | null): boolean => {
  const el = t as HTMLElement | null;
  return !!el && (el.tagName === 'SELECT' || (el as HTMLInputElement).type === 'range');
};

interface Keys {
  next(): void;
  prev(): void;
  first(): void;
  last(): void;
  blank(): void;
  fullscreen(): void;
  extra?: (key: string) => boolean;
}

/**
 * Clickers send PageDown/PageUp (and often B or "." to blank); keyboards use arrows and Space.
 * The keys are caught before the page's controls see them, so a clicker still drives after a
 * click in the live scene's time bar; only a focused slider keeps its arrow keys.
 */
function useDeckKeys(keys: Keys): void {
  const ref = useRef(keys);
  ref.current = keys;
  // Attached before the first paint: a key pressed as soon as the step shows is not lost.
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isTyping(e.target) || e.altKey || e.ctrlKey || e.metaKey) return;
      const k = ref.current;
      const key = e.key;
      if (/^Arrow|^Home$|^End$/.test(key) && keepsArrows(e.target)) return;
      if (key === 'ArrowRight' || key === 'PageDown' || key === ' ' || key === 'ArrowDown')
        k.next();
      else if (key === 'ArrowLeft' || key === 'PageUp' || key === 'ArrowUp') k.prev();
      else if (key === 'Home') k.first();
      else if (key === 'End') k.last();
      else if (key === 'b' || key === 'B' || key === '.') k.blank();
      else if (key === 'f' || key === 'F') k.fullscreen();
      else if (!k.extra?.(key)) return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
}

function useFullscreen(): [boolean, () => void] {
  const [on, setOn] = useState(
    () => typeof document !== 'undefined' && !!document.fullscreenElement,
  );
  useEffect(() => {
    const f = () => setOn(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', f);
    return () => document.removeEventListener('fullscreenchange', f);
  }, []);
  const toggle = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void document.documentElement.requestFullscreen?.().catch(() => undefined);
  }, []);
  return [on, toggle];
}

/** A red dot that follows the mouse over the stage and fades when the mouse rests. */
function Laser({ enabled }: { enabled: boolean }) {
  const dot = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!enabled) return;
    let hide = 0;
    const move = (e: PointerEvent) => {
      const d = dot.current;
      if (!d) return;
      d.style.transform = `translate(${e.clientX}px, ${e.clientY}px)`;
      d.dataset.visible = 'true';
      window.clearTimeout(hide);
      hide = window.setTimeout(() => {
        if (dot.current) dot.current.dataset.visible = 'false';
      }, 2500);
    };
    window.addEventListener('pointermove', move);
    return () => {
      window.removeEventListener('pointermove', move);
      window.clearTimeout(hide);
    };
  }, [enabled]);
  if (!enabled) return null;
  return (
    <div ref={dot} className="laser" data-testid="laser" data-visible="false" aria-hidden="true" />
  );
}

const noFocus = (e: React.MouseEvent) => e.preventDefault();

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
  useDeckKeys({
    next: () => sync.next(),
    prev: () => sync.prev(),
    first: () => sync.go(0),
    last: () => sync.go(total - 1),
    blank: () => sync.setBlank(!pos.blank),
    fullscreen: toggleFull,
    extra: (k) => {
      if (k === 'h' || k === 'H') setHigh(!contrast);
      else if (k === 'l' || k === 'L') setLaser((x) => !x);
      else if (k === 's' || k === 'S') openSpeaker();
      else if ((k === 'e' || k === 'E') && step.view.kind === 'editor') openEditor();
      else return false;
      return true;
    },
  });
  return (
    <div
      className={`presenter deck-presenter${contrast ? ' high-contrast' : ''}`}
      data-testid="presenter"
      data-contrast={contrast ? 'high' : 'normal'}
      data-fullscreen={full || undefined}
    >
      <Stage deck={deck} step={step} total={total} turn={pos.turn} />
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
        <button
          type="button"
          onMouseDown={noFocus}
          onClick={() => sync.prev()}
          disabled={pos.step === 0 && pos.turn === 0}
          data-testid="present-prev"
        >
          ◀ Back
        </button>
        <button
          type="button"
          onMouseDown={noFocus}
          onClick={() => sync.next()}
          disabled={pos.step >= total - 1 && pos.turn >= (turnsOf(deck)[pos.step] ?? 0)}
          data-testid="present-next"
        >
          Next ▶
        </button>
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

function useNow(everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}

function Speaker({ deck }: { deck: Deck }) {
  const { pos, sync } = useDeckPosition(deck, null);
  const now = useNow();
  const total = deck.steps.length;
  const cur = deck.steps[pos.step]!;
  const next = deck.steps[pos.step + 1];
  const [, toggleFull] = useFullscreen();
  useDeckKeys({
    next: () => sync.next(),
    prev: () => sync.prev(),
    first: () => sync.go(0),
    last: () => sync.go(total - 1),
    blank: () => sync.setBlank(!pos.blank),
    fullscreen: toggleFull,
  });
  const elapsed = Math.max(0, Math.floor((now - pos.startedAt) / 1000));
  const turns = turnsOf(deck);
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
          <button
            type="button"
            className="button"
            onMouseDown={noFocus}
            onClick={() => sync.prev()}
            disabled={pos.step === 0 && pos.turn === 0}
            data-testid="speaker-prev"
          >
            ◀ Back
          </button>
          <button
            type="button"
            className="button primary"
            onMouseDown={noFocus}
            onClick={() => sync.next()}
            disabled={pos.step >= total - 1 && pos.turn >= turnsHere}
            data-testid="speaker-next"
          >
            Next ▶
          </button>
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

function DeckList() {
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

function Missing({ what }: { what: string }) {
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
