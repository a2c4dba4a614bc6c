// The practice index: progress, the review queue and every problem with its kind, whether it
// is solved, and what it practises.
import { DocCard } from '../DocCard';
import { PROBLEMS } from '../library';
import { ProgressPanel } from '../ProgressPanel';
import { useProgress } from '../useProgress';
import { kindLabel } from './kindLabel';
import { ReviewQueue } from './ReviewQueue';

export function ProblemList() {
  const solved = useProgress((s) => s.problemsSolved);
  const loaded = useProgress((s) => s.solutionsLoaded);
  const done = PROBLEMS.filter((p) => solved[p.slug]).length;
  return (
    <div className="doc-index">
      <h1 className="page-title">Practice</h1>
      <p className="page-lede">
        Problems that grade themselves: predict a number, configure a policy, fix a broken Lua
        script, or write a limiter from scratch. Hidden cases find the first thing that breaks and
        let you replay it.
      </p>
      <ProgressPanel done={done} total={PROBLEMS.length} noun="problems solved" />
      <ReviewQueue />
      <ol className="doc-list">
        {PROBLEMS.map((p, i) => (
          <DocCard
            key={p.slug}
            n={i + 1}
            done={!!solved[p.slug]}
            href={`#/practice/${p.slug}`}
            title={p.title}
            testId="problem-card"
          >
            <p className="muted">
              <span className="tag">{kindLabel(p.front.kind)}</span>{' '}
              {solved[p.slug] && (
                <span className="solved-tag">
                  Solved{loaded[p.slug] ? ' with the worked solution' : ''} ·{' '}
                </span>
              )}
              {p.objectives[0]}
            </p>
          </DocCard>
        ))}
      </ol>
      {PROBLEMS.length === 0 && (
        <p className="notice">No practice problems are installed in this build.</p>
      )}
    </div>
  );
}
