// Under "Prove it"'s answer: why it counted the schedules it did (from the explorer's counts),
// and Previous / Next through the violating schedules it kept, each replayed on the board.
import { countingWhy } from '../../core/races/counting';
import type { ExploreInput, ExploreResult } from '../../core/races/types';

export function ProofSteps({
  proof,
  input,
  at,
  disabled,
  onShow,
}: {
  proof: ExploreResult;
  input: ExploreInput | null;
  /** The violating schedule on the board (0-based), or null. */
  at: number | null;
  disabled: boolean;
  onShow: (k: number) => void;
}) {
  const why = countingWhy(proof, input ?? { crashes: false });
  const bad = proof.violating ?? [];
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
            onClick={() => at !== null && onShow(at - 1)}
            disabled={disabled || at === null || at === 0}
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
            onClick={() => onShow(at === null ? 0 : at + 1)}
            disabled={disabled || (at !== null && at >= bad.length - 1)}
            data-testid="race-bad-next"
          >
            {at === null ? 'Show the first' : 'Next'}
          </button>
        </div>
      )}
    </div>
  );
}
