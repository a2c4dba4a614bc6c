// The headless `simulate` contract (docs/spec/headless.md): decisions in input order,
// then the totals. Runs on the lab engine, so the CLI, the lab and the lessons agree.
import { OUTCOME } from './lab/columns';
import { runLab } from './lab/run';
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
  const run = runLab(parseScenario(input), { recordOps: false });
  const e = run.events;
  const n = run.requests.n;
  const decisions: SimDecision[] = new Array<SimDecision>(n);
  let allowed = 0;
  let denied = 0;
  let unavailable = 0;
  let bypass = 0;
  for (let i = 0; i < n; i++) {
    const o = e.outcome[i]!;
    const retry = e.retry[i]!;
    const d: SimDecision = {
      allowed: o === OUTCOME.allowed || o === OUTCOME.bypass,
      retryAfterSeconds: Number.isNaN(retry) ? null : retry,
    };
    const rem = e.remaining[i]!;
    if (!Number.isNaN(rem) && o !== OUTCOME.unavailable) d.remaining = rem;
    const delay = e.delay[i]!;
    if (!Number.isNaN(delay) && d.allowed) d.delaySeconds = delay;
    const err = run.errors.get(i);
    if (o === OUTCOME.unavailable) {
      unavailable++;
      d.error = err ?? 'the limiter store is unavailable';
    } else if (o === OUTCOME.bypass) {
      bypass++;
    } else if (o === OUTCOME.allowed) allowed++;
    else denied++;
    if (err !== undefined && d.error === undefined) d.error = err;
    decisions[i] = d;
  }
  const out: SimResult = { decisions, allowed, denied };
  if (unavailable) out.unavailable = unavailable;
  if (bypass) out.bypass = bypass;
  return out;
}

/** simulate() after loading any plug-in limiter the scenario names (e.g. "lua"). */
export async function simulateAsync(input: unknown): Promise<SimResult> {
  await prepareLimiters(limiterNamesOf(input));
  return simulate(input);
}
