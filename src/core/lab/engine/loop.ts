// The event loop: arrivals in time order merged with the queue of later events (store
// calls, replies, failures, retries, the replica's cut and promotion), each handled by the
// module that owns it, with checkpoints taken as the op log grows.
import { FLAG } from '../columns';
import type { EngineRun } from '../run';
import { EV } from './events';
import { leaseAtStore } from './leased';
import { decideOnRead, readAtStore, writeAtStore } from './nonatomic';
import { maybeCheckpoint } from './opLog';
import { applyFailureMode } from './outcome';
import { arrive, decideAtStore } from './placements';
import { cutReplica, promote } from './replication';
import type { EngineState } from './state';
import { latency } from './store';

function handle(e: EngineState, kind: number, i: number, time: number): void {
  const ev = e.ev;
  switch (kind) {
    case EV.arrive:
      arrive(e, i, time);
      return;
    case EV.fail:
      if (!Number.isNaN(ev.decidedAt[i]!)) return;
      if (ev.flags[i]! & FLAG.timedOut) e.totals.timedOut++;
      e.pending.delete(i);
      applyFailureMode(e, i, time);
      return;
    case EV.storeDecide:
      decideAtStore(e, i, time);
      return;
    case EV.naRead:
      readAtStore(e, i, time);
      return;
    case EV.naDecide:
      decideOnRead(e, i, time);
      return;
    case EV.naWrite:
      writeAtStore(e, i, time);
      return;
    case EV.leaseDecide:
      ev.storeArrive[i] = time;
      leaseAtStore(e, i, time, time + latency(e, time));
      return;
    case EV.replicaCut:
      cutReplica(e);
      return;
    case EV.promote:
      promote(e, time);
      return;
  }
}

/** Run the engine to the end and return what it recorded. */
export function eventLoop(e: EngineState): EngineRun {
  e.storeLims = e.storeSlots.map((s) => s.limiter);
  e.storeIds = e.storeSlots.map((s) => s.id);
  const t = e.t;
  const nStatic = t.n;
  // Arrival order: by time, equal times in index (input) order.
  let sorted = true;
  for (let k = 1; k < nStatic; k++)
    if (t.at[k]! < t.at[k - 1]!) {
      sorted = false;
      break;
    }
  let order: Int32Array | null = null;
  if (!sorted) {
    const idx = new Int32Array(nStatic);
    for (let k = 0; k < nStatic; k++) idx[k] = k;
    const at = t.at;
    order = idx.sort((a, b) => at[a]! - at[b]! || a - b);
  }
  e.arrivalOrder = new Int32Array(Math.max(16, nStatic));
  e.decisionOrder = new Int32Array(Math.max(16, nStatic));
  const q = e.q;
  const out = { time: 0, kind: 0, ref: 0 };
  let p = 0;
  for (;;) {
    const nextI = p < nStatic ? (order ? order[p]! : p) : -1;
    const nextT = nextI >= 0 ? t.at[nextI]! : Infinity;
    if (q.size > 0 && q.peekTime() <= nextT) {
      q.pop(out);
      handle(e, out.kind, out.ref, out.time);
    } else if (nextI >= 0) {
      p++;
      arrive(e, nextI, nextT);
    } else break;
    maybeCheckpoint(e);
  }
  e.totals.requests = t.n;
  e.ev.ensure(t.n);
  return {
    production: e.prod,
    scenario: e.sc,
    servers: e.sc.servers,
    policies: e.sc.policies,
    requests: t,
    events: e.ev,
    errors: e.errors,
    decisionOrder: e.decisionOrder.subarray(0, e.nDecided),
    arrivalOrder: e.arrivalOrder.subarray(0, e.nArrived),
    maxLifetime: e.maxLifetime,
    endTime: e.endTime,
    totals: e.totals,
    slots: e.slots,
    ops: e.ops,
    checkpoints: e.checkpoints,
  };
}
