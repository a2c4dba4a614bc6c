// placement leased: a server takes a lease of tokens from the shared limiter in one store
// call and spends it locally until it runs out or expires (lab/engine/leases.ts keeps them).
import { FLAG, VIA } from '../columns';
import { record, safe, fill } from './decide';
import { WHERE } from './events';
import { logOp, OP } from './opLog';
import { settle } from './outcome';
import { wrote } from './replication';
import type { EngineState } from './state';

/** The interned id of request i's key for the (only) policy of a leased run. */
function leaseKeyId(e: EngineState, i: number): number {
  const p = e.sc.policies[0]!;
  if (p.scope === 'key') return e.t.keyId[i]!;
  if (p.scope === 'tenant') return e.t.tenantId[i]!;
  if (e.globalId < 0) e.globalId = e.t.names.id('global');
  return e.globalId;
}

/** A live lease on request i's server pays for it at `a`: true when one did. */
export function payFromLease(e: EngineState, i: number, a: number): boolean {
  const id = e.leases!.take(e.t.server[i]!, leaseKeyId(e, i), e.t.cost[i]!, a);
  if (id < 0) {
    e.leases!.storeCalls++;
    return false;
  }
  e.prod.leaseOf![i] = id;
  if (e.prod.wouldDeny) e.prod.wouldDeny[i] = 0;
  settle(e, i, true, VIA.local, a, a);
  return true;
}

/**
 * The store call of request i reaches the store at `time` and the reply is back at the
 * server at `back`. The call takes a lease of max(size, cost) tokens, or what is left when
 * the limiter reports it (at least the request's cost), in one atomic step.
 */
export function leaseAtStore(e: EngineState, i: number, time: number, back: number): void {
  const lim = e.storeLims[0]!;
  const slot = e.storeIds[0]!;
  const leases = e.leases!;
  e.where = WHERE.store;
  const cost = e.t.cost[i]!;
  const want = Math.max(leases.leaseSize, cost);
  const req = fill(e, i, 0, time, slot);
  req.cost = want;
  let d = safe(() => lim.decide(req));
  logOp(e, slot, OP.decide, i, time);
  let grant = want;
  if (!d.allowed && d.error === undefined) {
    const rem = d.remaining;
    const part = rem !== undefined && e.remainingOk[0] ? Math.min(want, rem) : cost;
    grant = 0;
    if (part >= cost && part < want) {
      req.cost = part;
      d = safe(() => lim.decide(req));
      logOp(e, slot, OP.decide, i, time);
      if (d.allowed) grant = part;
    }
    if (!grant && d.error === undefined) {
      // Nothing to lease: the request's own verdict (and Retry-After) at its own cost.
      req.cost = cost;
      d = safe(() => lim.check(req));
      logOp(e, slot, OP.check, i, time);
    }
  }
  const granted = d.allowed && d.error === undefined;
  const ok = record(e, i, [d], [0], d.allowed ? 0 : 1);
  if (granted) wrote(e, i, time, grant);
  const ev = e.ev;
  if (ev.flags[i]! & FLAG.timedOut) {
    if (granted) leases.lostInFlight += grant;
    return; // charged, but the server gave up
  }
  ev.storeReply[i] = back;
  if (granted)
    e.prod.leaseOf![i] = leases.grant(e.t.server[i]!, leaseKeyId(e, i), i, grant, cost, time, back);
  settle(e, i, ok, VIA.store, time, back);
}
