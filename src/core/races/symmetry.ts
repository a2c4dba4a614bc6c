// Symmetry between identical requests: two requests with the same code, KEYS and ARGV send the
// same commands for the same replies, so swapping their numbers in a schedule gives another
// schedule with the same replies, the same store and the same verdict (ends swapped). When two
// such twins stand at the same point (same replies so far, same connection state, same charge
// flag), a move of the higher-numbered one leads to the mirror image of what the same move of
// the lower-numbered one leads to, and the search can skip it. `symmetry.property.test.ts`
// checks this against brute force on random programs.
import type { Session } from '../redis/model';
import type { Move, Program, World } from './world';

/** For each request, the lower-numbered requests it is a twin of (same behaviour tree). */
export function twinsOf(program: Program): number[][] {
  const b = program.behaviours;
  return b.map((x, j) => b.slice(0, j).flatMap((y, i) => (y === x ? [i] : [])));
}

function sameSession(a: Session, b: Session): boolean {
  if (a.inMulti !== b.inMulti || a.dirtyExec !== b.dirtyExec || a.dirtyCas !== b.dirtyCas)
    return false;
  if (a.queue.length !== b.queue.length || a.watched.size !== b.watched.size) return false;
  for (const [k, v] of a.watched) if (b.watched.get(k) !== v) return false;
  return a.queue.every((q, n) => JSON.stringify(q.args) === JSON.stringify(b.queue[n]!.args));
}

/**
 * Does a lower-numbered twin of request j stand exactly where j stands, with neither of them
 * asleep? Then j's moves are skipped: i's same moves, explored here, lead to their mirror
 * images. (Skipping j when i is asleep is not sound: the sleep set's "explored elsewhere" and
 * the mirror's "explored here" could each lean on the other.)
 */
export function shadowed(
  world: World,
  twins: readonly number[][],
  j: number,
  asleep: (request: number) => boolean,
): boolean {
  if (asleep(j)) return false;
  for (const i of twins[j]!)
    if (
      !asleep(i) &&
      world.at[i] === world.at[j] &&
      world.status[i] === world.status[j] &&
      world.charged[i] === world.charged[j] &&
      sameSession(world.sessions[i]!, world.sessions[j]!)
    )
      return true;
  return false;
}

/** Every renumbering of the requests that only swaps twins (the identity first). */
export function twinPermutations(twins: readonly number[][]): number[][] {
  const n = twins.length;
  const out: number[][] = [];
  const group = (i: number): number => twins[i]![0] ?? i;
  const perm = (done: number[], used: Set<number>) => {
    if (done.length === n) {
      out.push(done.slice());
      return;
    }
    const i = done.length;
    for (let k = 0; k < n; k++) {
      if (used.has(k) || group(k) !== group(i)) continue;
      used.add(k);
      done.push(k);
      perm(done, used);
      done.pop();
      used.delete(k);
    }
  };
  perm([], new Set());
  return out;
}

/** A schedule with its requests renumbered. */
export const renumber = <M extends Move>(moves: readonly M[], p: readonly number[]): M[] =>
  moves.map((m) => (m.request < 0 ? m : { ...m, request: p[m.request]! }));
