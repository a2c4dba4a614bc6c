// Replica failover (store.replica + store.failover, docs/production.md): the replica holds
// every write made more than `lag` before the primary dies; when it is promoted the store's
// limiters go back to that cut, and the writes after it are lost.
import { EV, TOL } from './events';
import { logState, OP } from './opLog';
import type { EngineState } from './state';

/** Queue the replica's cut and its promotion for a primary lost at `at`. */
export function scheduleFailover(
  e: EngineState,
  at: number,
  downSeconds: number,
  lagSeconds: number,
): void {
  // Before anything else at the same instant: a write made exactly `lag` before the
  // failure has not reached the replica yet, and the promotion precedes what follows it.
  const cut = at - lagSeconds;
  e.q.push(cut - TOL(cut), EV.replicaCut, -1);
  e.q.push(at + downSeconds, EV.promote, -1);
}

/** A store write (an admission charged at the store) at `time`: lost if a failover forgets it. */
export function wrote(e: EngineState, i: number, time: number, cost: number): void {
  const f = e.prod.failover;
  if (!f || !(time >= f.replicatedBefore - TOL(f.replicatedBefore)) || !(time < f.at)) return;
  f.lost.push(i);
  f.costLost += cost;
}

/** What the replica holds when the primary dies: every write made before now. */
export function cutReplica(e: EngineState): void {
  e.cutSnapshots = e.storeSlots.map((s) => s.limiter.snapshot());
  e.cutVersions = e.versions.map((m) => new Map(m));
}

/** The replica is promoted: the store's limiters (and write versions) go back to the cut. */
export function promote(e: EngineState, time: number): void {
  const snaps = e.cutSnapshots!;
  e.storeSlots.forEach((s, k) => {
    s.limiter.restore(snaps[k]);
    logState(e, s.id, OP.restore, -1, time, snaps[k], null);
  });
  e.cutVersions!.forEach((m, k) => {
    const v = e.versions[k]!;
    v.clear();
    for (const [key, n] of m) v.set(key, n);
  });
  e.prod.failover!.promotedAt = time;
  // The clocks' "latest time per key" belonged to the lost primary's state too.
  for (let m = 0; m < e.P; m++) e.clamps[m]?.clear();
}
