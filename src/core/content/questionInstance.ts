// A "Check yourself" question with fresh numbers each attempt: its `vars` are drawn from a seed,
// filled into its prompt, explanation and scenario, and the engine runs the scenario to get the
// answer (docs/content-format.md). The same seed always gives the same numbers and answer.
import { stream } from '../sim/rng';
import { runLane, type LaneResult } from './lanes';
import { fillJson } from './placeholders';
import { isObj } from '../util/isObj';

/** How one number is drawn: one of a list, or a whole number in [min, max] (by `step`). */
export type VarSpec = (number | string)[] | { min: number; max: number; step?: number };

/** What the answer counts in the scenario's run. */
export const MEASURES = {
  allowed: 'requests admitted',
  denied: 'requests refused with 429',
  unavailable: 'requests answered 503',
  bypass: 'requests let through unchecked',
  lastRetryAfter: 'the Retry-After of the last refused request',
  lastBurstAllowed: 'requests of the last burst admitted',
} as const;
export type Measure = keyof typeof MEASURES;

export interface SeededQuestion {
  vars: Record<string, VarSpec>;
  scenario: Record<string, unknown>;
  measure: Measure;
}

export interface QuestionInstance {
  vars: Record<string, number | string>;
  scenario: Record<string, unknown>;
  answer: number;
}

export function measureRun(r: LaneResult, m: Measure): number {
  switch (m) {
    case 'allowed':
      return r.allowed;
    case 'denied':
      return r.denied;
    case 'unavailable':
      return r.unavailable;
    case 'bypass':
      return r.bypass;
    case 'lastRetryAfter': {
      const refused = r.requests.filter((q) => q.outcome === 'denied');
      return refused.length ? (refused[refused.length - 1]!.retryAfterSeconds ?? 0) : 0;
    }
    case 'lastBurstAllowed': {
      const last = Math.max(...r.requests.map((q) => q.at));
      return r.requests.filter((q) => q.at === last && q.outcome === 'allowed').length;
    }
  }
}

/** The values a var can take, in order (the first is what the content check validates). */
export function valuesOf(v: VarSpec): (number | string)[] {
  if (Array.isArray(v)) return v;
  const step = v.step ?? 1;
  const out: number[] = [];
  for (let x = v.min; x <= v.max + 1e-9 && out.length < 1000; x += step)
    out.push(Number(x.toFixed(6)));
  return out;
}

/** The instance of `q` for `seed`; seed 0 takes the first value of every var. */
export function drawQuestion(q: SeededQuestion, seed: number): QuestionInstance {
  const rng = stream(seed, 'question');
  const vars: Record<string, number | string> = {};
  for (const [name, spec] of Object.entries(q.vars)) {
    const vs = valuesOf(spec);
    vars[name] = seed === 0 ? vs[0]! : vs[rng.int(vs.length)]!;
  }
  const scenario = fillJson(q.scenario, vars) as Record<string, unknown>;
  return { vars, scenario, answer: measureRun(runLane(scenario), q.measure) };
}

/** Why a question's `vars`/`scenario`/`measure` cannot make instances (empty: they can). */
export function seededQuestionProblems(q: Record<string, unknown>): string[] {
  const out: string[] = [];
  if (!isObj(q.vars)) return ['question.vars must be an object of name: [values] or {min, max}'];
  for (const [k, v] of Object.entries(q.vars)) {
    const ok = Array.isArray(v)
      ? v.length > 0 && v.every((x) => typeof x === 'number' || typeof x === 'string')
      : isObj(v) &&
        typeof v.min === 'number' &&
        typeof v.max === 'number' &&
        v.min <= v.max &&
        (v.step === undefined || (typeof v.step === 'number' && v.step > 0));
    if (!ok) out.push(`question.vars.${k} must be a non-empty list or {"min", "max", "step"?}`);
  }
  if (typeof q.measure !== 'string' || !(q.measure in MEASURES))
    out.push(`question.measure must be one of ${Object.keys(MEASURES).join(', ')}`);
  if (!isObj(q.scenario)) out.push('question.scenario must be a lab scenario (an object)');
  if (q.numeric !== undefined || q.choices !== undefined || q.answer !== undefined)
    out.push('a question with vars has no numeric, choices or answer: the engine computes it');
  return out;
}
