// A lesson presented as a deck: each narrated step (```steps) becomes a deck step on the live
// scene of the lab widget it narrates (its caption, that lab's scenario, the step's time and
// highlight). A lesson with labs but no narrated steps presents each lab once, at its opening
// moment. The result is an ordinary Deck, so the projector, speaker view and handout need
// nothing special.
import type { Deck, DeckBlock, DeckStep, Highlight } from './deck';
import { splitLab } from './directives';
import type { Block } from './parseDoc';
import { parseSteps } from './steps';
import { isObj } from '../util/isObj';

export interface LessonLike {
  file: string;
  slug: string;
  title: string;
  blocks: Block[];
}

/** Deck slugs of lessons are kept apart from lessons/decks/*.md (their positions are stored). */
export const lessonDeckSlug = (slug: string): string => `lesson-${slug}`;

export function lessonDeck(lesson: LessonLike): Deck {
  const labs: { id: string; json: Record<string, unknown>; line: number }[] = [];
  const steps: DeckStep[] = [];
  const problems: Deck['problems'] = [];
  const used = new Set<string>();
  const push = (s: Omit<DeckStep, 'index' | 'notesLine' | 'actions'>) =>
    steps.push({ ...s, index: steps.length, notesLine: s.line, actions: [] });
  for (const b of lesson.blocks) {
    if (b.kind !== 'directive') continue;
    if (b.name === 'lab' && isObj(b.json)) {
      labs.push({ id: `lab-${labs.length + 1}`, json: b.json, line: b.line });
      continue;
    }
    if (b.name !== 'steps') continue;
    const { spec, errors } = parseSteps(b.json);
    if (!spec) {
      problems.push({ line: b.line, message: errors[0]?.message ?? 'unreadable steps' });
      continue;
    }
    const n = spec.lab ?? labs.length;
    const lab = labs[n - 1];
    if (!lab) {
      problems.push({ line: b.line, message: `these steps narrate lab ${n}, which comes later` });
      continue;
    }
    used.add(lab.id);
    const title =
      spec.title ?? (typeof lab.json.title === 'string' ? lab.json.title : 'Step by step');
    spec.steps.forEach((s, k) => {
      const highlight: Highlight | null =
        s.request !== undefined
          ? { kind: 'request', request: s.request, ...(s.lane === 2 ? { lane: 2 as const } : {}) }
          : s.server !== undefined
            ? { kind: 'server', server: s.server }
            : s.key !== undefined
              ? { kind: 'key', key: s.key }
              : null;
      push({
        title: `${title} (${k + 1} of ${spec.steps.length})`,
        caption: s.caption,
        notes: '',
        line: b.line,
        view: { kind: 'scene', scenario: lab.id, time: s.at, highlight },
        // A step that says `predict` asks on the projector too (about its lane).
        ...(s.predict ? { predict: { ask: s.predict, lane: s.lane ?? 1 } } : {}),
      });
    });
  }
  // No narrated steps at all: each lab once, where its widget opens.
  if (steps.length === 0)
    for (const lab of labs) {
      const parts = splitLab(lab.json);
      push({
        title: parts.title ?? `Lab ${lab.id.slice(4)}`,
        caption: parts.caption ?? parts.title ?? 'Try it in the lab.',
        notes: '',
        line: lab.line,
        view: {
          kind: 'scene',
          scenario: lab.id,
          time: typeof parts.start === 'number' ? parts.start : null,
          highlight: null,
        },
      });
    }
  const scenarios: DeckBlock[] = labs
    .filter((l) => used.size === 0 || used.has(l.id))
    .map((l) => ({ id: l.id, text: JSON.stringify(l.json), line: l.line }));
  return {
    file: lesson.file,
    slug: lessonDeckSlug(lesson.slug),
    title: lesson.title,
    // No planned length: a lesson says nothing about how long to talk.
    minutes: 0,
    summary: '',
    front: {},
    frontLines: {},
    scenarios,
    scripts: [],
    steps,
    problems,
  };
}
