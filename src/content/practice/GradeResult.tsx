// A grade's verdict on the practice page: the summary, the hidden cases run (counted as the
// summary counts them, with what (N) means), the first failure and a note to try again.
import { caseCountLine, caseNameLegend } from '../../core/grading/feedback';
import type { GradeOutcome } from '../grading';
import { FailureView } from './FailureView';

export function GradeResult({
  r,
  onReplay,
}: {
  r: GradeOutcome;
  onReplay?: (seed: number) => void;
}) {
  const count = caseCountLine(r);
  const legend = caseNameLegend([...r.cases.map((c) => c.name), r.failure?.name ?? '']);
  return (
    <div
      className={`grade-result ${r.passed ? 'pass' : 'fail'}`}
      role="status"
      data-testid="grade-result"
      data-passed={r.passed}
    >
      <h3>{r.passed ? '✓ Passed' : '✗ Not yet'}</h3>
      <p>{r.summary}</p>
      {count && (
        <details className="case-details" open={!r.passed}>
          <summary data-testid="case-count">{count}</summary>
          <ul className="case-list">
            {r.cases.map((c) => (
              <li key={c.name}>
                {c.passed ? '✓' : '✗'} {c.name}
              </li>
            ))}
          </ul>
          {legend && (
            <p className="muted small" data-testid="case-legend">
              {legend}
            </p>
          )}
        </details>
      )}
      {r.failure && <FailureView f={r.failure} onReplay={onReplay} />}
      {!r.passed && (
        <p className="muted small retry-note" data-testid="retry-note">
          Change your answer and grade it again: every try runs fresh generated cases.
        </p>
      )}
    </div>
  );
}
