// Which bad schedule to show: the easiest to follow. Of the schedules found, the one with the
// fewest context switches once put in its best equivalent order (shortest.ts), then the fewest
// steps, then the one where lower-numbered servers go first.
import { fewestSwitches, switches } from './shortest';
import type { Move } from './world';

/** Is schedule a before b in the order of (request, crash) at the first step they differ? */
export function earlier(a: readonly Move[], b: readonly Move[]): boolean {
  for (let i = 0; i < a.length && i < b.length; i++) {
    // A pause (request -1) counts as the last participant, after every server.
    const x = (a[i]!.request < 0 ? 99 : a[i]!.request) * 2 + (a[i]!.crash ? 1 : 0);
    const y = (b[i]!.request < 0 ? 99 : b[i]!.request) * 2 + (b[i]!.crash ? 1 : 0);
    if (x !== y) return x < y;
    const p = a[i]!.pause ?? 0;
    const q = b[i]!.pause ?? 0;
    if (p !== q) return p < q;
  }
  return false;
}

export interface Found {
  moves: Move[];
  switches: number;
}

/** Keeps `best` the easiest schedule to follow: fewest switches, then fewest steps, then lower-numbered servers first. */
export function better(best: Found | null, moves: Move[], requests: number): Found | null {
  // No schedule has fewer switches than one per request that moved, minus one.
  const active = new Set(moves.map((m) => m.request)).size;
  const floor = Math.max(0, active - 1);
  const b = best;
  if (b && (b.switches < floor || (b.switches === floor && b.moves.length < moves.length)))
    return null;
  const order = fewestSwitches(moves, requests);
  const sw = switches(order);
  if (
    !b ||
    sw < b.switches ||
    (sw === b.switches &&
      (order.length < b.moves.length ||
        (order.length === b.moves.length && earlier(order, b.moves))))
  )
    return { moves: order, switches: sw };
  return null;
}
