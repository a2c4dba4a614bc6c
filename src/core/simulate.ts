// The headless `simulate` contract (docs/spec/headless.md): decisions in input order,
// then the totals. Reads the one core view of a run (lab/labRun.ts), so the CLI, the lab,
// window.rateLab, the lessons and the graders agree on every count.
import { OUTCOME, admittedCode } from './lab/columns';
import { runScenario, type LabRun } from './lab/labRun';
import type { NginxStatus } from './limiters/leakyBucket';
import { limiterNamesOf, prepareLimiters } from './limiters/registry';
import { productionReport, type ProductionReport } from './production/report';
import { statusOf } from './production/types';
import { parseScenario } from './scenario/validate';

export interface SimDecision {
  allowed: boolean;
  retryAfterSeconds: number | null;
  remaining?: number;
  delaySeconds?: number;
  error?: string;
  // Present only when the scenario uses the feature (docs/scenario.md, "simulate output"):
  /** Leaky-bucket dry run: NGINX's $limit_req_status. */
  status?: NginxStatus;
  /** Shadow mode: admitted, but a policy in shadow mode would have denied it. */
  wouldDeny?: boolean;
  /** Server clocks or store clock steps: the time the limiter read. */
  now?: number;
  /** placement sharded: the shard the request charged. */
  shard?: number;
  /** placement leased: paid from a lease the server held (no store round trip). */
  leased?: boolean;
  /** failover: the store write of this admission was lost when the replica took over. */
  lostAtPromotion?: true;
}

export interface SimResult extends ProductionReport {
  decisions: SimDecision[];
  allowed: number;
  denied: number;
  /** Present when the store failed: limiter failures are never counted as denials. */
  unavailable?: number;
  bypass?: number;
}

/** Validate (throws ScenarioError naming the field) and run a scenario. */
export function simulate(input: unknown): SimResult {
  return simulateResult(runScenario(parseScenario(input), { seekable: false }));
}

/** simulate's answer for a run already made (the CLI's Lua worker thread makes it). */
export function simulateResult(run: LabRun): SimResult {
  const e = run.engine.events;
  const errors = run.engine.errors;
  const n = run.n;
  const pr = run.engine.production;
  const lost = pr.failover ? new Set(pr.failover.lost) : null;
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
    const st = pr.status ? statusOf(pr, i) : null;
    if (st) d.status = st;
    if (pr.wouldDeny) d.wouldDeny = pr.wouldDeny[i] === 1;
    if (pr.now && !Number.isNaN(pr.now[i]!)) d.now = pr.now[i]!;
    if (pr.shard) d.shard = pr.shard[i]!;
    if (pr.leaseOf) d.leased = pr.leaseOf[i]! >= 0 && Number.isNaN(e.storeArrive[i]!);
    if (lost?.has(i)) d.lostAtPromotion = true;
    decisions[i] = d;
  }
  const c = run.countsAt(Infinity);
  const out: SimResult = { decisions, allowed: c.allowed, denied: c.denied };
  if (c.unavailable) out.unavailable = c.unavailable;
  if (c.bypass) out.bypass = c.bypass;
  return Object.assign(out, productionReport(run.engine));
}

/** simulate() after loading any plug-in limiter the scenario names (e.g. "lua"). */
export async function simulateAsync(input: unknown): Promise<SimResult> {
  await prepareLimiters(limiterNamesOf(input));
  return simulate(input);
}
