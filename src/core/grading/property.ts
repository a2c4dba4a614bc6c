// Property-based hidden cases on fast-check: generated inputs from a seed, and the first
// failing one shrunk to a small case that replays exactly from the same seed. Shrinking stops
// after a fixed number of tries (not a time limit), so the reported case never depends on how
// fast the machine is.
import fc from 'fast-check';
import type { FailingCase } from './types';

export interface PropertyOptions {
  /** The attempt's seed: the same seed generates (and shrinks to) the same case. */
  seed: number;
  numRuns: number;
  /** Most candidate cases tried while shrinking (default 80). */
  shrinkBudget?: number;
}

export interface PropertyFailure {
  failure: FailingCase;
  /** Generated cases that passed before this one failed. */
  passedRuns: number;
  /** How many times the failing case was made smaller. */
  shrinks: number;
}

/**
 * Runs `check` on generated inputs; null when every run passes, else the shrunk failure.
 * `check` returns null when its input passes, or the failure it found.
 */
export function findFailure<T>(
  arb: fc.Arbitrary<T>,
  check: (input: T) => FailingCase | null,
  opts: PropertyOptions,
): PropertyFailure | null {
  const budget = opts.shrinkBudget ?? 80;
  let last: FailingCase | null = null;
  let tries = 0;
  let failedRuns = -1;
  let runs = 0;
  const prop = fc.property(arb, (input) => {
    if (last === null) runs++;
    else if (++tries > budget) return true; // out of shrinking budget: keep the case we have
    let f: FailingCase | null;
    try {
      f = check(input);
    } catch (e) {
      f = { name: '', message: `The case could not run: ${(e as Error).message}` };
    }
    if (f === null) return true;
    if (last === null) failedRuns = runs - 1;
    last = f;
    return false;
  });
  const out = fc.check(prop, { seed: opts.seed, numRuns: opts.numRuns, endOnFailure: false });
  if (!out.failed || last === null) return null;
  return { failure: last, passedRuns: Math.max(0, failedRuns), shrinks: out.numShrinks };
}

/**
 * One generated property: shrunk failure (with seed and counts) or null. `seed` is the
 * attempt's; `salt` tells the properties of one attempt apart, so each draws its own cases.
 */
export function propertyCase<T>(
  name: string,
  arb: fc.Arbitrary<T>,
  check: (x: T) => (FailingCase & { fatal?: boolean }) | null,
  seed: number,
  numRuns: number,
  salt = 0,
): FailingCase | null {
  let stop = false;
  const found = findFailure(
    arb,
    (x) => {
      if (stop) return null;
      const f = check(x);
      if (f?.fatal) stop = true; // a runaway script: report the first case, don't shrink
      return f;
    },
    { seed: (seed + salt * 0x9e3779b1) | 0, numRuns },
  );
  if (!found) return null;
  const { fatal: _fatal, ...f } = found.failure as FailingCase & { fatal?: boolean };
  return {
    ...f,
    name,
    seed,
    generated: { passedBefore: found.passedRuns, shrinks: found.shrinks },
  };
}
