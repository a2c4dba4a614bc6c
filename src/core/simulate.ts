// The headless `simulate` contract (docs/spec/headless.md): decisions in input order,
// then the totals. Runs on the lab engine, so the CLI, the lab and the lessons agree.
import { OUTCOME } from './lab/columns';
import { runLab } from './lab/run';
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
  const run = runLab(parseScenario(input), { recordOps: false });
  const e = run.events;
  const n = run.requests.n;
  const pr = run.production;
  const lost = pr.failover ? new Set(pr.failover.lost) : null;
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
    const st = pr.status ? statusOf(pr, i) : null;
    if (st) d.status = st;
    if (pr.wouldDeny) d.wouldDeny = pr.wouldDeny[i] === 1;
    if (pr.now && !Number.isNaN(pr.now[i]!)) d.now = pr.now[i]!;
    if (pr.shard) d.shard = pr.shard[i]!;
    if (pr.leaseOf) d.leased = pr.leaseOf[i]! >= 0 && Number.isNaN(e.storeArrive[i]!);
    if (lost?.has(i)) d.lostAtPromotion = true;
    decisions[i] = d;
  }
  const out: SimResult = { decisions, allowed, denied };
  if (unavailable) out.unavailable = unavailable;
  if (bypass) out.bypass = bypass;
  return Object.assign(out, productionReport(run));
}

/** simulate() after loading any plug-in limiter the scenario names (e.g. "lua"). */
export async function simulateAsync(input: unknown): Promise<SimResult> {
  await prepareLimiters(limiterNamesOf(input));
  return simulate(input);
}
