// Predict first: before a scene plays, the learner says what will happen (how many requests
// get through, or which request is refused first). This module reads the answer off a run
// (never typed in), finds the moment of the run that decides it, checks what the learner
// wrote and says, in one sentence, how the prediction compares with what happened. Pure.
import { admittedCode } from '../lab/columns';

/** What a prompt asks. */
export type PredictAsk = 'admitted' | 'first-refused';

/** The parts of a lane's run a prediction reads. */
export interface PredictRun {
  n: number;
  outcome: ArrayLike<number>;
  decidedAt: ArrayLike<number>;
  /** Request indexes in the order they were decided. */
  byDecision: ArrayLike<number>;
}

/** What happened: the answer and the moment the scene must reach to show it. */
export interface Decided {
  /** admitted: the count; first-refused: the request's number (1 is the first), 0 for none. */
  answer: number;
  /** The virtual time by which the answer is settled (the deciding request's decision). */
  at: number;
  /** How many requests the lane has. */
  total: number;
}

/**
 * Reads the answer to `ask` off a lane's run: over the whole run, or (`upTo`, a deck step's
 * moment) over the requests decided by that time only. `total` is how many requests the
 * question is about (admitted), or the highest request number among them (first-refused).
 */
export function decide(ask: PredictAsk, run: PredictRun, upTo = Infinity): Decided {
  const within = (i: number) => !(run.decidedAt[i]! > upTo + 1e-9);
  let total = 0;
  for (let i = 0; i < run.n; i++)
    if (within(i)) total = ask === 'admitted' ? total + 1 : Math.max(total, i + 1);
  let admitted = 0;
  let last = 0;
  for (let j = 0; j < run.n; j++) {
    const i = run.byDecision[j]!;
    if (!within(i)) continue;
    const t = run.decidedAt[i]!;
    if (Number.isFinite(t)) last = Math.max(last, t);
    if (admittedCode(run.outcome[i]!)) admitted++;
    else if (ask === 'first-refused') return { answer: i + 1, at: t, total };
  }
  return { answer: ask === 'admitted' ? admitted : 0, at: last, total };
}

export type Reading = { ok: true; value: number } | { ok: false; message: string };

/** The learner's prediction as a number, or a message naming what is wrong with it. */
export function readPrediction(ask: PredictAsk, text: string, total: number): Reading {
  const t = text.trim();
  if (t === '') return { ok: false, message: 'Type a number first (or choose "Just show me").' };
  if (ask === 'first-refused' && /^none$/i.test(t)) return { ok: true, value: 0 };
  if (!/^\d+$/.test(t)) return { ok: false, message: `"${t.slice(0, 20)}" is not a whole number.` };
  const v = Number(t);
  const lo = ask === 'admitted' ? 0 : 1;
  if (v < lo || v > total)
    return {
      ok: false,
      message:
        ask === 'admitted'
          ? `${v} is not between 0 and ${total}: there are ${total} requests.`
          : `There is no request ${v}: they are numbered 1 to ${total}.`,
    };
  return { ok: true, value: v };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "You predicted 3 and 5 got through." with a word on right or wrong; the why follows it. */
export function compareSentence(
  ask: PredictAsk,
  said: number | null,
  d: Decided,
): { right: boolean | null; text: string } {
  const what =
    ask === 'admitted'
      ? `${plural(d.answer, 'request', 'requests')} of ${d.total} got through`
      : d.answer === 0
        ? 'no request was refused'
        : `request ${d.answer} was refused first`;
  if (said === null) return { right: null, text: `Here is what happened: ${what}.` };
  const right = said === d.answer;
  const you =
    ask === 'admitted'
      ? `you predicted ${said}`
      : said === 0
        ? 'you predicted none would be refused'
        : `you predicted request ${said}`;
  return {
    right,
    text: right ? `Right: ${you}, and ${what}.` : `Not this time: ${you}, but ${what}.`,
  };
}

/** Where "in" or "through" ends a clause ("all five got in.", "10 get in at 1 s"). */
const END = String.raw`(?=\s*([.,;:!?)]|$)|\s+(at|on|by|and|but|while|before|after|within|from|too|again|here|there)\b)`;

/**
 * Plain wording for an outcome: requests that get in or were let in (or through), too many
 * over the limit, a client locked out, an overshoot, "more than 3", "exactly the two that fit",
 * "3 of 5 requests".
 */
const PLAIN_OUTCOME = [
  String.raw`\b(gets?|got|getting) in${END}`,
  String.raw`\blet(s|ting)? (\w+ ){0,2}(in|through)${END}`,
  String.raw`\bover the (limit|budget|quota)\b`,
  String.raw`\blocked out\b`,
  String.raw`\bovershoot(s|ing)?\b`,
  String.raw`\bmore than (\d+|the limit|the budget|its budget)\b`,
  String.raw`\bexactly (\d+|the \w+) (that fit|get|got|are|were|pass)\b`,
  String.raw`\b\d+ of (the |its |these )?\d+ (\w+ )?(requests?|attempts?|calls?)\b`,
].map((re) => new RegExp(re, 'i'));

/**
 * Whether a caption states an outcome (a scene's admissions, refusals, 429s or 503s, or that
 * too many got in): such a scene asks for a prediction before it shows the caption. A reading
 * of a counter, a log or a clock ("counter 3 of 3", "the limit is reached") is the scene's
 * state, not an outcome. Where the wording is not caught, a lesson's step or a deck step says
 * `predict` itself.
 */
export function statesOutcome(caption: string): boolean {
  return (
    /\b(admits?|admitted|admissions?|refused|refuses|denied|denies|429s?|503s?|get through|gets through|got through|bypass(es)?|fits?|lets? \d+ in)\b/i.test(
      caption,
    ) || PLAIN_OUTCOME.some((re) => re.test(caption))
  );
}
