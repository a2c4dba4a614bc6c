// Presenter decks: lessons/decks/*.md, parsed once. A "deck source" turns a route into a deck,
// so phase 2 can register lessons (`#/present/lesson/<slug>`) and the lab beside `deck`.
import { parseDeck, type Deck } from '../../core/content/deck';
import { summariseScene, type SceneSummary } from '../../core/content/deckScene';
import { templateById } from '../../core/playground/templates';

const sources = import.meta.glob('../../../lessons/decks/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

export interface LoadedDeck {
  deck: Deck | null;
  /** Why the file could not be read (the build's content check stops this first). */
  error?: string;
  slug: string;
}

let all: LoadedDeck[] | null = null;

export function allDecks(): LoadedDeck[] {
  if (all) return all;
  all = Object.entries(sources)
    .map(([path, text]) => {
      const file = path.replace(/^(\.\.\/)+/, '');
      const slug = file.replace(/^.*\//, '').replace(/\.md$/, '');
      try {
        return { deck: parseDeck(file, text), slug };
      } catch (e) {
        return { deck: null, error: (e as Error).message, slug };
      }
    })
    .sort(
      (a, b) =>
        Number(a.deck?.front.order ?? 999) - Number(b.deck?.front.order ?? 999) ||
        a.slug.localeCompare(b.slug),
    );
  return all;
}

export function deckBySlug(slug: string): LoadedDeck | undefined {
  return allDecks().find((d) => d.slug === slug);
}

const sceneCache = new Map<string, SceneSummary | Error>();

/** A deck scenario, run once on the engine (built-in algorithms run synchronously). */
export function deckScene(deck: Deck, id: string): SceneSummary | Error {
  const key = `${deck.slug}/${id}`;
  let s = sceneCache.get(key);
  if (!s) {
    const block = deck.scenarios.find((b) => b.id === id);
    try {
      if (!block) throw new Error(`the deck has no scenario "${id}"`);
      s = summariseScene(JSON.parse(block.text) as Record<string, unknown>);
    } catch (e) {
      s = e instanceof Error ? e : new Error(String(e));
    }
    sceneCache.set(key, s);
  }
  return s;
}

/** The Lua source for a race or editor step: a ```script block of the deck, or a template. */
export function deckScript(
  deck: Deck,
  id: string,
): { source: string; template: string | null; keys: string[]; args: string[] } | null {
  const block = deck.scripts.find((b) => b.id === id);
  if (block)
    return {
      source: block.text,
      template: null,
      keys: ['count:{key}'],
      args: ['3', '60', '{cost}'],
    };
  const t = templateById(id);
  return t ? { source: t.source, template: t.id, keys: t.keys, args: t.args } : null;
}
