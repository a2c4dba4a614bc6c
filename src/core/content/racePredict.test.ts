// Predict first on a deck's race steps: which ask, what, and the answer read off the step's
// schedule played through the scheduler session (the make-it-atomic deck's three race steps,
// and the same races under other schedules: the answer follows the schedule).
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLuaEngine, type LuaRuntime } from '../lua/index';
import { parseRacesSpec } from '../races/puzzle';
import { createSchedulerSession, type SchedulerSession } from '../races/session';
import type { ExploreInput } from '../races/types';
import { parseDeck, parseSchedule, type DeckStep } from './deck';
import { loadContentFiles } from './loadFiles';
import { isLessonFile } from './paths';
import { parseDoc } from './parseDoc';
import {
  playDeckSchedule,
  raceCompareSentence,
  raceDecided,
  racePredictOf,
  raceQuestion,
  raceRoomSentence,
  raceStatesOutcome,
  raceStepAsks,
  readRacePrediction,
  scheduleActions,
} from './racePredict';

const files = loadContentFiles(resolve(__dirname, '../../..'));
const deck = parseDeck(
  'lessons/decks/make-it-atomic.md',
  files['lessons/decks/make-it-atomic.md']!,
);
const raceSteps = deck.steps.filter((s) => s.view.kind === 'race');

function puzzleInput(slug: string): ExploreInput {
  const doc = parseDoc(`lessons/puzzles/${slug}.md`, files[`lessons/puzzles/${slug}.md`]!);
  const block = doc.blocks.find((b) => b.kind === 'directive' && b.name === 'races')!;
  return parseRacesSpec(block.kind === 'directive' ? block.json : null, 'break').input;
}

let engine: LuaRuntime;
const sessions: SchedulerSession[] = [];
beforeAll(async () => {
  engine = await createLuaEngine({ budgetMs: 250 });
});
afterAll(() => sessions.forEach((s) => s.dispose()));

/** The step's race played to its end under `schedule` (the step's own by default). */
async function played(step: DeckStep, schedule?: string) {
  const v = step.view.kind === 'race' ? step.view : null;
  const input = puzzleInput(v!.code);
  const p = racePredictOf(step, input)!;
  const turns = schedule === undefined ? v!.schedule : parseSchedule(schedule);
  if (typeof turns === 'string') throw new Error(turns);
  const session = createSchedulerSession(input, engine);
  sessions.push(session);
  const state = await playDeckSchedule((s) => session.load(s), scheduleActions(turns));
  return { p, state, d: raceDecided(p, state) };
}

describe('which race steps ask', () => {
  it('the three race steps of make-it-atomic state an outcome, so each asks', () => {
    expect(raceSteps.map((s) => s.title)).toEqual([
      'Play the scheduler',
      'Two commands still race with a crash',
      'No schedule to win',
    ]);
    expect(raceSteps.map(raceStepAsks)).toEqual([true, true, true]);
  });

  it('a race step whose caption states no outcome, or with no schedule, asks nothing', () => {
    const d = parseDeck(
      'lessons/decks/d.md',
      '---\ntitle: T\n---\n\n## Setup\nrace: over-admit-get-then-set\nschedule: 1 2\ncaption: Two servers share one counter.\n\n## No schedule\nrace: over-admit-get-then-set\ncaption: Both admit.\n',
    );
    expect(d.steps.map(raceStepAsks)).toEqual([false, false]);
  });

  it('asks about expiry when the race is about expiries, else about admissions', () => {
    const [over, crash, atomic] = raceSteps.map((s) =>
      racePredictOf(s, puzzleInput(s.view.kind === 'race' ? s.view.code : '')),
    );
    expect(over).toEqual({ ask: 'admitted', total: 2, key: 'count:client' });
    expect(crash).toEqual({ ask: 'no-expiry', total: 1, key: 'fw:client' });
    expect(atomic).toEqual({ ask: 'admitted', total: 3, key: 'count:client' });
    expect(raceQuestion(over!)).toBe(
      'With this schedule, how many of these 2 requests get through?',
    );
    expect(raceQuestion(crash!)).toBe(
      'With this schedule, is the key "fw:client" left with no expiry? (1 for yes, 0 for no)',
    );
  });
});

describe('every race in the lessons, reviewed', () => {
  const paths = Object.keys(files).filter((f) => /^lessons\/.*\.md$/.test(f));
  it('the race steps of every deck that ask are the three of make-it-atomic', () => {
    const asking = paths
      .filter((f) => f.startsWith('lessons/decks/'))
      .flatMap((f) => parseDeck(f, files[f]!).steps.filter(raceStepAsks))
      .map((s) => s.title);
    expect(asking).toEqual(raceSteps.map((s) => s.title));
  });

  it("a lesson's races widget plays the learner's own order: its caption sets the scene, no outcome", () => {
    const captions = paths
      .filter(isLessonFile)
      .flatMap((f) => parseDoc(f, files[f]!).blocks)
      .flatMap((b) => (b.kind === 'directive' && b.name === 'races' ? [b.json] : []))
      .map((j) => parseRacesSpec(j, 'play'));
    expect(captions.length).toBeGreaterThan(0);
    for (const spec of captions) {
      // No schedule is given: there is no outcome to predict before the learner plays.
      expect(spec.raw).not.toHaveProperty('schedule');
      expect(raceStatesOutcome(spec.caption ?? ''), spec.caption).toBe(false);
    }
  });
});

describe('the answer is the schedule played through the scheduler', () => {
  it('"Play the scheduler" (1 2 1 2): both read 2, both write, both get through', async () => {
    const { p, state, d } = await played(raceSteps[0]!);
    expect(state.finished).toBe(true);
    expect(state.steps).toHaveLength(4);
    expect(d).toMatchObject({ answer: 2, total: 2 });
    expect(raceCompareSentence(p, 1, d).text).toBe(
      'Not this time: you predicted 1, but 2 requests of 2 got through, though the limit allows 1.',
    );
    expect(raceCompareSentence(p, 2, d)).toMatchObject({ right: true });
  });

  it('the same race in another order (1 1 2): B reads A’s write and only one gets through', async () => {
    const { d } = await played(raceSteps[0]!, '1 1 2');
    expect(d).toMatchObject({ answer: 1, total: 2 });
    expect(d.why).toBe('1 request of 2 got through, as many as the limit allows');
  });

  it('a short schedule (1) is finished by the servers still running, in server order', async () => {
    const { state, d } = await played(raceSteps[0]!, '1');
    expect(state.schedule.map((a) => a.request)).toEqual([0, 0, 1]);
    expect(d.answer).toBe(1);
  });

  it('"Two commands still race with a crash" (1 x1): the key is left with no expiry', async () => {
    const { p, state, d } = await played(raceSteps[1]!);
    expect(state.servers[0]!.status).toBe('crashed');
    expect(d).toMatchObject({ answer: 1, total: 1 });
    expect(raceCompareSentence(p, 1, d).text).toBe(
      'Right: you predicted no expiry, and server A crashed, and the key "fw:client" was left with no expiry, so its count never resets.',
    );
  });

  it('the crash race without the crash (1 1 2): A sets the expiry, so the answer is no', async () => {
    const { p, d } = await played(raceSteps[1]!, '1 1 2');
    expect(d).toMatchObject({ answer: 0 });
    expect(raceCompareSentence(p, 1, d)).toMatchObject({ right: false });
    expect(d.why).toBe('every key kept its expiry, so the window still ends');
  });

  it('"No schedule to win" (1 2 3), and any other order: exactly two of three get in', async () => {
    for (const order of [undefined, '3 2 1', '2 3 1']) {
      const { d } = await played(raceSteps[2]!, order);
      expect(d, order).toMatchObject({ answer: 2, total: 3 });
    }
  });
});

describe('answers', () => {
  const crash = { ask: 'no-expiry' as const, total: 1, key: 'k' };
  const over = { ask: 'admitted' as const, total: 2, key: null };
  it('reads yes or no, and a count within the requests, naming what is wrong', () => {
    expect(readRacePrediction(crash, 'yes')).toEqual({ ok: true, value: 1 });
    expect(readRacePrediction(crash, '0')).toEqual({ ok: true, value: 0 });
    expect(readRacePrediction(crash, 'maybe')).toEqual({
      ok: false,
      message: '"maybe" is not yes or no: type 1 for yes or 0 for no.',
    });
    expect(readRacePrediction(crash, ' ')).toMatchObject({ ok: false });
    expect(readRacePrediction(over, '2')).toEqual({ ok: true, value: 2 });
    expect(readRacePrediction(over, '3')).toMatchObject({ ok: false, message: /between 0 and 2/ });
  });

  it('says how a live room did, then why', () => {
    const d = { answer: 2, at: 4, total: 2, why: '2 requests of 2 got through' };
    expect(raceRoomSentence([2, 1, 2], d).text).toBe(
      '2 of 3 answers were right: 2 requests of 2 got through.',
    );
    expect(raceRoomSentence([], d).text).toBe('Nobody answered. 2 requests of 2 got through.');
  });
});
