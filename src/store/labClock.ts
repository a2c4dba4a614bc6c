// The lab clock's arithmetic: the speeds it takes, and the next and previous event time for a
// step over both lanes' events.
import type { LabRun } from '../core/lab/labRun';
import { endOf } from './labLanes';
import { SPEED_MAX, SPEED_MIN, type LabState } from './labState';

/** A speed the clock takes: 0.1x to 100x (anything not a positive number plays at 1x). */
export function clampSpeed(x: number): number {
  if (!Number.isFinite(x) || x <= 0) return 1;
  return Math.min(SPEED_MAX, Math.max(SPEED_MIN, x));
}

/** Both lanes' event times, sorted (the main lane's alone kept per run). */
const mergedCache = new WeakMap<LabRun, Float64Array>();
function mergedEvents(s: Pick<LabState, 'run' | 'compare'>): Float64Array {
  const key = s.run;
  const c = mergedCache.get(key);
  if (c && !s.compare) return c;
  const parts = [s.run.eventTimes, s.compare?.eventTimes ?? new Float64Array(0)];
  const all = new Float64Array(parts[0]!.length + parts[1]!.length);
  all.set(parts[0]!);
  all.set(parts[1]!, parts[0]!.length);
  all.sort();
  if (!s.compare) mergedCache.set(key, all);
  return all;
}

function upperBound(a: Float64Array, t: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const m = (lo + hi) >> 1;
    if (a[m]! <= t) lo = m + 1;
    else hi = m;
  }
  return lo;
}
function lowerBound(a: Float64Array, t: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const m = (lo + hi) >> 1;
    if (a[m]! < t) lo = m + 1;
    else hi = m;
  }
  return lo;
}

/**
 * Where a step from `now` lands: the next event of either lane (past the last one, the end of
 * the run), or the previous one (before the first, 0).
 */
export function stepTime(s: Pick<LabState, 'run' | 'compare' | 'now'>, dir: 1 | -1): number {
  const times = mergedEvents(s);
  if (dir > 0) {
    const j = upperBound(times, s.now + 1e-9);
    return j < times.length ? times[j]! : endOf(s);
  }
  const j = lowerBound(times, s.now - 1e-9) - 1;
  return j >= 0 ? times[j]! : 0;
}
