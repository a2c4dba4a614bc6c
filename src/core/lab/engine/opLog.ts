// The op log and checkpoints: limiter operations in time order, and snapshots of every
// limiter every so often, so timeline.ts can seek by replaying from the nearest checkpoint.
import { growTo } from '../columns';
import type { EngineState } from './state';

export const OP = {
  decide: 0,
  check: 1,
  commitAdmit: 2,
  commitDeny: 3,
  write: 4,
  /** A failover promoted the replica: the slot's whole state is replaced (states.get(op)). */
  restore: 5,
} as const;

/**
 * The limiter inputs of each op when they are not the request's own: the time the limiter's
 * clock read, the (interned) key it charged (a shard key) and the cost (a lease size).
 * Present when the scenario uses clocks, shards or leases; timeline.ts replays from it.
 */
export interface OpInputs {
  at: Float64Array;
  /** Interned name id (run.requests.names), -1 for a restore. */
  key: Int32Array;
  cost: Float64Array;
}

/** Limiter operations in time order, replayed from checkpoints when seeking. */
export class OpLog {
  n = 0;
  time = new Float64Array(1024);
  slot = new Int32Array(1024);
  kind = new Uint8Array(1024);
  req = new Int32Array(1024);
  /** Written states (shared-nonatomic writes, failover restores), by op index. */
  states = new Map<number, unknown>();
  inputs: OpInputs | null = null;
  add(time: number, slot: number, kind: number, req: number): number {
    const i = this.n++;
    if (i >= this.time.length) this.grow(i + 1);
    this.time[i] = time;
    this.slot[i] = slot;
    this.kind[i] = kind;
    this.req[i] = req;
    return i;
  }
  private grow(n: number): void {
    this.time = growTo(this.time, n);
    this.slot = growTo(this.slot, n);
    this.kind = growTo(this.kind, n);
    this.req = growTo(this.req, n);
    const x = this.inputs;
    if (x) {
      x.at = growTo(x.at, n);
      x.key = growTo(x.key, n);
      x.cost = growTo(x.cost, n);
    }
  }
}

export interface Checkpoint {
  /** Ops before this index are included in the snapshots. */
  op: number;
  snapshots: unknown[];
}

/** Snapshot every limiter (a slot created later is "never created" in this checkpoint). */
export function checkpoint(e: EngineState): void {
  if (!e.recordOps) return;
  e.checkpoints.push({ op: e.ops.n, snapshots: e.slots.map((s) => s.limiter.snapshot()) });
  e.opsAtCheckpoint = e.ops.n;
}

export function maybeCheckpoint(e: EngineState): void {
  if (!e.recordOps) return;
  const every = Math.max(e.checkpointEvery, 16 * e.t.names.names.length);
  if (e.ops.n - e.opsAtCheckpoint >= every) checkpoint(e);
}

/** Log a limiter op; with op inputs on, what the limiter saw is e.req (just filled). */
export function logOp(e: EngineState, slot: number, kind: number, i: number, time: number): void {
  if (!e.recordOps) return;
  const op = e.ops.add(time, slot, kind, i);
  const x = e.ops.inputs;
  if (x) {
    const r = e.req;
    x.at[op] = r.at;
    x.key[op] = e.t.names.id(r.key);
    x.cost[op] = r.cost;
  }
}

/**
 * Log a whole state written into a slot: a shared-nonatomic write of `key` (request i) or a
 * failover's restore (i = -1, key null).
 */
export function logState(
  e: EngineState,
  slot: number,
  kind: number,
  i: number,
  time: number,
  state: unknown,
  key: string | null,
): void {
  if (!e.recordOps) return;
  const op = e.ops.add(time, slot, kind, i);
  e.ops.states.set(op, state);
  const x = e.ops.inputs;
  if (x) {
    x.at[op] = time;
    x.key[op] = key === null ? -1 : e.t.names.id(key);
    x.cost[op] = i >= 0 ? e.t.cost[i]! : 0;
  }
}
