// A hand-made "Prove it" answer for the races components' tests.
import type { ExploreResult } from '../../core/races/types';

export function proofOf(over: Partial<ExploreResult> = {}): ExploreResult {
  return {
    verdict: 'unsafe',
    summary: '2 of 4 schedules break the invariant.',
    schedules: 4,
    violations: 2,
    complete: true,
    counterexample: null,
    counterexampleVerdict: null,
    part: 'maxAdmitted',
    incompleteReason: null,
    failure: null,
    violationsBy: { maxAdmitted: 2 },
    allowed: 1,
    violating: [
      [{ request: 0 }, { request: 1 }, { request: 1 }, { request: 0 }],
      [{ request: 1 }, { request: 0 }, { request: 0 }, { request: 1 }],
    ],
    pruned: { reduction: 1, symmetry: 0 },
    stats: { luaStarts: 0, luaSlices: 0, replays: 0, nodes: 0, steps: 0 },
    ...over,
  };
}
