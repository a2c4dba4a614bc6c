// What each limiter read as "now" (docs/scenario.md, "Time"): which clock, what that clock
// said, and the time the limiter used (never before the key's stored time). The engine
// records the time used (`production.now`); the clock's own reading is recomputed here from
// the run's clocks with the engine's rules, so the views can show a stall after a backward
// step (the clock said less than the limiter used).
import { VIA } from '../lab/columns';
import type { EngineRun } from '../lab/run';

export interface ClockRead {
  /** The true (virtual) time at which the clock was read. */
  trueTime: number;
  /** -1: the store's clock (Redis TIME); s >= 0: server s's clock. */
  clock: number;
  /** What that clock said. */
  reading: number;
  /** The time the limiter used: the reading, or the key's later stored time. */
  used: number;
}

/** The clock read for request i's first policy; null when no limiter decided or no clocks. */
export function clockRead(run: EngineRun, i: number): ClockRead | null {
  const c = run.production.clocks;
  const used = run.production.now?.[i];
  if (!c || used === undefined || Number.isNaN(used)) return null;
  const ev = run.events;
  const srv = run.requests.server[i]!;
  const via = ev.via[i];
  const nonatomic = run.scenario.placement === 'shared-nonatomic';
  let trueTime: number;
  let clock: number;
  if (via === VIA.local || via === VIA.fallback) {
    trueTime = ev.decidedAt[i]!;
    clock = srv;
  } else if (c.timeSource === 'app') {
    // The server read its clock when it sent the call (non-atomic: when it decided).
    trueTime = nonatomic ? ev.decidedAt[i]! : run.requests.at[i]!;
    clock = srv;
  } else {
    trueTime = ev.storeArrive[i]!;
    clock = -1;
  }
  const reading = clock < 0 ? c.store(trueTime) : c.server(clock, trueTime);
  return { trueTime, clock, reading, used };
}

export interface ClockReadSeries {
  /** Per read (decision order): true time, reading - true time, used - reading (the stall). */
  trueTime: Float64Array;
  offset: Float64Array;
  stall: Float64Array;
  clock: Int16Array;
}

/** Every clock read of the run, in decision order (at most `max`, evenly thinned). */
export function clockReadSeries(run: EngineRun, max = 2000): ClockReadSeries {
  const order = run.decisionOrder;
  const idx: number[] = [];
  for (const i of order) if (!Number.isNaN(run.production.now?.[i] ?? NaN)) idx.push(i);
  const step = Math.max(1, Math.ceil(idx.length / max));
  const picked = idx.filter((_, k) => k % step === 0);
  const out: ClockReadSeries = {
    trueTime: new Float64Array(picked.length),
    offset: new Float64Array(picked.length),
    stall: new Float64Array(picked.length),
    clock: new Int16Array(picked.length),
  };
  picked.forEach((i, k) => {
    const r = clockRead(run, i)!;
    out.trueTime[k] = r.trueTime;
    out.offset[k] = r.reading - r.trueTime;
    out.stall[k] = r.used - r.reading;
    out.clock[k] = r.clock;
  });
  return out;
}
