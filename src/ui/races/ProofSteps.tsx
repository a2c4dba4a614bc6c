// Under "Prove it"'s answer: why it counted the schedules it did (from the explorer's counts),
// and Previous / Next through the violating schedules it kept, each replayed on the board.
import { countingWhy } from '../../core/races/counting';
import type { ExploreInput, ExploreResult } from '../../core/races/types';

/**
 * Where Previous and Next go from the schedule on the board (`at`, or null before the first)
 * among `count` violating schedules: null where the button does nothing.
 */
export function proofStepTargets(
  at: number | null,
  count: number,
): { prev: number | null; next: number | null } {
  return {
    prev: at === null || at === 0 ? null : at - 1,
    next: at === null ? 0 : at >= count - 1 ? null : at + 1,
  };
}

export function ProofSteps({
  proof,
  input,
  at,
  disabled,
  onShow,
}: {
  proof: ExploreResult;
  /** What the explorer was asked (whether crashes and reductions were on). */
  input: Pick<ExploreInput, 'reduction' | 'symmetry' | 'crashes'> | null;
  /** The violating schedule on the board (0-based), or null. */
  at: number | null;
  disabled: boolean;
  onShow: (k: number) => void;
}) {
  const why = countingWhy(proof, input ?? { crashes: false });
  const bad = proof.violating ?? [];
  const { prev, next } = proofStepTargets(at, bad.length);
  return (
    <div className="race-proof-steps">
      <p className="muted" data-testid="race-proof-why">
        {why.join(' ')}
      </p>
      {bad.length > 0 && (
        <div className="row" role="group" aria-label="Violating schedules">
          <button
            type="button"
            className="button"
            onClick={() => prev !== null && onShow(prev)}
            disabled={disabled || prev === null}
            data-testid="race-bad-prev"
          >
            Previous
          </button>
          <span data-testid="race-bad-at" aria-live="polite">
            {at === null
              ? `${bad.length} violating schedule${bad.length === 1 ? '' : 's'} to step through`
              : `Schedule ${at + 1} of ${bad.length}`}
          </span>
          <button
            type="button"
            className="button"
            onClick={() => next !== null && onShow(next)}
            disabled={disabled || next === null}
            data-testid="race-bad-next"
          >
            {at === null ? 'Show the first' : 'Next'}
          </button>
        </div>
      )}
    </div>
  );
}
