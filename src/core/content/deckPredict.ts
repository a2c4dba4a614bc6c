// Predict first on a deck step: which scene steps ask (those whose caption states an outcome,
// and those with a `predict:` action), what they ask (the step's `predict:` action, else how
// many get through in the highlighted request's lane, else the left one), and how a live
// room's answers compare with the run. Pure.
import type { DeckPredict, DeckStep } from './deck';
import { compareSentence, statesOutcome, type Decided } from './predict';

/** What the step's prompt asks, or null when the step asks nothing. */
export function deckPredictOf(step: DeckStep): DeckPredict | null {
  const v = step.view;
  if (v.kind !== 'scene') return null;
  // A `predict:` action asks even where the caption's wording is not caught by statesOutcome.
  if (step.predict) return step.predict;
  if (!statesOutcome(step.caption)) return null;
  return { ask: 'admitted', lane: v.highlight?.kind === 'request' ? (v.highlight.lane ?? 1) : 1 };
}

/** The prompt's question: about the requests decided by the step's moment, in one lane. */
export function deckQuestion(p: DeckPredict, d: Decided, lane: string | null): string {
  const where = lane ? ` in the ${lane} lane` : '';
  if (p.ask === 'admitted' && d.total === 1)
    return `Does this one request get through${where}? (1 for yes, 0 for no)`;
  return p.ask === 'admitted'
    ? `How many of these ${d.total} requests get through${where}?`
    : `Which request is refused first${where}?`;
}

/**
 * How the room did, then what happened: "4 of 6 of you predicted it: request 4 was refused
 * first." Answers that are not numbers (a free-text answer) count as not right.
 */
export function roomSentence(
  p: DeckPredict,
  values: readonly (number | string)[],
  d: Decided,
): { right: number; text: string } {
  const what = compareSentence(p.ask, null, d).text.replace(/^Here is what happened: /, '');
  const right = values.filter((v) => v === d.answer).length;
  if (values.length === 0) return { right, text: `Nobody answered. ${cap(what)}` };
  return { right, text: `${roomWho(right, values.length)}: ${what}` };
}

/** How many of a room's answers were right, as the start of a sentence. */
export function roomWho(right: number, answers: number): string {
  if (answers === 1)
    return right === 1 ? 'The one answer was right' : 'The one answer was not right';
  return `${right} of ${answers} answers were right`;
}

export const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
