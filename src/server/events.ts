// The live channel's state events: for each, who may send it, its validator (every field
// checked and capped, unknown fields refused) and how it changes the room. Pure over the room
// record; live.ts runs them. The binary co-editing events (y, awareness, code) are in yRoom.ts.
import { bool, fail, int, json, record, SLUG, SLUG_HELP, text } from './check';
import type {
  PredictValue,
  ProblemStatus,
  RaceStep,
  Role,
  RoomKind,
  RoomRecord,
  SharedLab,
  SharedRace,
} from '../core/live/room';
import { MAX_PAUSE_MS } from '../core/races/session';

export const LIMITS = {
  questionText: 4000,
  notes: 20000,
  markNotes: 4000,
  rubricPoints: 32,
  sceneBytes: 16 * 1024,
  predictText: 40,
  nick: 24,
  steps: 999,
  problems: 200,
  followUps: 32,
  raceSteps: 400,
  /** Request indexes a race schedule may name (the scheduler plays at most this many). */
  raceRequests: 16,
  scenarioBytes: 12 * 1024,
  /** The lab clock, in seconds of the scenario's time. */
  labNowSeconds: 1e7,
};

const slugOf = (x: unknown, field: string) =>
  text(x, field, { max: 64, min: 1, pattern: SLUG, patternHelp: SLUG_HELP });

function raceStep(x: unknown, field: string): RaceStep {
  const o = record(x, field, ['request', 'crash', 'pause']);
  const request = int(o.request, `${field}.request`, -1, LIMITS.raceRequests - 1);
  if (request === -1) {
    if (o.crash !== undefined) fail(`${field}.crash`, 'a pause (request -1) cannot crash');
    return { request, pause: int(o.pause, `${field}.pause`, 1, MAX_PAUSE_MS) };
  }
  if (o.pause !== undefined) fail(`${field}.pause`, 'only a pause (request -1) has a length');
  return o.crash === undefined ? { request } : { request, crash: bool(o.crash, `${field}.crash`) };
}

/** The shared race scheduler: which puzzle, and the schedule as round trips in order. */
export function parseRace(x: unknown): SharedRace | null {
  const o = record(x, '', ['race']);
  if (o.race === null) return null;
  const r = record(o.race, 'race', ['slug', 'schedule']);
  if (!Array.isArray(r.schedule)) fail('race.schedule', 'expected an array of round trips');
  if (r.schedule.length > LIMITS.raceSteps)
    fail('race.schedule', `too long (at most ${LIMITS.raceSteps} steps)`);
  return {
    slug: slugOf(r.slug, 'race.slug'),
    schedule: r.schedule.map((a, i) => raceStep(a, `race.schedule[${i}]`)),
  };
}

/** The shared lab scene: its scenario (a lab spec, as a lesson's lab block) and its clock. */
export function parseLab(x: unknown): SharedLab | null {
  const o = record(x, '', ['lab']);
  if (o.lab === null) return null;
  const l = record(o.lab, 'lab', ['slug', 'scenario', 'now', 'playing']);
  const scenario = json(l.scenario, 'lab.scenario', LIMITS.scenarioBytes);
  if (typeof scenario !== 'object' || scenario === null || Array.isArray(scenario))
    fail('lab.scenario', 'expected an object (a lab scenario)');
  if (
    typeof l.now !== 'number' ||
    !Number.isFinite(l.now) ||
    l.now < 0 ||
    l.now > LIMITS.labNowSeconds
  )
    fail('lab.now', `expected seconds from 0 to ${LIMITS.labNowSeconds}`);
  return {
    slug: slugOf(l.slug, 'lab.slug'),
    scenario: scenario as Record<string, unknown>,
    now: l.now,
    playing: bool(l.playing, 'lab.playing'),
  };
}

export const VERDICTS = ['strong-yes', 'yes', 'no', 'strong-no'] as const;

export interface StateEvent<T> {
  roles: readonly Role[];
  parse(payload: unknown): T;
  /** The changed room; `pid` is the sender's rejoin token (participants only). */
  apply(r: RoomRecord, msg: T, pid: string | null): RoomRecord;
  /** It changes nothing the host's view shows (hostView in core/live/room.ts). */
  hostUnchanged?: true;
}

const HOSTS: readonly Role[] = ['host'];
const PRESENTER: readonly Role[] = ['presenter'];
const INTERVIEW_BOTH: readonly Role[] = ['host', 'candidate'];
const LEARNER: readonly Role[] = ['learner'];

function participant(r: RoomRecord, pid: string | null) {
  const p = pid === null ? undefined : r.participants[pid];
  if (p === undefined) fail('sender', 'is not a participant of this room');
  return p;
}

const def = <T>(e: StateEvent<T>): StateEvent<unknown> => e as StateEvent<unknown>;

export const STATE_EVENTS: Record<string, StateEvent<unknown>> = {
  ask: def({
    roles: HOSTS,
    hostUnchanged: true,
    parse: (x) => {
      const o = record(x, '', ['slug', 'text']);
      return {
        slug: text(o.slug, 'slug', { max: 64, min: 1, pattern: SLUG, patternHelp: SLUG_HELP }),
        text: text(o.text, 'text', { max: LIMITS.questionText, min: 1 }),
      };
    },
    apply: (r, q) => ({ ...r, question: q }),
  }),
  scene: def({
    roles: INTERVIEW_BOTH,
    hostUnchanged: true,
    parse: (x) => json(record(x, '', ['data']).data ?? null, 'data', LIMITS.sceneBytes),
    apply: (r, data) => ({ ...r, scene: data }),
  }),
  'scene:race': def({
    roles: INTERVIEW_BOTH,
    hostUnchanged: true,
    parse: parseRace,
    apply: (r, race: SharedRace | null) => ({ ...r, race }),
  }),
  'scene:lab': def({
    roles: INTERVIEW_BOTH,
    hostUnchanged: true,
    parse: parseLab,
    apply: (r, lab: SharedLab | null) => ({ ...r, lab }),
  }),
  notes: def({
    roles: HOSTS,
    parse: (x) => text(record(x, '', ['text']).text, 'text', { max: LIMITS.notes }),
    apply: (r, notes: string) => ({ ...r, notes }),
  }),
  mark: def({
    roles: HOSTS,
    parse: (x) => {
      const o = record(x, '', ['slug', 'met', 'notes', 'asked']);
      const slug = slugOf(o.slug, 'slug');
      if (!Array.isArray(o.met)) fail('met', 'expected an array of true/false');
      if (o.met.length > LIMITS.rubricPoints) fail('met', `at most ${LIMITS.rubricPoints} points`);
      const met = o.met.map((m, i) => bool(m, `met[${i}]`));
      const notes = o.notes === undefined ? '' : text(o.notes, 'notes', { max: LIMITS.markNotes });
      const asked = o.asked === undefined ? 0 : int(o.asked, 'asked', 0, LIMITS.followUps);
      return { slug, met, notes, asked };
    },
    apply: (r, m: { slug: string; met: boolean[]; notes: string; asked: number }) => {
      if (!(m.slug in r.marks) && Object.keys(r.marks).length >= 100)
        fail('slug', 'too many questions marked');
      const mark = { met: m.met, notes: m.notes, asked: m.asked };
      return { ...r, marks: { ...r.marks, [m.slug]: mark } };
    },
  }),
  verdict: def({
    roles: HOSTS,
    parse: (x) => {
      const v = record(x, '', ['verdict']).verdict;
      if (v !== null && !(VERDICTS as readonly unknown[]).includes(v))
        fail('verdict', `expected one of ${VERDICTS.join(', ')} or null`);
      return v as string | null;
    },
    apply: (r, verdict: string | null) => ({ ...r, verdict }),
  }),
  step: def({
    roles: PRESENTER,
    hostUnchanged: true,
    parse: (x) => int(record(x, '', ['index']).index, 'index', 0, LIMITS.steps),
    apply: (r, step: number) => ({ ...r, step }),
  }),
  'predict:open': def({
    roles: PRESENTER,
    parse: (x) => (record(x ?? {}, '', []), null),
    apply: (r) => ({
      ...r,
      predict: { step: r.step, open: true, revealed: false },
      participants: clearPredictions(r),
    }),
  }),
  'predict:reveal': def({
    roles: PRESENTER,
    parse: (x) => (record(x ?? {}, '', []), null),
    apply: (r) => {
      if (r.predict === null) fail('predict', 'no prediction is open');
      return { ...r, predict: { ...r.predict, open: false, revealed: true } };
    },
  }),
  'predict:clear': def({
    roles: PRESENTER,
    parse: (x) => (record(x ?? {}, '', []), null),
    apply: (r) => ({ ...r, predict: null, participants: clearPredictions(r) }),
  }),
  predict: def({
    roles: LEARNER,
    parse: (x): PredictValue => {
      const v = record(x, '', ['value']).value;
      if (typeof v === 'number') {
        if (!Number.isFinite(v) || Math.abs(v) > 1e12) fail('value', 'must be a finite number');
        return v;
      }
      return text(v, 'value', { max: LIMITS.predictText, min: 1, line: true }).trim();
    },
    apply: (r, value: PredictValue, pid) => {
      const p = participant(r, pid);
      if (r.predict === null || !r.predict.open) fail('value', 'no prediction is open');
      return { ...r, participants: { ...r.participants, [pid!]: { ...p, prediction: value } } };
    },
  }),
  progress: def({
    roles: LEARNER,
    parse: (x) => {
      const o = record(x, '', ['problem', 'status']);
      const problem = text(o.problem, 'problem', {
        max: 64,
        min: 1,
        pattern: SLUG,
        patternHelp: SLUG_HELP,
      });
      if (o.status !== 'attempted' && o.status !== 'solved')
        fail('status', 'expected attempted or solved');
      return { problem, status: o.status as ProblemStatus };
    },
    apply: (r, m: { problem: string; status: ProblemStatus }, pid) => {
      const p = participant(r, pid);
      if (!(m.problem in p.problems) && Object.keys(p.problems).length >= LIMITS.problems)
        fail('problem', 'too many problems');
      // Solved stays solved: a later attempt does not undo it.
      const status = p.problems[m.problem] === 'solved' ? 'solved' : m.status;
      const problems = { ...p.problems, [m.problem]: status };
      return { ...r, participants: { ...r.participants, [pid!]: { ...p, problems } } };
    },
  }),
  stuck: def({
    roles: LEARNER,
    parse: (x) => bool(record(x, '', ['stuck']).stuck, 'stuck'),
    apply: (r, stuck: boolean, pid) => {
      const p = participant(r, pid);
      return { ...r, participants: { ...r.participants, [pid!]: { ...p, stuck } } };
    },
  }),
  nick: def({
    roles: LEARNER,
    parse: (x) => parseNick(record(x, '', ['nick']).nick, 'nick'),
    apply: (r, nick: string, pid) => {
      const p = participant(r, pid);
      return { ...r, participants: { ...r.participants, [pid!]: { ...p, nick } } };
    },
  }),
  close: def({
    roles: ['host', 'presenter'],
    parse: (x) => (record(x ?? {}, '', []), null),
    apply: (r) => r, // live.ts sets closedAt with its clock
  }),
};

function clearPredictions(r: RoomRecord): RoomRecord['participants'] {
  const out: RoomRecord['participants'] = {};
  for (const [k, p] of Object.entries(r.participants)) out[k] = { ...p, prediction: null };
  return out;
}

export function parseNick(x: unknown, field: string): string {
  const s = text(x, field, { max: LIMITS.nick * 4, min: 1, line: true }).trim();
  if (s.length === 0) fail(field, 'must not be blank');
  if (s.length > LIMITS.nick) fail(field, `too long (at most ${LIMITS.nick} characters)`);
  return s;
}

/** The participant role of each room kind, and its host role. */
export const ROLES: Record<RoomKind, { host: Role; guest: Role }> = {
  interview: { host: 'host', guest: 'candidate' },
  workshop: { host: 'presenter', guest: 'learner' },
};
