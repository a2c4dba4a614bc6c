// The headless `simulate` contract (docs/spec/headless.md): decisions in input order,
// then the totals. Reads the one core view of a run (lab/labRun.ts), so the CLI, the lab,
// window.rateLab, the lessons and the graders agree on every count.
import type { Outcome } from './lab/columns';
import { labRun, type LabRun } from './lab/labRun';
import type { NginxStatus } from './limiters/leakyBucket';
import { limiterNamesOf, prepareLimiters } from './limiters/registry';
import { type ProductionReport } from './production/report';
import { reportOfRun } from './production/ofRun';
import { parseScenario } from './scenario/validate';

export interface SimDecision {
  /** Got through: "allowed" or "bypass" (the counts keep them apart). */
  allowed: boolean;
  /** What happened, as snapshot() names it: allowed, denied, unavailable or bypass. */
  outcome: Outcome;
  retryAfterSeconds: number | null;
  remaining?: number;
  delaySeconds?: number;
  error?: string;
  // Present only when the scenario uses the feature (docs/scenario.md, "simulate output"):
  /** Several policies: the enforced policies whose own verdict was a denial ([] unless denied). */
  deniedBy?: string[];
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
  return simulateResult(labRun(parseScenario(input), { seekable: false }));
}

/** simulate's answer for a run already made (the CLI's Lua worker thread makes it). */
export function simulateResult(run: LabRun): SimResult {
  const n = run.n;
  const decisions: SimDecision[] = new Array<SimDecision>(n);
  const pr = run.production;
  const several = run.scenario.policies.length > 1;
  for (let i = 0; i < n; i++) {
    const r = run.decision(i);
    const d: SimDecision = {
      allowed: r.allowed,
      outcome: r.outcome,
      retryAfterSeconds: r.retryAfterSeconds,
    };
    const unavailable = r.outcome === 'unavailable';
    if (r.remaining !== null && !unavailable) d.remaining = r.remaining;
    if (r.delaySeconds !== null && r.allowed) d.delaySeconds = r.delaySeconds;
    if (unavailable) d.error = r.error ?? 'the limiter store is unavailable';
    else if (r.error !== null) d.error = r.error;
    if (several) d.deniedBy = r.deniedBy;
    if (r.status) d.status = r.status;
    if (pr.wouldDeny) d.wouldDeny = r.wouldDeny;
    if (r.now !== null) d.now = r.now;
    if (r.shard !== null) d.shard = r.shard;
    if (pr.leaseOf) d.leased = r.leased;
    if (r.lostAtPromotion) d.lostAtPromotion = true;
    decisions[i] = d;
  }
  const c = run.countsAt(Infinity);
  const out: SimResult = { decisions, allowed: c.allowed, denied: c.denied };
  if (c.unavailable) out.unavailable = c.unavailable;
  if (c.bypass) out.bypass = c.bypass;
  return Object.assign(out, reportOfRun(run));
}

/** simulate() after loading any plug-in limiter the scenario names (e.g. "lua"). */
export async function simulateAsync(input: unknown): Promise<SimResult> {
  await prepareLimiters(limiterNamesOf(input));
  return simulate(input);
}
