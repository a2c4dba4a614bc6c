// The line above the scheduler: the invariant in words and what the learner is asked to do
// with it (play, break one part, or try to break it before proving it).
import type { Goal } from '../../core/races/puzzle';
import type { Invariant, InvariantPart } from '../../core/races/types';
import { invariantWords, PART_WORDS } from './invariantText';

export function RaceGoal({
  goal,
  part,
  inv,
  allowed,
  crashes,
}: {
  goal: Goal;
  part?: InvariantPart;
  inv: Invariant;
  /** The serial bound, when known. */
  allowed: number | null;
  /** Servers may crash between two round trips. */
  crashes: boolean;
}) {
  const crashNote = crashes ? ' Servers may crash between two round trips.' : '';
  const words = invariantWords(inv, allowed).join('; ');
  return (
    <div className="race-goal" data-testid="race-goal">
      {goal === 'play' ? (
        <>
          <strong>Invariant:</strong> {words}.{' '}
          <span className="muted">
            Pick the order of the round trips and see whether it holds.
            {crashNote}
          </span>
        </>
      ) : (
        <>
          <strong>{goal === 'prove' ? 'Try to break it' : 'Goal'}:</strong>{' '}
          {goal === 'break'
            ? `find an ordering that makes it ${part ? PART_WORDS[part] : 'break the invariant'}.`
            : 'no ordering should break the invariant. Look for one, then press Prove it.'}{' '}
          <span className="muted">
            Invariant: {words}.{crashNote}
          </span>
        </>
      )}
    </div>
  );
}
