// Presenter decks: lessons/decks/*.md, parsed once, and the decks made on the spot from a
// lesson (`#/present/lesson/<slug>`: its narrated steps) and a race puzzle
// (`#/present/race/<slug>?schedule=ABAB`: the puzzle's scheduler, the schedule played turn by
// turn). Each loaded deck knows its base route, so the speaker view and handout links follow.
import { parseDeck, type Deck, type ScheduleTurn } from '../../core/content/deck';
import { summariseScene, type SceneSummary } from '../../core/content/deckScene';
import { lessonDeck } from '../../core/content/lessonDeck';
import { templateById } from '../../core/playground/templates';
import { parseRacesSpec, type Goal } from '../../core/races/puzzle';
import { parseScheduleText } from '../../core/races/share';
import type { InvariantPart } from '../../core/races/types';
import { directives, LESSONS, PUZZLES } from '../library';

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
  /** The presenter's route (`#/present/deck/<slug>`); `/speaker` and `/print` follow it. */
  base: string;
}

let all: LoadedDeck[] | null = null;

export function allDecks(): LoadedDeck[] {
  if (all) return all;
  all = Object.entries(sources)
    .map(([path, text]) => {
      const file = path.replace(/^(\.\.\/)+/, '');
      const slug = file.replace(/^.*\//, '').replace(/\.md$/, '');
      try {
        return { deck: parseDeck(file, text), slug, base: `#/present/deck/${slug}` };
      } catch (e) {
        return { deck: null, error: (e as Error).message, slug, base: `#/present/deck/${slug}` };
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

const lessonCache = new Map<string, LoadedDeck>();

/** A lesson as a deck: its narrated steps on the live scene (or each lab once). */
export function lessonDeckBySlug(slug: string): LoadedDeck | undefined {
  const hit = lessonCache.get(slug);
  if (hit) return hit;
  const lesson = LESSONS.find((l) => l.slug === slug);
  if (!lesson) return undefined;
  const loaded: LoadedDeck = {
    deck: lessonDeck(lesson),
    slug: `lesson-${slug}`,
    base: `#/present/lesson/${slug}`,
  };
  lessonCache.set(slug, loaded);
  return loaded;
}

/** A race puzzle as a one-step deck: its scheduler, with a schedule to play turn by turn. */
export function puzzleDeck(slug: string, scheduleText: string | null): LoadedDeck | undefined {
  const doc = PUZZLES.find((p) => p.slug === slug);
  if (!doc) return undefined;
  const race = puzzleRace(slug);
  const base = `#/present/race/${slug}`;
  if (!race) return { deck: null, error: 'the puzzle has no races block', slug, base };
  let schedule: ScheduleTurn[] = [];
  if (scheduleText)
    try {
      schedule = parseScheduleText(scheduleText, race.servers).map((a) => ({
        request: a.request + 1,
        crash: a.crash === true,
      }));
    } catch (e) {
      return { deck: null, error: `its schedule ${(e as Error).message}`, slug, base };
    }
  const caption =
    schedule.length > 0
      ? `Each advance plays the next round trip of the schedule (${schedule.length} in all), then every server still running finishes.`
      : 'Send round trips with keys 1 to 4 (Shift crashes that server), or click a server.';
  return {
    deck: {
      file: doc.file,
      slug: `race-${slug}`,
      title: doc.title,
      minutes: 0,
      summary: '',
      front: {},
      frontLines: {},
      scenarios: [],
      scripts: [],
      steps: [
        {
          index: 0,
          title: doc.title,
          caption,
          notes: '',
          notesLine: 1,
          line: 1,
          actions: [],
          view: { kind: 'race', code: slug, schedule },
        },
      ],
      problems: [],
    },
    slug: `race-${slug}`,
    base,
  };
}

/** The scheduler's input for a race step, and what the stage says about it. */
export interface DeckRace {
  raw: Record<string, unknown>;
  goal: Goal;
  part?: InvariantPart;
  servers: number;
  names?: string[];
  /** A puzzle's slug, when the step plays one. */
  puzzle: string | null;
}

function puzzleRace(slug: string): DeckRace | null {
  const doc = PUZZLES.find((p) => p.slug === slug);
  const block = doc ? directives(doc, 'races')[0] : undefined;
  if (!block) return null;
  try {
    const spec = parseRacesSpec(block.json, 'break');
    return {
      raw: spec.raw,
      goal: spec.goal,
      part: spec.part,
      servers: spec.input.requests.length,
      names: spec.servers,
      puzzle: slug,
    };
  } catch {
    return null;
  }
}

/** Placeholders in a template's KEYS and ARGV, filled for a scheduler run. */
const FILL: Record<string, string> = { key: 'client', cost: '1', now: '0', server: 'A' };
const fill = (v: string): string => v.replace(/\{(\w+)\}/g, (m, k: string) => FILL[k] ?? m);

/**
 * A race step's code as scheduler input: a race puzzle by slug (its exact input), else a
 * ```script block or a Lua template run as app-server code by as many servers as the schedule
 * names (at least two), from an empty store.
 */
export function deckRace(deck: Deck, code: string, schedule: ScheduleTurn[]): DeckRace | null {
  if (!deck.scripts.some((b) => b.id === code)) {
    const p = puzzleRace(code);
    if (p) return p;
  }
  const script = deckScript(deck, code);
  if (!script) return null;
  const servers = Math.max(2, ...schedule.map((t) => t.request));
  const crashes = schedule.some((t) => t.crash);
  return {
    raw: {
      code: script.source,
      requests: Array.from({ length: servers }, () => ({
        keys: script.keys.map(fill),
        args: script.args.map(fill),
      })),
      initial: [],
      crashes,
      ...(crashes ? { invariant: { maxAdmitted: 'serial', allKeysHaveTtl: true } } : {}),
    },
    goal: 'play',
    servers,
    puzzle: null,
  };
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
