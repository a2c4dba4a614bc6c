// One request's decision as every reader sees it, read from the engine's columns on demand:
// its outcome and Retry-After, the policy that denied it (the engine's `denyMask`), the
// policies charged in vain (naive multi-policy), and the production facts (clock read, shard,
// lease, shadow verdict, dry-run status, a write lost at failover). LabRun.decision(i) returns
// it; LabRun.request(i) adds the request's path and each policy's own verdict (RequestInfo).
// `simulate`, `snapshot()`, the HTTP answer (core/http/response.ts) and the panels read those.
import type { NginxStatus } from '../limiters/leakyBucket';
import type { Decision, LimiterView, Params } from '../limiters/types';
import { NGINX_STATUS_CODES } from './engine/productionData';
import { OUTCOME, OUTCOME_NAMES, admittedCode, type Outcome, type Via } from './columns';
import type { LabRun } from './labRun';
import type { EngineRun } from './run';
import type { RequestEvents } from './timeline';

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

/**
 * One policy's own verdict on a request, from the engine's denyMask. `decision.retryAfterSeconds`
 * is the request's Retry-After when this policy alone denied it, else null.
 */
export interface PolicyDecision {
  id: string;
  algorithm: string;
  params: Params;
  scope: string;
  limiterKey: string;
  decision: Decision;
}

/**
 * One request as every reader shows it (built on demand from the run's columns): its decision
 * (RequestDecision: outcome, Retry-After, the policy that denied, production facts) and its
 * path through the system. `allowed`: it got through (allowed or bypass), as in `simulate`.
 */
export interface RequestInfo extends RequestDecision {
  at: number;
  server: string;
  key: string;
  tenant: string;
  cost: number;
  /** Admitted beyond the policy: one shared counter would have refused it (LabRun.overLimit). */
  overLimit: boolean;
  storeArrive: number | null;
  storeReply: number | null;
  writeArrive: number | null;
  decidedAt: number;
  respondedAt: number;
  via: Via;
  timedOut: boolean;
  unreachable: boolean;
  doubleSpent: boolean;
  /** Each policy the request was checked against, with its own verdict (empty with no verdict). */
  policies: PolicyDecision[];
  /** shared-nonatomic: the value the server read from the store (engine view at read time). */
  readView: LimiterView | null;
}

/** Each policy's own verdict on request i: all of them atomically, up to the first denial when naive. */
export function policyDecisions(run: EngineRun, i: number, d: RequestDecision): PolicyDecision[] {
  const code = run.events.outcome[i]!;
  if (code !== OUTCOME.allowed && code !== OUTCOME.denied) return [];
  const mask = maskOf(run, i, code);
  const sc = run.scenario;
  const naive = sc.multiPolicy === 'naive';
  const out: PolicyDecision[] = [];
  const rq = run.requests;
  const names = rq.names.names;
  for (let p = 0; p < sc.policies.length; p++) {
    const pol = sc.policies[p]!;
    const denied = (mask & (1 << p)) !== 0;
    const alone = denied && d.deniedBy.length === 1 && d.deniedBy[0] === pol.id;
    out.push({
      id: pol.id,
      algorithm: pol.algorithm,
      params: pol.params,
      scope: pol.scope,
      limiterKey:
        pol.scope === 'key'
          ? names[rq.keyId[i]!]!
          : pol.scope === 'tenant'
            ? names[rq.tenantId[i]!]!
            : 'global',
      decision: { allowed: !denied, retryAfterSeconds: alone ? d.retryAfterSeconds : null },
    });
    if (naive && denied && pol.enforce !== false) break;
  }
  return out;
}

// A request's record: plain fields, and overLimit computed on read (it needs a second run,
// made once per run on the first read). Explicit assignments keep every record one shape.
export class RequestRecord implements RequestInfo {
  readonly index: number;
  readonly outcome: Outcome;
  readonly allowed: boolean;
  readonly retryAfterSeconds: number | null;
  readonly remaining: number | null;
  readonly delaySeconds: number | null;
  readonly error: string | null;
  readonly deniedBy: string[];
  readonly wasted: string[];
  readonly now: number | null;
  readonly status: RequestDecision['status'];
  readonly wouldDeny: boolean;
  readonly shard: number | null;
  readonly lease: number | null;
  readonly leased: boolean;
  readonly lostAtPromotion: boolean;
  readonly at: number;
  readonly server: string;
  readonly key: string;
  readonly tenant: string;
  readonly cost: number;
  readonly storeArrive: number | null;
  readonly storeReply: number | null;
  readonly writeArrive: number | null;
  readonly decidedAt: number;
  readonly respondedAt: number;
  readonly via: Via;
  readonly timedOut: boolean;
  readonly unreachable: boolean;
  readonly doubleSpent: boolean;
  readonly policies: PolicyDecision[];
  readonly readView: LimiterView | null;
  readonly #run: LabRun;
  constructor(
    run: LabRun,
    d: RequestDecision,
    r: RequestEvents,
    policies: PolicyDecision[],
    readView: LimiterView | null,
  ) {
    this.#run = run;
    this.index = d.index;
    this.outcome = d.outcome;
    this.allowed = d.allowed;
    this.retryAfterSeconds = d.retryAfterSeconds;
    this.remaining = d.remaining;
    this.delaySeconds = d.delaySeconds;
    this.error = d.error;
    this.deniedBy = d.deniedBy;
    this.wasted = d.wasted;
    this.now = d.now;
    this.status = d.status;
    this.wouldDeny = d.wouldDeny;
    this.shard = d.shard;
    this.lease = d.lease;
    this.leased = d.leased;
    this.lostAtPromotion = d.lostAtPromotion;
    this.at = r.at;
    this.server = r.server;
    this.key = r.key;
    this.tenant = r.tenant;
    this.cost = r.cost;
    this.storeArrive = r.storeArrive;
    this.storeReply = r.storeReply;
    this.writeArrive = r.writeArrive;
    this.decidedAt = r.decidedAt;
    this.respondedAt = r.respondedAt;
    this.via = r.via;
    this.timedOut = r.timedOut;
    this.unreachable = r.unreachable;
    this.doubleSpent = r.doubleSpent;
    this.policies = policies;
    this.readView = readView;
  }
  get overLimit(): boolean {
    return this.#run.overLimit?.flags[this.index] === 1;
  }
}
