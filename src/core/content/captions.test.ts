// Predict first over the real lessons/ folder (issue 21): every caption of a lab widget, a
// narrated step and a deck scene step that states an outcome asks for a prediction before it
// shows. The rule, reviewed caption by caption: a caption states an outcome when it says what
// the limiter decided for a request or a group (admitted, refused, passed, got in, took or spent
// a token, answered 429 or 503, a count of either) or that too many got in. A reading of a
// counter, a log or a clock on its own ("counter 3 of 3", "the limit is reached") is the scene's
// state, and so is what a store or a replica does. The captions reviewed as stating no outcome
// are listed below with why; every other caption must ask, so a new caption asks unless someone
// reviews it here.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDeck } from './deck';
import { deckPredictOf } from './deckPredict';
import { lessonDeck } from './lessonDeck';
import { loadContentFiles } from './loadFiles';
import { parseDoc } from './parseDoc';
import { statesOutcome } from './predict';
import { parseSteps, stepAsks } from './steps';

const ROOT = resolve(__dirname, '../../..');

/** Captions that state no outcome: where, the caption's first words, and why. */
const NO_OUTCOME: [where: string, starts: string, why: string][] = [
  ['atomicity.md#steps-1.2', 'At 2 s request 3 reaches', 'arrivals and store calls only'],
  ['fixed-window.md#steps-1.2', 'Requests 2 and 3 arrive', "the window's counter reading"],
  ['limiter-failure.md#lab-4', 'Writes flow to the replica', "the replica's writes"],
  ['limiter-failure.md#lab-5', 'Clients see nothing wrong', 'the signals, no count'],
  ['sliding-log.md#steps-1.1', 'After 0, 10 and 20 s the log', "the log's reading"],
  ['time-and-clocks.md#steps-1.3', 'The clock is corrected', "the bucket's stamp"],
  ['time-and-clocks.md#steps-1.4', 'Right lane: the script stores', "the bucket's stamp"],
  ['time-and-clocks.md#steps-2.1', 'A reads 60 s', 'which window a clock picks'],
  ['time-and-clocks.md#steps-2.2', 'B reads 31 s', 'which window a clock picks'],
  ['time-and-clocks.md#lab-5', 'Server A runs ahead', 'the clocks only'],
  ['two-servers-one-budget.md#steps-1.2', 'Request 2 lands on B', "the counters' readings"],
  ['two-servers-one-budget.md#steps-1.3', 'Request 3 is back on A', "the counters' readings"],
  ['where-the-decision-lives.md#lab-4', 'Fewer store calls', 'store calls only'],
  ['decks/algorithms-compared.md#step-3', 'Ten more in the first second', 'arrivals only'],
  ['decks/algorithms-compared.md#step-5', 'Two counters and a weight', 'the weighting only'],
  ['decks/algorithms-compared.md#step-8', 'GCRA keeps one theoretical', 'the lanes agree'],
  ['decks/make-it-atomic.md#step-2', 'Each server reads the count', 'the round trips only'],
  ['decks/why-local-counters-leak.md#step-2', 'A load balancer takes turns', 'the setup'],
  ['decks/why-local-counters-leak.md#step-3', 'Request 3 lands on A', "the counters' readings"],
  ['decks/why-local-counters-leak.md#step-6', 'With sticky routing', 'the routing only'],
];

/** Captions that state an outcome in words the rule does not catch: they say `predict`. */
const SAYS_PREDICT: [where: string, starts: string][] = [
  ['multiple-policies.md#steps-1.1', "k1's first two requests pass"],
  ['multiple-policies.md#steps-1.3', 'All-or-nothing: both policies'],
  ['time-and-clocks.md#steps-1.2', 'At 10 s the clock reads'],
  ['token-bucket.md#steps-1.1', 'A key seen for the first time'],
  ['token-bucket.md#steps-1.2', 'Requests 2 and 3 arrive'],
  ['token-bucket.md#steps-1.4', 'At 1 s the script catches up'],
  ['decks/why-local-counters-leak.md#step-8', 'Give each of 8 servers a share'],
];

interface Caption {
  where: string;
  text: string;
  asks: boolean;
  /** The wording alone says it asks (statesOutcome), without an explicit `predict`. */
  worded: boolean;
}

const caption = (where: string, text: string, asks: boolean): Caption => ({
  where,
  text,
  asks,
  worded: statesOutcome(text),
});

/**
 * Every caption of a lab, a narrated step and a deck scene step, and whether it asks; and where
 * a lesson presented on the projector asks otherwise than its page.
 */
function captions(): { all: Caption[]; presentedApart: string[] } {
  const files = loadContentFiles(ROOT);
  const all: Caption[] = [];
  const presentedApart: string[] = [];
  for (const [file, source] of Object.entries(files)) {
    // The interview's documents hold no scenes.
    if (!file.endsWith('.md') || file.startsWith('lessons/interview')) continue;
    const name = file.replace(/^lessons\//, '');
    if (file.startsWith('lessons/decks/')) {
      for (const s of parseDeck(file, source).steps)
        if (s.view.kind === 'scene')
          all.push(caption(`${name}#step-${s.index + 1}`, s.caption, deckPredictOf(s) !== null));
      continue;
    }
    const doc = parseDoc(file, source);
    const labs: Caption[] = [];
    const steps: Caption[] = [];
    let block = 0;
    for (const b of doc.blocks) {
      if (b.kind !== 'directive') continue;
      if (b.name === 'lab') {
        const c = (b.json as { caption?: unknown } | null)?.caption;
        // A lesson widget asks by its caption's wording (src/ui/widgets/useWidgetPredict.tsx).
        if (typeof c === 'string')
          labs.push(caption(`${name}#lab-${labs.length + 1}`, c, statesOutcome(c)));
      } else if (b.name === 'steps') {
        block++;
        parseSteps(b.json).spec?.steps.forEach((s, i) =>
          steps.push(caption(`${name}#steps-${block}.${i + 1}`, s.caption, stepAsks(s))),
        );
      }
    }
    all.push(...labs, ...steps);
    // On the projector (#/present/lesson/<slug>) the lesson's steps, or else its labs.
    const onPage = steps.length > 0 ? steps : labs;
    const presented = lessonDeck({ file, slug: name, title: name, blocks: doc.blocks }).steps;
    presented.forEach((s, i) => {
      if ((deckPredictOf(s) !== null) !== onPage[i]?.asks)
        presentedApart.push(`${name} presented, step ${i + 1}: ${s.caption}`);
    });
    if (presented.length !== onPage.length) presentedApart.push(`${name}: step count differs`);
  }
  return { all, presentedApart };
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('predict first over every caption in lessons/', () => {
  const { all, presentedApart } = captions();
  const noOutcome = new Set(NO_OUTCOME.map(([w]) => w));

  it('finds the captions (labs, narrated steps, deck scene steps)', () => {
    expect(all.filter((c) => c.where.includes('#lab-')).length).toBeGreaterThan(30);
    expect(all.filter((c) => c.where.includes('#steps-')).length).toBeGreaterThan(50);
    expect(all.filter((c) => c.where.includes('#step-')).length).toBeGreaterThan(10);
  });

  it('every reviewed caption is still there, as reviewed', () => {
    const byWhere = new Map(all.map((c) => [c.where, c.text]));
    for (const [where, starts] of [...NO_OUTCOME, ...SAYS_PREDICT])
      expect(byWhere.get(where), where).toMatch(new RegExp(`^${escape(starts)}`));
  });

  it('each caption that states an outcome asks; the reviewed others do not', () => {
    const wrong = all
      .filter((c) => c.asks === noOutcome.has(c.where))
      .map((c) => `${c.where} ${c.asks ? 'asks' : 'does not ask'}: ${c.text}`);
    expect(wrong).toEqual([]);
  });

  it('the wording rule misses only the captions that say predict themselves', () => {
    expect(all.filter((c) => c.asks && !c.worded).map((c) => c.where)).toEqual(
      expect.arrayContaining(SAYS_PREDICT.map(([w]) => w)),
    );
    expect(all.filter((c) => c.asks && !c.worded).length).toBe(SAYS_PREDICT.length);
    expect(all.filter((c) => c.worded && !c.asks).map((c) => c.where)).toEqual([]);
  });

  it('a lesson on the projector asks at the same steps as on its page', () => {
    expect(presentedApart).toEqual([]);
  });
});
