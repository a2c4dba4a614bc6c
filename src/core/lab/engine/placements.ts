// Where a request is decided, by placement: local (each server's own limiter), shared and
// shared-fallback (one store), sharded (one of n shard keys at the store), leased (a local
// lease, else a store call: leased.ts) and shared-nonatomic (read, decide, write:
// nonatomic.ts). Routing picks the server first.
import { hash32 } from '../../sim/rng';
import { FLAG, growTo, VIA } from '../columns';
import { decideOn } from './decide';
import { EV, WHERE } from './events';
import { leaseAtStore, payFromLease } from './leased';
import { settle } from './outcome';
import { wrote } from './replication';
import type { EngineState } from './state';
import { down, latency } from './store';

/** The load balancer picks request i's server (unless the request named one). */
function route(e: EngineState, i: number): void {
  if (e.t.server[i]! >= 0) return;
  let s: number;
  switch (e.sc.routing) {
    case 'round-robin':
      s = e.rr++ % e.S;
      break;
    case 'random':
      s = e.routingRng.int(e.S);
      break;
    case 'sticky':
      s = hash32(e.t.names.names[e.t.keyId[i]!]!) % e.S;
      break;
  }
  e.t.server[i] = s;
}

/** The shard request i charges (placement sharded), chosen when it arrives. */
function pickShard(e: EngineState, i: number): number {
  const sh = e.sc.shards!;
  switch (sh.by) {
    case 'random':
      return e.shardRng!.int(sh.count);
    case 'key':
      return hash32(e.t.names.names[e.t.keyId[i]!]!) % sh.count;
    case 'server':
      return e.t.server[i]! % sh.count;
  }
}

/** Request i reaches the load balancer at `a`. */
export function arrive(e: EngineState, i: number, a: number): void {
  route(e, i);
  if (e.nArrived >= e.arrivalOrder.length) e.arrivalOrder = growTo(e.arrivalOrder, e.nArrived + 1);
  e.arrivalOrder[e.nArrived++] = i;
  const ev = e.ev;
  const sc = e.sc;
  if (sc.placement === 'local') {
    const slots = e.serverSlots[e.t.server[i]!]!;
    e.where = WHERE.server;
    const ok = decideOn(
      e,
      slots.map((s) => s.limiter),
      slots.map((s) => s.id),
      i,
      a,
    );
    settle(e, i, ok, VIA.local, a, a);
    return;
  }
  let kind: number = EV.storeDecide;
  if (e.prod.shard) e.prod.shard[i] = pickShard(e, i);
  else if (e.leases) {
    // A live lease on this server pays locally; otherwise one store call takes a lease.
    if (payFromLease(e, i, a)) return;
    kind = EV.leaseDecide;
  }
  if (e.instant) {
    ev.storeArrive[i] = a;
    ev.storeReply[i] = a;
    if (kind === EV.leaseDecide) {
      leaseAtStore(e, i, a, a);
      return;
    }
    e.where = WHERE.store;
    const ok = decideOn(e, e.storeLims, e.storeIds, i, a);
    if (ok && e.replicaFailover) wrote(e, i, a, e.t.cost[i]!);
    settle(e, i, ok, VIA.store, a, a);
    return;
  }
  const l = latency(e, a);
  const atStore = a + l;
  const timeout = sc.store.timeoutSeconds;
  if (down(e, atStore)) {
    ev.flags[i]! |= FLAG.unreachable;
    // No answer comes: the server gives up at its timeout, or (no timeout) hears the
    // connection fail after one round trip.
    e.q.push(timeout !== null ? a + timeout : a + 2 * l, EV.fail, i);
    return;
  }
  const back = atStore + latency(e, atStore);
  if (timeout !== null && back - a > timeout) {
    ev.flags[i]! |= FLAG.timedOut;
    e.q.push(a + timeout, EV.fail, i);
  }
  if (sc.placement === 'shared-nonatomic') kind = EV.naRead;
  e.q.push(atStore, kind, i);
}

/** Request i reaches the store at `time` (shared, shared-fallback, sharded): one atomic call. */
export function decideAtStore(e: EngineState, i: number, time: number): void {
  const ev = e.ev;
  ev.storeArrive[i] = time;
  e.where = WHERE.store;
  const ok = decideOn(e, e.storeLims, e.storeIds, i, time);
  if (ok && e.replicaFailover) wrote(e, i, time, e.t.cost[i]!);
  if (ev.flags[i]! & FLAG.timedOut) return; // charged, but the server gave up
  const back = time + latency(e, time);
  ev.storeReply[i] = back;
  // The outcome is fixed at the store; the client hears it when the reply is back.
  settle(e, i, ok, VIA.store, time, back);
}
