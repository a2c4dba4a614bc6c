// The headless `simulate` contract (docs/spec/headless.md): decisions in input order,
// then the totals. Reads the one core view of a run (lab/labRun.ts), so the CLI, the lab,
// window.rateLab, the lessons and the graders agree on every count.
import { OUTCOME, admittedCode } from './lab/columns';
import { runScenario } from './lab/labRun';
import { limiterNamesOf, prepareLimiters } from './limiters/registry';
import { parseScenario } from './scenario/validate';

export interface SimDecision {
  allowed: boolean;
  retryAfterSeconds: number | null;
  remaining?: number;
  delaySeconds?: number;
  error?: string;
}

export interface SimResult {
  decisions: SimDecision[];
  allowed: number;
  denied: number;
  /** Present when the store failed: limiter failures are never counted as denials. */
  unavailable?: number;
  bypass?: number;
}

/** Validate (throws ScenarioError naming the field) and run a scenario. */
export function simulate(input: unknown): SimResult {
  const run = runScenario(parseScenario(input), { seekable: false });
  const e = run.engine.events;
  const errors = run.engine.errors;
  const n = run.n;
  const decisions: SimDecision[] = new Array<SimDecision>(n);
  for (let i = 0; i < n; i++) {
    const o = e.outcome[i]!;
    const retry = e.retry[i]!;
    const d: SimDecision = {
      // "Got through": admitted by the limiter or bypassing it (the counts keep them apart).
      allowed: admittedCode(o),
      retryAfterSeconds: Number.isNaN(retry) ? null : retry,
    };
    const rem = e.remaining[i]!;
    if (!Number.isNaN(rem) && o !== OUTCOME.unavailable) d.remaining = rem;
    const delay = e.delay[i]!;
    if (!Number.isNaN(delay) && d.allowed) d.delaySeconds = delay;
    const err = errors.get(i);
    if (o === OUTCOME.unavailable) d.error = err ?? 'the limiter store is unavailable';
    if (err !== undefined && d.error === undefined) d.error = err;
    decisions[i] = d;
  }
  const c = run.countsAt(Infinity);
  const out: SimResult = { decisions, allowed: c.allowed, denied: c.denied };
  if (c.unavailable) out.unavailable = c.unavailable;
  if (c.bypass) out.bypass = c.bypass;
  return out;
}

/** simulate() after loading any plug-in limiter the scenario names (e.g. "lua"). */
export async function simulateAsync(input: unknown): Promise<SimResult> {
  await prepareLimiters(limiterNamesOf(input));
  return simulate(input);
}
