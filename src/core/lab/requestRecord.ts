// One request's decision as every reader sees it, read from the engine's columns on demand:
// its outcome and Retry-After, the policy that denied it (the engine's `denyMask`), the
// policies charged in vain (naive multi-policy), and the production facts (clock read, shard,
// lease, shadow verdict, dry-run status, a write lost at failover). LabRun.decision(i) and
// LabRun.request(i) build on it; `simulate`, `snapshot()` and the panels read those.
import type { NginxStatus } from '../limiters/leakyBucket';
import { NGINX_STATUS_CODES } from '../production/types';
import { OUTCOME, OUTCOME_NAMES, admittedCode, type Outcome } from './columns';
import type { EngineRun } from './run';

export interface RequestDecision {
  index: number;
  outcome: Outcome;
  /** The request got through (allowed or bypass). */
  allowed: boolean;
  retryAfterSeconds: number | null;
  remaining: number | null;
  delaySeconds: number | null;
  /** The limiter's error message, if it failed on this request. */
  error: string | null;
  /** The enforced policies whose own verdict was a denial, in scenario order ([] unless denied). */
  deniedBy: string[];
  /** Naive multi-policy: the policies charged for this request although it was denied. */
  wasted: string[];
  /** Server clocks or store clock steps: the time the limiter read (null: true time). */
  now: number | null;
  /** Leaky-bucket dry run: NGINX's $limit_req_status. */
  status: NginxStatus | null;
  /** Shadow mode: admitted, but a policy in shadow mode would have denied it. */
  wouldDeny: boolean;
  /** placement sharded: the shard the request charged. */
  shard: number | null;
  /** placement leased: the lease that paid for it (-1 counts as none: null). */
  lease: number | null;
  /** placement leased: paid from a lease the server held (no store round trip). */
  leased: boolean;
  /** failover: the store write of this admission was lost when the replica took over. */
  lostAtPromotion: boolean;
}

const nn = (v: number): number | null => (Number.isNaN(v) ? null : v);

/** Bit p set when policy p's own verdict on request i was a denial. */
function maskOf(run: EngineRun, i: number, code: number): number {
  const m = run.production.denyMask;
  if (m) return m[i]!;
  // One policy: the engine records no mask; its verdict is the request's.
  return code === OUTCOME.denied ? 1 : 0;
}

/** The enforced policies that denied request i, in scenario order. */
export function deniedByOf(run: EngineRun, i: number): string[] {
  const code = run.events.outcome[i]!;
  if (code !== OUTCOME.denied) return [];
  const mask = maskOf(run, i, code);
  const out: string[] = [];
  const pols = run.scenario.policies;
  for (let p = 0; p < pols.length; p++)
    if (mask & (1 << p) && pols[p]!.enforce !== false) out.push(pols[p]!.id);
  return out;
}

/**
 * Naive multi-policy: the policies charged before the first enforced policy that denied
 * (each charged the request's cost in vain). The engine's totals.wastedBudget sums these.
 */
export function wastedOf(run: EngineRun, i: number): string[] {
  const m = run.production.denyMask;
  if (!m || run.scenario.multiPolicy !== 'naive') return [];
  const mask = m[i]!;
  const pols = run.scenario.policies;
  const out: string[] = [];
  for (let p = 0; p < pols.length; p++) {
    const denied = (mask & (1 << p)) !== 0;
    if (denied && pols[p]!.enforce !== false) return out;
    if (!denied) out.push(pols[p]!.id);
  }
  // No enforced policy denied: nothing was charged in vain.
  return [];
}

/** The decision record of request i (`lost`: the failover's lost writes as a set, if any). */
export function requestDecision(
  run: EngineRun,
  i: number,
  lost: ReadonlySet<number> | null,
): RequestDecision {
  const e = run.events;
  const pr = run.production;
  const code = e.outcome[i]!;
  const st = pr.status?.[i] ?? 0;
  const lease = pr.leaseOf ? pr.leaseOf[i]! : -1;
  return {
    index: i,
    outcome: OUTCOME_NAMES[code]!,
    allowed: admittedCode(code),
    retryAfterSeconds: nn(e.retry[i]!),
    remaining: nn(e.remaining[i]!),
    delaySeconds: nn(e.delay[i]!),
    error: run.errors.get(i) ?? null,
    deniedBy: deniedByOf(run, i),
    wasted: wastedOf(run, i),
    now: pr.now ? nn(pr.now[i]!) : null,
    status: st === 0 ? null : NGINX_STATUS_CODES[st - 1]!,
    wouldDeny: pr.wouldDeny?.[i] === 1,
    shard: pr.shard ? pr.shard[i]! : null,
    lease: lease >= 0 ? lease : null,
    leased: lease >= 0 && Number.isNaN(e.storeArrive[i]!),
    lostAtPromotion: lost?.has(i) ?? false,
  };
}
