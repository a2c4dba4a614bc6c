// Predict first on a deck's race step (the race scheduler playing the step's `schedule:`).
// A race step whose caption states an outcome asks before it plays: how many of its requests
// get through, or, for a race whose invariant is about expiries (a crash between INCR and
// EXPIRE), whether a key is left with no expiry. The answer is read off the schedule played
// through the scheduler session (never typed in): the step's turns, then every server still
// running finishes in server order, as the stage plays it. Pure.
import type { DeckStep, ScheduleTurn } from './deck';
import { cap, roomWho } from './deckPredict';
import { readPrediction, statesOutcome, type Decided, type Reading } from './predict';
import { serverName } from '../races/invariant';
import type { SessionState } from '../races/session';
import type { Action, ExploreInput } from '../races/types';

/** What a race step asks: admissions, or whether a key ends with no expiry (1 yes, 0 no). */
export type RaceAsk = 'admitted' | 'no-expiry';

export interface RacePredict {
  ask: RaceAsk;
  /** admitted: how many requests (app servers) race; no-expiry: 1 (a yes or no). */
  total: number;
  /** The one key every request uses, if they share one (the question names it). */
  key: string | null;
}

/** What happened, with the reason in words (the comparison's "why"). */
export interface RaceDecided extends Decided {
  why: string;
}

/** Outcome wording of the races' own (expiries, lock-outs) that statesOutcome leaves to scenes. */
const RACE_OUTCOME = /\b(never expires?|no expiry|locked out|gets? in|got in)\b/i;

/** Whether a race's caption states an outcome (admissions, refusals, expiries, lock-outs). */
export const raceStatesOutcome = (caption: string): boolean =>
  statesOutcome(caption) || RACE_OUTCOME.test(caption);

/** Whether a race step asks first: it plays a schedule, and its caption states an outcome. */
export function raceStepAsks(step: DeckStep): boolean {
  return (
    step.view.kind === 'race' && step.view.schedule.length > 0 && raceStatesOutcome(step.caption)
  );
}

/** What the step's prompt asks about its race (`input`: the scheduler's input), or null. */
export function racePredictOf(
  step: DeckStep,
  input: Pick<ExploreInput, 'requests' | 'invariant'>,
): RacePredict | null {
  if (!raceStepAsks(step)) return null;
  const keys = new Set(input.requests.flatMap((r) => r.keys));
  const key = keys.size === 1 ? [...keys][0]! : null;
  return input.invariant.allKeysHaveTtl
    ? { ask: 'no-expiry', total: 1, key }
    : { ask: 'admitted', total: input.requests.length, key };
}

/** The prompt's question. */
export function raceQuestion(p: RacePredict): string {
  if (p.ask === 'admitted')
    return `With this schedule, how many of these ${p.total} requests get through?`;
  const which = p.key ? `the key "${p.key}"` : 'a key';
  return `With this schedule, is ${which} left with no expiry? (1 for yes, 0 for no)`;
}

/** The learner's answer as a number, or a message naming what is wrong with it. */
export function readRacePrediction(p: RacePredict, text: string): Reading {
  if (p.ask === 'admitted') return readPrediction('admitted', text, p.total);
  const t = text.trim();
  if (t === '')
    return { ok: false, message: 'Type 1 for yes or 0 for no (or choose "Just show me").' };
  if (/^(1|yes|y)$/i.test(t)) return { ok: true, value: 1 };
  if (/^(0|no|n)$/i.test(t)) return { ok: true, value: 0 };
  return {
    ok: false,
    message: `"${t.slice(0, 20)}" is not yes or no: type 1 for yes or 0 for no.`,
  };
}

/** A step's schedule as the scheduler's actions (server numbers are 1-based in a deck). */
export const scheduleActions = (turns: readonly ScheduleTurn[]): Action[] =>
  turns.map((t) =>
    t.crash ? { request: t.request - 1, crash: true } : { request: t.request - 1 },
  );

/**
 * After a step's schedule, the turn that finishes the race: the first server still running
 * takes its next round trip. Null once nothing is left to play.
 */
export function nextFinishTurn(state: SessionState): Action | null {
  if (state.finished) return null;
  const i = state.servers.findIndex((s) => s.status === 'running');
  return i < 0 ? null : { request: i };
}

/** Longest finish a race can have (4 servers, each stopped as starved after 60 round trips). */
const MAX_FINISH = 4 * 61;

/**
 * Plays a schedule to the end of the race: the schedule, then every server still running
 * finishes in server order. `replay` returns the scheduler's state after a whole schedule (a
 * session's `load`, or the races worker).
 */
export async function playDeckSchedule(
  replay: (schedule: Action[]) => SessionState | Promise<SessionState>,
  schedule: readonly Action[],
): Promise<SessionState> {
  let actions = [...schedule];
  let state = await replay(actions);
  for (let k = 0; k < MAX_FINISH; k++) {
    const next = nextFinishTurn(state);
    if (!next) break;
    actions = [...actions, next];
    state = await replay(actions);
  }
  return state;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The answer read off a finished race, and why, in words. */
export function raceDecided(p: RacePredict, state: SessionState): RaceDecided {
  const at = state.steps.length;
  const crashed = state.servers.flatMap((s, i) => (s.status === 'crashed' ? [serverName(i)] : []));
  if (p.ask === 'no-expiry') {
    const immortal = state.store.filter((k) => k.ttlMs === null).map((k) => `"${k.key}"`);
    const how = crashed.length ? `server ${crashed.join(' and ')} crashed, and ` : '';
    return immortal.length
      ? {
          answer: 1,
          at,
          total: 1,
          why: `${how}the key ${immortal.join(', ')} was left with no expiry, so its count never resets`,
        }
      : {
          answer: 0,
          at,
          total: 1,
          why: `${how}every key kept its expiry, so the window still ends`,
        };
  }
  const admitted = state.verdict?.admitted ?? 0;
  const allowed = state.allowed;
  const what = `${plural(admitted, 'request', 'requests')} of ${p.total} got through`;
  const why =
    allowed === null
      ? what
      : admitted > allowed
        ? `${what}, though the limit allows ${allowed}`
        : admitted === allowed
          ? `${what}, as many as the limit allows`
          : `${what}, fewer than the limit allows (${allowed})`;
  return { answer: admitted, at, total: p.total, why };
}

/** "Right: you predicted 2, and 2 of 2 requests got through, though the limit allows 1." */
export function raceCompareSentence(
  p: RacePredict,
  said: number | null,
  d: RaceDecided,
): { right: boolean | null; text: string } {
  if (said === null) return { right: null, text: `Here is what happened: ${d.why}.` };
  const right = said === d.answer;
  const you =
    p.ask === 'admitted'
      ? `you predicted ${said}`
      : said === 1
        ? 'you predicted no expiry'
        : 'you predicted the key keeps its expiry';
  return {
    right,
    text: right ? `Right: ${you}, and ${d.why}.` : `Not this time: ${you}, but ${d.why}.`,
  };
}

/** How a live room did, then what happened and why. */
export function raceRoomSentence(
  values: readonly (number | string)[],
  d: RaceDecided,
): { right: number; text: string } {
  const right = values.filter((v) => v === d.answer).length;
  if (values.length === 0) return { right, text: `Nobody answered. ${cap(d.why)}.` };
  return { right, text: `${roomWho(right, values.length)}: ${d.why}.` };
}
