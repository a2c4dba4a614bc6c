// A finished engine run carried between threads (the page's Lua worker -> the page). The run is
// data (typed arrays, maps, plain objects) except for its live limiters and the classes its
// columns are kept in: `packRun` drops the limiters, `unpackRun` gives the classes back and
// new limiters from the receiving side's factories (the page's "lua" one only draws state:
// it never runs a script).
//
// A Lua slot's state cannot be replayed where no script may run, so `keyStatesForReplay`
// turns each of its logged operations into a write of the state the script left behind
// (recorded where it ran): the timeline seeks it with writeState() alone.
import { getLimiterFactory } from '../limiters/registry';
import { Clocks } from './engine/clock';
import { LeaseBook } from './engine/leases';
import { EventColumns } from './columns';
import { Interner, RequestTable } from './requestTable';
import { OP, OpLog, type EngineRun, type LimiterSlot } from './run';

/** An EngineRun without its limiters: what structured clone can carry. */
export type PackedRun = Omit<EngineRun, 'slots'> & {
  slots: Omit<LimiterSlot, 'limiter'>[];
};

export function packRun(run: EngineRun): PackedRun {
  return { ...run, slots: run.slots.map(({ limiter: _l, ...s }) => s) };
}

const revive = <T extends object>(o: T | null, proto: object): T | null => {
  if (o) Object.setPrototypeOf(o, proto);
  return o;
};

/** The EngineRun again, after a structured clone (limiters from this side's registry). */
export function unpackRun(p: PackedRun): EngineRun {
  revive(p.requests, RequestTable.prototype);
  revive(p.requests.names, Interner.prototype);
  revive(p.events, EventColumns.prototype);
  revive(p.ops, OpLog.prototype);
  revive(p.production.clocks, Clocks.prototype);
  revive(p.production.leases, LeaseBook.prototype);
  const slots: LimiterSlot[] = p.slots.map((s) => {
    const f = getLimiterFactory(s.spec.algorithm);
    if (!f) throw new Error(`algorithm "${s.spec.algorithm}" is not registered on this side`);
    return { ...s, limiter: f.create(s.spec.params) };
  });
  return { ...p, slots };
}

const LIMITER_CALLS: ReadonlySet<number> = new Set([
  OP.decide,
  OP.check,
  OP.commitAdmit,
  OP.commitDeny,
]);

/**
 * Turn the logged calls of the given slots into writes of the recorded states: `after[slot]`
 * holds, in call order, the slot's state for the op's key after each decide/check/commit.
 * Returns false (and changes nothing) when a slot's record does not match its log.
 */
export function keyStatesForReplay(run: EngineRun, after: Map<number, unknown[]>): boolean {
  const { ops } = run;
  const plan: [number, unknown][] = [];
  const used = new Map<number, number>();
  for (let j = 0; j < ops.n; j++) {
    const slot = ops.slot[j]!;
    const rec = after.get(slot);
    if (!rec || !LIMITER_CALLS.has(ops.kind[j]!)) continue;
    const k = used.get(slot) ?? 0;
    if (k >= rec.length) return false;
    plan.push([j, rec[k]]);
    used.set(slot, k + 1);
  }
  for (const [slot, rec] of after) if ((used.get(slot) ?? 0) !== rec.length) return false;
  for (const [j, state] of plan) {
    ops.kind[j] = OP.write;
    ops.states.set(j, state);
  }
  return true;
}
