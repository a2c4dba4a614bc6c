// Why "Prove it" counted the schedules it did, in words, from the explorer's own counts.
import type { ExploreInput, ExploreResult } from './types';

const n = (x: number, one: string, many = `${one}s`): string =>
  `${x.toLocaleString('en')} ${x === 1 ? one : many}`;

/** Sentences: what was counted, what was skipped and why, where the search stopped. */
export function countingWhy(
  result: ExploreResult,
  input: Pick<ExploreInput, 'reduction' | 'symmetry' | 'crashes'>,
): string[] {
  const out: string[] = [];
  const reduction = input.reduction ?? true;
  out.push(
    reduction
      ? `It counted ${n(result.schedules, 'schedule')}: one per group of orderings that differ only in swapping round trips that cannot affect each other (e.g. on different keys).`
      : `It counted ${n(result.schedules, 'schedule')}: every ordering of the round trips, one by one.`,
  );
  if (input.crashes !== false && input.crashes !== 0)
    out.push('A crash between two round trips makes a schedule of its own.');
  const p = result.pruned;
  if (p && reduction)
    out.push(
      `Partial-order reduction skipped ${n(p.reduction, 'move')} that would only repeat an ordering already counted.`,
    );
  if (p && input.symmetry)
    out.push(
      `Symmetry skipped ${n(p.symmetry, 'move')} of identical servers (a schedule and its copy with the servers renamed count once).`,
    );
  if (result.incompleteReason)
    out.push(`It did not try them all: ${result.incompleteReason.text}.`);
  const kept = result.violating?.length ?? 0;
  if (result.violations > 0)
    out.push(
      `${n(result.violations, 'schedule')} broke the invariant; ${kept === result.violations ? `all ${kept} are` : `the ${n(kept, 'easiest')} to follow are`} here to step through.`,
    );
  return out;
}
