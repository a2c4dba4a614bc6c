// Decide and record: one request on one limiter per policy, by one of four paths (one plain
// policy, one policy with production inputs, several policies naive, several policies
// all-or-nothing), and the record of the verdict in the event and production columns.
import { nginxStatusOf } from '../../limiters/leakyBucket';
import { algorithmOf } from '../../limiters/registry';
import type { Decision, Limiter, LimiterRequest } from '../../limiters/types';
import type { PolicySpec } from '../../scenario/types';
import { FLAG } from '../columns';
import { WHERE } from './events';
import { logOp, OP } from './opLog';
import { NGINX_STATUS_CODES } from './productionData';
import type { EngineState } from './state';
import { errorMessage } from '../../util/errorMessage';

/** The policy's key of request i (its scope). */
export function keyFor(e: EngineState, i: number, p: PolicySpec): string {
  const names = e.t.names.names;
  if (p.scope === 'key') return names[e.t.keyId[i]!]!;
  if (p.scope === 'tenant') return names[e.t.tenantId[i]!]!;
  return 'global';
}

function fillPlain(e: EngineState, i: number, pi: number, time: number): LimiterRequest {
  const r = e.req;
  r.at = time;
  r.key = keyFor(e, i, e.sc.policies[pi]!);
  r.server = e.sc.servers[e.t.server[i]!] ?? '';
  r.cost = e.t.cost[i]!;
  r.duration = e.t.duration[i]!;
  return r;
}

/** What policy pi's limiter (slot `slotId`) sees of request i at `time`. */
export function fill(
  e: EngineState,
  i: number,
  pi: number,
  time: number,
  slotId: number,
): LimiterRequest {
  const r = fillPlain(e, i, pi, time);
  if (e.transformsInputs) transform(e, r, i, pi, time, slotId);
  return r;
}

/** Shard keys and clocks: what the limiter sees instead of the request's own key and time. */
function transform(
  e: EngineState,
  r: LimiterRequest,
  i: number,
  pi: number,
  time: number,
  slotId: number,
): void {
  if (e.shardNames && e.where === WHERE.store)
    r.key = e.shardNames.name(pi, r.key, e.prod.shard![i]!);
  if (e.clocks) r.at = limiterTime(e, i, pi, time, r.key, slotId);
}

/**
 * The time the limiter reads (docs/scenario.md, "Time"). Before the key's latest time it is
 * that latest time when the algorithm's script clamps (its descriptor's `pastTime`), else the
 * time as given.
 */
function limiterTime(
  e: EngineState,
  i: number,
  pi: number,
  time: number,
  key: string,
  slotId: number,
): number {
  const c = e.clocks!;
  const srv = e.t.server[i]!;
  let t: number;
  let m: number;
  if (e.where === WHERE.store) {
    // "app": the server read its clock when it sent the call.
    t = c.timeSource === 'app' ? c.server(srv, e.t.at[i]!) : c.store(time);
    m = pi;
  } else if (e.where === WHERE.nonatomic) {
    // The read brought the stored state (and TIME); the server decides now.
    t = c.timeSource === 'app' ? c.server(srv, time) : c.store(e.ev.storeArrive[i]!);
    m = pi;
  } else {
    t = c.server(srv, time);
    m = e.P + slotId;
  }
  let map = e.clamps[m];
  if (!map) e.clamps[m] = map = new Map();
  const last = map.get(key);
  if (last !== undefined && last > t) {
    if (algorithmOf(e.sc.policies[pi]!.algorithm)?.pastTime === 'clamp') t = last;
  } else map.set(key, t);
  if (pi === 0) e.prod.now![i] = t;
  return t;
}

/** A limiter's answer, with a thrown error turned into an error decision. */
export function safe(fn: () => Decision): Decision {
  try {
    return fn();
  } catch (err) {
    return {
      allowed: false,
      retryAfterSeconds: null,
      error: errorMessage(err),
    };
  }
}

/**
 * Decide request i on one limiter per policy at `time`, writing retry/remaining/delay
 * columns. `pols` are the policy indices of `lims` (all policies unless a failure mode
 * left some out). Returns allowed, or null when a limiter answered with an error.
 */
export function decideOn(
  e: EngineState,
  lims: Limiter[],
  slotIds: number[] | null,
  i: number,
  time: number,
  pols: readonly number[] = e.allPolicies,
): boolean | null {
  const P = lims.length;
  if (P === 1 && e.plain) {
    // The common case, kept as small as it was before the production features.
    const lim = lims[0]!;
    const req = fillPlain(e, i, pols[0]!, time);
    const d = safe(() => lim.decide(req));
    if (slotIds) logOp(e, slotIds[0]!, OP.decide, i, time);
    return recordPlain(e, i, d, pols[0]!);
  }
  if (P === 1) {
    const lim = lims[0]!;
    const pi = pols[0]!;
    const req = fill(e, i, pi, time, slotIds ? slotIds[0]! : -1);
    const d = safe(() => lim.decide(req));
    if (slotIds) logOp(e, slotIds[0]!, OP.decide, i, time);
    return record(e, i, [d], [pi], d.allowed ? 0 : 1 << pi);
  }
  return e.sc.multiPolicy === 'naive'
    ? decideNaive(e, lims, slotIds, i, time, pols)
    : decideAllOrNothing(e, lims, slotIds, i, time, pols);
}

/** Several policies, naive: charge each in turn, stop at the first that denies. */
function decideNaive(
  e: EngineState,
  lims: Limiter[],
  slotIds: number[] | null,
  i: number,
  time: number,
  pols: readonly number[],
): boolean | null {
  const ds: Decision[] = [];
  const pis: number[] = [];
  let mask = 0;
  const charged: number[] = [];
  for (let p = 0; p < lims.length; p++) {
    const lim = lims[p]!;
    const pi = pols[p]!;
    const req = fill(e, i, pi, time, slotIds ? slotIds[p]! : -1);
    const d = safe(() => lim.decide(req));
    if (slotIds) logOp(e, slotIds[p]!, OP.decide, i, time);
    ds.push(d);
    pis.push(pi);
    if (!d.allowed) {
      mask |= 1 << pi;
      // A policy in shadow mode denies nothing: the next policy is still charged.
      if (!e.enforced[pi]) continue;
      for (const k of charged) {
        const id = e.sc.policies[k]!.id;
        e.totals.wastedBudget[id] = (e.totals.wastedBudget[id] ?? 0) + e.t.cost[i]!;
      }
      break;
    }
    charged.push(pi);
  }
  return record(e, i, ds, pis, mask);
}

/**
 * Several policies, all-or-nothing: check everything, then charge all or none. A limiter
 * that cannot separate check from charge (a Lua script) decides in the first pass. A policy
 * in shadow mode is charged when the request goes through and it would have admitted it.
 */
function decideAllOrNothing(
  e: EngineState,
  lims: Limiter[],
  slotIds: number[] | null,
  i: number,
  time: number,
  pols: readonly number[],
): boolean | null {
  const ds: Decision[] = [];
  const pis: number[] = [];
  let mask = 0;
  let all = true;
  for (let p = 0; p < lims.length; p++) {
    const lim = lims[p]!;
    const pi = pols[p]!;
    const req = fill(e, i, pi, time, slotIds ? slotIds[p]! : -1);
    const d = safe(() => (lim.separableCheck ? lim.check(req) : lim.decide(req)));
    if (slotIds) logOp(e, slotIds[p]!, lim.separableCheck ? OP.check : OP.decide, i, time);
    ds.push(d);
    pis.push(pi);
    if (!d.allowed) {
      mask |= 1 << pi;
      if (e.enforced[pi]) all = false;
    }
  }
  for (let p = 0; p < lims.length; p++) {
    const lim = lims[p]!;
    if (!lim.separableCheck) continue;
    const pi = pols[p]!;
    const admit = all && (e.enforced[pi] || ds[p]!.allowed);
    const req = fill(e, i, pi, time, slotIds ? slotIds[p]! : -1);
    ds[p] = safe(() => lim.commit(req, admit));
    if (slotIds) logOp(e, slotIds[p]!, admit ? OP.commitAdmit : OP.commitDeny, i, time);
  }
  return record(e, i, ds, pis, mask);
}

/** record() for one enforced policy and no production columns (the common case). */
function recordPlain(e: EngineState, i: number, d: Decision, pi: number): boolean | null {
  const ev = e.ev;
  if (d.error !== undefined) {
    e.errors.set(i, d.error);
    ev.flags[i]! |= FLAG.limiterError;
    e.totals.limiterErrors++;
    return null;
  }
  const allowed = d.allowed;
  const r = d.retryAfterSeconds;
  ev.retry[i] = allowed || r === null ? NaN : r;
  ev.remaining[i] = d.remaining !== undefined && e.remainingOk[pi] ? d.remaining : NaN;
  ev.delay[i] = allowed && d.delaySeconds !== undefined ? d.delaySeconds : NaN;
  return allowed;
}

/** `mask`: bit p set when policy p's own verdict was a denial. */
export function record(
  e: EngineState,
  i: number,
  ds: Decision[],
  pis: number[],
  mask: number,
): boolean | null {
  const ev = e.ev;
  let allowed = true;
  let retry = NaN;
  let impossible = false;
  let remaining = NaN;
  let delay = NaN;
  let error: string | undefined;
  let status = 0;
  for (let k = 0; k < ds.length; k++) {
    const d = ds[k]!;
    const pi = pis[k]!;
    if (d.error !== undefined && error === undefined) error = d.error;
    if (!d.allowed && e.enforced[pi]) {
      allowed = false;
      if (d.retryAfterSeconds === -1) impossible = true;
      else if (d.retryAfterSeconds !== null && !(d.retryAfterSeconds <= retry))
        retry = d.retryAfterSeconds;
    }
    if (d.remaining !== undefined && e.remainingOk[pi] && !(d.remaining >= remaining))
      remaining = d.remaining;
    if (d.delaySeconds !== undefined && !(d.delaySeconds <= delay)) delay = d.delaySeconds;
    if (e.recordsVerdicts && e.prod.status) {
      const st = nginxStatusOf(d);
      if (st !== undefined) status = Math.max(status, NGINX_STATUS_CODES.indexOf(st) + 1);
    }
  }
  if (error !== undefined) {
    e.errors.set(i, error);
    ev.flags[i]! |= FLAG.limiterError;
    e.totals.limiterErrors++;
    return null;
  }
  ev.retry[i] = allowed ? NaN : impossible ? -1 : retry;
  ev.remaining[i] = remaining;
  ev.delay[i] = allowed ? delay : NaN;
  if (e.recordsVerdicts) {
    const pr = e.prod;
    if (pr.denyMask) pr.denyMask[i] = mask;
    if (pr.wouldDeny) pr.wouldDeny[i] = allowed && mask & e.shadowBits ? 1 : 0;
    if (pr.status) pr.status[i] = status;
  }
  return allowed;
}
