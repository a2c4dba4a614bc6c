// placement shared-nonatomic: the server reads the stored state (one round trip), decides on
// its own copy, and writes the new state back (another). Two requests that read the same
// state both spend it: the second write is stale (a lost update, "double spent").
import { FLAG, VIA } from '../columns';
import { decideOn, keyFor } from './decide';
import { EV, WHERE } from './events';
import { logState, OP } from './opLog';
import { settle } from './outcome';
import { wrote } from './replication';
import type { EngineState } from './state';
import { down, latency } from './store';

/** The read of request i reaches the store at `time`. */
export function readAtStore(e: EngineState, i: number, time: number): void {
  const ev = e.ev;
  ev.storeArrive[i] = time;
  const read: unknown[] = [];
  const versions: number[] = [];
  e.sc.policies.forEach((p, pi) => {
    const key = keyFor(e, i, p);
    read.push(e.storeSlots[pi]!.limiter.readState(key));
    versions.push(e.versions[pi]!.get(key) ?? 0);
  });
  const back = time + latency(e, time);
  ev.storeReply[i] = back;
  if (ev.flags[i]! & FLAG.timedOut) return;
  e.pending.set(i, { read, versions, written: null });
  e.q.push(back, EV.naDecide, i);
}

/** The read is back at the server: decide on the state read, send the write if admitted. */
export function decideOnRead(e: EngineState, i: number, time: number): void {
  const pend = e.pending.get(i);
  if (!pend) return;
  e.sc.policies.forEach((p, pi) => e.scratch[pi]!.writeState(keyFor(e, i, p), pend.read[pi]));
  e.where = WHERE.nonatomic;
  const ok = decideOn(e, e.scratch, null, i, time);
  if (ok) {
    pend.written = e.sc.policies.map((p, pi) => e.scratch[pi]!.readState(keyFor(e, i, p)));
    const w = time + latency(e, time);
    if (down(e, w)) {
      e.ev.flags[i]! |= FLAG.writeLost;
      e.pending.delete(i);
    } else e.q.push(w, EV.naWrite, i);
  } else e.pending.delete(i);
  settle(e, i, ok, VIA.store, time, time);
}

/** The write reaches the store: it replaces the state, stale or not. */
export function writeAtStore(e: EngineState, i: number, time: number): void {
  const pend = e.pending.get(i);
  e.pending.delete(i);
  if (!pend || !pend.written) return;
  const written = pend.written;
  e.ev.writeArrive[i] = time;
  let stale = false;
  e.sc.policies.forEach((p, pi) => {
    const key = keyFor(e, i, p);
    const vmap = e.versions[pi]!;
    const v = vmap.get(key) ?? 0;
    if (v !== pend.versions[pi]) stale = true;
    vmap.set(key, v + 1);
    const slot = e.storeSlots[pi]!;
    slot.limiter.writeState(key, written[pi]);
    logState(e, slot.id, OP.write, i, time, written[pi], key);
  });
  wrote(e, i, time, e.t.cost[i]!);
  if (stale) {
    e.ev.flags[i]! |= FLAG.doubleSpent;
    e.totals.doubleSpent++;
  }
}
