// Narrated steps (```steps): a sequence of captions, each tied to a scene state of the lab
// widget it narrates: a time, and optionally a highlighted request, server or store key.
// parseSteps turns the directive's JSON into a typed structure (or errors naming the field);
// stepsAgainstLanes checks every step against the engine's run of that lab, so a caption can
// never point at a request that has not arrived yet, a server the scenario lacks, or a time
// after the run has ended. The player that drives the live scene builds on these types.
import type { LaneResult } from './lanes';
import { statesOutcome } from './predict';
import { isObj } from '../util/isObj';

export const STEPS_FIELDS = ['title', 'lab', 'steps'] as const;
export const STEP_FIELDS = [
  'at',
  'caption',
  'request',
  'server',
  'key',
  'lane',
  'predict',
] as const;

export interface NarratedStep {
  /** Scene time, seconds. */
  at: number;
  /** What happens at this step (Markdown-free text). */
  caption: string;
  /** The highlighted request: its number as the widget shows it (#1 is the first in the scenario). */
  request?: number;
  /** The highlighted app server. */
  server?: string;
  /** The highlighted store key (a request's key, or a store key built from one). */
  key?: string;
  /** Which lane of a two-lane widget the step is about (1 = left, the default; 2 = right). */
  lane?: 1 | 2;
  /**
   * `"admitted"`: the step asks how many of the requests decided by its time get through, even
   * where its caption's wording is not caught by statesOutcome ("request 1 takes a token").
   */
  predict?: 'admitted';
}

/** Whether a narrated step asks for a prediction before its caption shows. */
export function stepAsks(step: NarratedStep): boolean {
  return step.predict !== undefined || statesOutcome(step.caption);
}

export interface StepsSpec {
  title?: string;
  /** The lesson's lab widget this narrates, 1-based; by default the last lab block before it. */
  lab?: number;
  steps: NarratedStep[];
}

/** A problem, with the 0-based step it is in (or -1 for the block) and the field it names. */
export interface StepsError {
  step: number;
  field: string;
  message: string;
}

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** Validates and types a ```steps body. */
export function parseSteps(json: unknown): { spec: StepsSpec | null; errors: StepsError[] } {
  const errors: StepsError[] = [];
  const bad = (step: number, field: string, message: string) =>
    errors.push({ step, field, message });
  if (!isObj(json))
    return { spec: null, errors: [{ step: -1, field: '', message: 'must be an object' }] };
  for (const k of Object.keys(json))
    if (!(STEPS_FIELDS as readonly string[]).includes(k))
      bad(-1, k, `steps.${k} is not a known field (allowed: ${STEPS_FIELDS.join(', ')})`);
  if (json.title !== undefined && typeof json.title !== 'string')
    bad(-1, 'title', 'steps.title must be a string');
  if (json.lab !== undefined && !(Number.isInteger(json.lab) && (json.lab as number) >= 1))
    bad(-1, 'lab', 'steps.lab must be the 1-based number of a lab block in this lesson');
  const raw = json.steps;
  if (!Array.isArray(raw) || raw.length < 2) {
    bad(-1, 'steps', 'steps.steps must be a list of at least 2 steps ({"at", "caption", ...})');
    return { spec: null, errors };
  }
  const steps: NarratedStep[] = [];
  raw.forEach((s: unknown, i) => {
    const where = `steps[${i}]`;
    if (!isObj(s)) return bad(i, '', `${where} must be an object`);
    for (const k of Object.keys(s))
      if (!(STEP_FIELDS as readonly string[]).includes(k))
        bad(i, k, `${where}.${k} is not a known field (allowed: ${STEP_FIELDS.join(', ')})`);
    if (!finite(s.at) || s.at < 0) bad(i, 'at', `${where}.at must be a time in seconds, >= 0`);
    if (typeof s.caption !== 'string' || !s.caption.trim())
      bad(i, 'caption', `${where}.caption is required (a sentence saying what happens)`);
    if (s.request !== undefined && !(Number.isInteger(s.request) && (s.request as number) >= 1))
      bad(i, 'request', `${where}.request must be a request number (1 is the first request)`);
    if (s.server !== undefined && (typeof s.server !== 'string' || !s.server))
      bad(i, 'server', `${where}.server must be a server name such as "A"`);
    if (s.key !== undefined && (typeof s.key !== 'string' || !s.key))
      bad(i, 'key', `${where}.key must be a store key`);
    if (s.lane !== undefined && s.lane !== 1 && s.lane !== 2)
      bad(i, 'lane', `${where}.lane must be 1 (left) or 2 (right)`);
    if (s.predict !== undefined && s.predict !== 'admitted')
      bad(
        i,
        'predict',
        `${where}.predict must be "admitted" (the step asks how many requests get through first)`,
      );
    const prev = steps[steps.length - 1];
    if (finite(s.at) && prev && s.at < prev.at)
      bad(
        i,
        'at',
        `${where}.at (${s.at} s) is before the previous step (${prev.at} s): steps go forward in time`,
      );
    if (finite(s.at) && typeof s.caption === 'string') {
      const step: NarratedStep = { at: s.at, caption: s.caption.trim() };
      if (Number.isInteger(s.request)) step.request = s.request as number;
      if (typeof s.server === 'string') step.server = s.server;
      if (typeof s.key === 'string') step.key = s.key;
      if (s.lane === 1 || s.lane === 2) step.lane = s.lane;
      if (s.predict === 'admitted') step.predict = 'admitted';
      steps.push(step);
    }
  });
  if (errors.length) return { spec: null, errors };
  const spec: StepsSpec = { steps };
  if (typeof json.title === 'string') spec.title = json.title;
  if (typeof json.lab === 'number') spec.lab = json.lab;
  return { spec, errors };
}

/** Float slack when comparing step times with the engine's times. */
const SLACK = 1e-6;

/**
 * Checks each step against the engine's lanes of the lab it narrates (one lane, or two for a
 * compare widget): the lane exists, the time is inside the run, the highlighted request exists
 * and has arrived by the step's time, the server is one the requests use, the key is a key of
 * the requests (or a store key built from one).
 */
export function stepsAgainstLanes(spec: StepsSpec, lanes: readonly LaneResult[]): StepsError[] {
  const errors: StepsError[] = [];
  spec.steps.forEach((s, i) => {
    const where = `steps[${i}]`;
    const laneNo = s.lane ?? 1;
    const lane = lanes[laneNo - 1];
    if (!lane) {
      errors.push({
        step: i,
        field: 'lane',
        message: `${where}.lane ${laneNo}: this lab has one lane`,
      });
      return;
    }
    const end = Math.max(lane.endTime, ...lane.requests.map((r) => r.at));
    if (s.at > end + SLACK)
      errors.push({
        step: i,
        field: 'at',
        message: `${where}.at ${s.at} s is after the lab's run ends (${Number(end.toFixed(3))} s)`,
      });
    if (s.request !== undefined) {
      const r = lane.requests.find((q) => q.index === s.request! - 1);
      if (!r)
        errors.push({
          step: i,
          field: 'request',
          message: `${where}.request ${s.request}: the lab has ${lane.requests.length} requests`,
        });
      else if (r.at > s.at + SLACK)
        errors.push({
          step: i,
          field: 'request',
          message: `${where}.request ${s.request} arrives at ${r.at} s, after this step's time (${s.at} s)`,
        });
      else if (s.server !== undefined && r.server && r.server !== s.server)
        errors.push({
          step: i,
          field: 'server',
          message: `${where}.server "${s.server}": request ${s.request} goes to server ${r.server}`,
        });
    }
    if (s.server !== undefined && !lane.requests.some((q) => q.server === s.server))
      errors.push({
        step: i,
        field: 'server',
        message: `${where}.server "${s.server}" serves no request in this lab (servers: ${[
          ...new Set(lane.requests.map((q) => q.server).filter(Boolean)),
        ].join(', ')})`,
      });
    if (s.key !== undefined && !lane.requests.some((q) => s.key!.includes(q.key)))
      errors.push({
        step: i,
        field: 'key',
        message: `${where}.key "${s.key}" is not a key of this lab's requests (${[
          ...new Set(lane.requests.map((q) => q.key)),
        ].join(', ')})`,
      });
  });
  return errors;
}
