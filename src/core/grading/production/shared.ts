// What the production graders share: running a scenario on the engine, times and rates drawn
// off any grid (whole microseconds, milli-requests per second), how numbers read in messages, a
// readable-settings case. The grade's last step is harness.ts gradeCases, as for every grader.
import fc from 'fast-check';
import { OUTCOME } from '../../lab/columns';
import { runEngine, type EngineRun } from '../../lab/run';
import { parseScenario } from '../../scenario/validate';
import { num, type HiddenCase } from '../harness';
import type { FailingCase, Submission } from '../types';

/** Run a scenario on the engine (validated: a bad field throws the engine's message). */
export function engineOf(sc: Record<string, unknown>): EngineRun {
  return runEngine(parseScenario(sc), { recordOps: false });
}

export const US = 1e6;
/** A time in whole microseconds (the finest a Redis TIME reply gives). */
export const micros = (min: number, max: number) =>
  fc.integer({ min: Math.round(min * US), max: Math.round(max * US) }).map((n) => n / US);
/** A rate drawn anywhere in [min, max] (a whole number of milli-requests per second). */
export const rate = (min: number, max: number) =>
  fc.integer({ min: Math.round(min * 1000), max: Math.round(max * 1000) }).map((n) => n / 1000);
export const pct = (x: number, digits = 1) => `${(100 * x).toFixed(digits)}%`;
export const s = (x: number | null) => (x === null ? 'the run' : `${+x.toFixed(3)} s`);

/** A setting that must be a number in [min, max]: the message names it, or null. */
export function numberIn(
  sub: Submission,
  field: string,
  min: number,
  max: number,
  unit = '',
): FailingCase | null {
  const x = num(sub, field);
  if (Number.isFinite(x) && x >= min && x <= max) return null;
  const raw = (sub.params as Record<string, unknown> | undefined)?.[field] ?? sub[field];
  const message =
    raw === undefined || String(raw).trim() === ''
      ? `"${field}" is missing.`
      : `"${field}" must be a number from ${min} to ${max}${unit} (not ${JSON.stringify(raw)}).`;
  return { name: 'the settings are readable', message };
}

export const readable = (checks: (() => FailingCase | null)[]): HiddenCase => ({
  name: 'the settings are readable',
  check: () => {
    for (const c of checks) {
      const f = c();
      if (f) return f;
    }
    return null;
  },
});

/**
 * Decisions refused with 429, and decisions in all: the counts behind the signals' rate429,
 * without building every other signal (per route, latency quantiles, time series).
 */
export function refusals(run: EngineRun): { denied: number; total: number; rate: number } {
  const outcome = run.events.outcome;
  let denied = 0;
  for (const i of run.decisionOrder) if (outcome[i] === OUTCOME.denied) denied++;
  const total = run.decisionOrder.length;
  return { denied, total, rate: total ? denied / total : 0 };
}
