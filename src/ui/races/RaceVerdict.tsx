// Under the board once every request has finished: how many were admitted against what the
// limit allows, how each request ended, the invariant's broken parts, and whether that solves
// a "break it" puzzle (or was the explorer's schedule, which does not count).
import type { Verdict } from '../../core/races/types';
import { VerdictLists, anyFailed } from './parts';

export function RaceVerdict({
  verdict,
  names,
  reached,
  assisted,
}: {
  verdict: Verdict;
  names: string[] | undefined;
  /** The schedule breaks what the puzzle asked to break. */
  reached: boolean;
  /** The schedule came (partly) from the explorer. */
  assisted: boolean;
}) {
  return (
    <section
      className={`race-verdict ${verdict.broken.length || anyFailed(verdict) ? 'is-broken' : 'is-safe'}`}
      aria-label="Verdict"
      data-testid="race-verdict"
      data-broken={verdict.broken.map((b) => b.part).join(' ')}
    >
      <h3 className="race-sub">Every request has finished</h3>
      <p className="race-count">
        <span data-testid="race-admitted">{verdict.admitted}</span> admitted
        {verdict.allowed !== null && (
          <>
            {' '}
            · the limit allows <span data-testid="race-allowed">{verdict.allowed}</span>
          </>
        )}
      </p>
      <VerdictLists verdict={verdict} names={names} />
      {reached && (
        <p
          className={assisted ? 'race-assisted' : 'race-solved'}
          data-testid="race-goal-reached"
          data-assisted={assisted ? 'true' : 'false'}
        >
          {assisted
            ? 'That is a bad schedule (the explorer found it). Restart and find one yourself to solve the puzzle.'
            : 'Solved: you found an ordering that breaks it.'}
        </p>
      )}
    </section>
  );
}
