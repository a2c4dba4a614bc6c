// The violating schedules "Prove it" lets the learner step through: up to MAX_KEPT distinct
// ones, each in its easiest equivalent order (fewest context switches), the easiest first
// (fewest switches, then fewest steps, then lower-numbered servers first), as best.ts picks one.
import { actionOf } from './actions';
import { earlier } from './best';
import { fewestSwitches, switches } from './shortest';
import type { Action } from './types';
import type { Move } from './world';

/** The most violating schedules an exploration keeps to step through. */
export const MAX_KEPT = 20;

export interface Kept {
  moves: Move[];
  switches: number;
  key: string;
}

const keyOf = (moves: readonly Move[]): string =>
  moves
    .map((m) => (m.pause !== undefined ? `p${m.pause}` : `${m.request}${m.crash ? 'x' : ''}`))
    .join(',');

/** Is a easier to follow than b? */
function before(a: Kept, b: Kept): boolean {
  if (a.switches !== b.switches) return a.switches < b.switches;
  if (a.moves.length !== b.moves.length) return a.moves.length < b.moves.length;
  return earlier(a.moves, b.moves);
}

/** Adds a violating schedule to `kept` (in place) when it is new and among the MAX_KEPT easiest. */
export function keepSchedule(kept: Kept[], moves: Move[], requests: number, max = MAX_KEPT): void {
  const worst = kept.length >= max ? kept[kept.length - 1]! : null;
  // No order has fewer switches than one per server that moved, minus one.
  if (worst) {
    const floor = Math.max(0, new Set(moves.map((m) => m.request)).size - 1);
    if (worst.switches < floor || (worst.switches === floor && worst.moves.length < moves.length))
      return;
  }
  const order = fewestSwitches(moves, requests);
  const k: Kept = { moves: order, switches: switches(order), key: keyOf(order) };
  if (worst && !before(k, worst)) return;
  if (kept.some((o) => o.key === k.key)) return;
  let at = kept.findIndex((o) => before(k, o));
  if (at < 0) at = kept.length;
  kept.splice(at, 0, k);
  if (kept.length > max) kept.pop();
}

/** The kept schedules as the scheduler replays them. */
export const keptActions = (kept: readonly Kept[]): Action[][] =>
  kept.map((k) => k.moves.map(actionOf));
