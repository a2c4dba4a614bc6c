// The top of a practice problem: the way back, its kind and place in the list, whether it is
// solved, the lessons it practises, a parse error, and the bar for a predict problem's numbers.
import { LESSONS, PROBLEMS, type Doc } from '../library';
import { ProgressNotice } from '../ProgressPanel';
import { useProgress } from '../useProgress';
import { kindLabel } from './kindLabel';
import { freshNumbersHref } from './problemInstance';

/** The lessons a problem practises (front matter `lessons`). */
export function lessonsOf(p: Doc): Doc[] {
  const l = p.front.lessons;
  const slugs = Array.isArray(l) ? l.map(String) : typeof l === 'string' ? [l] : [];
  return slugs.map((s) => LESSONS.find((x) => x.slug === s)).filter((x): x is Doc => !!x);
}

export function ProblemHeader({ p, seed, drawn }: { p: Doc; seed: number; drawn: boolean }) {
  const solved = useProgress((s) => Boolean(s.problemsSolved[p.slug]));
  const withSolution = useProgress((s) => Boolean(s.solutionsLoaded[p.slug]));
  const practised = lessonsOf(p);
  const at = PROBLEMS.indexOf(p);
  return (
    <>
      <ProgressNotice />
      <p className="problem-back">
        <a href="#/practice">← All problems</a>
      </p>
      <p className="eyebrow">
        {kindLabel(p.front.kind)} · problem {at + 1} of {PROBLEMS.length}
        {solved && (
          <span className="solved-tag">
            {' '}
            · solved ✓{withSolution ? ' (with the worked solution)' : ''}
          </span>
        )}
      </p>
      <h1 className="page-title">{p.title}</h1>
      {practised.length > 0 && (
        <p className="practises muted small" data-testid="problem-lessons">
          Practises{' '}
          {practised.map((l, i) => (
            <span key={l.slug}>
              {i > 0 && (i === practised.length - 1 ? ' and ' : ', ')}
              <a href={`#/lessons/${l.slug}`}>{l.title}</a>
            </span>
          ))}
          .
        </p>
      )}
      {p.error && (
        <p className="notice error" role="alert">
          This problem could not be read: {p.error}
        </p>
      )}
      {drawn && <InstanceBar slug={p.slug} seed={seed} />}
    </>
  );
}

/** Which numbers a predict problem shows, and the way to fresh ones or back to its own. */
function InstanceBar({ slug, seed }: { slug: string; seed: number }) {
  return (
    <div className="instance-bar card" data-testid="instance-bar">
      <span>
        {seed === 0 ? (
          'These are the problem’s own numbers.'
        ) : (
          <>
            Fresh numbers, drawn from seed <strong data-testid="instance-seed">{seed}</strong>.
          </>
        )}
      </span>
      <button
        type="button"
        className="button"
        onClick={() => {
          window.location.hash = freshNumbersHref(slug);
        }}
        data-testid="new-numbers"
      >
        New numbers
      </button>
      {seed !== 0 && (
        <a className="button" href={`#/practice/${slug}`}>
          The problem’s own numbers
        </a>
      )}
    </div>
  );
}
