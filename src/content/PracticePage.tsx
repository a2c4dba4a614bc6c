// The practice screen (#/practice): the list of problems, or one problem (#/practice/<slug>).
// The list and the problem's parts live in practice/.
import { useEffect } from 'react';
import type { Route } from '../ui/shell/router';
import { prewarmGrading } from './grading';
import { PROBLEMS } from './library';
import { Problem } from './practice/Problem';
import { ProblemList } from './practice/ProblemList';
import './content.css';

export default function PracticePage({ route }: { route: Route }) {
  const slug = route.parts[1];
  // Coming back from a problem, the list starts at the top (the review queue is there).
  useEffect(() => {
    if (!slug) window.scrollTo(0, 0);
  }, [slug]);
  // The grading worker starts (and loads Lua) as the page opens; every grade reuses it.
  useEffect(() => prewarmGrading(), []);
  if (!slug) return <ProblemList />;
  const p = PROBLEMS.find((x) => x.slug === slug);
  if (!p)
    return (
      <section className="card narrow" data-testid="not-found">
        <h1 className="page-title">No problem called “{slug}”</h1>
        <p>
          <a href="#/practice">See every problem</a>
        </p>
      </section>
    );
  return <Problem key={p.slug} p={p} route={route} />;
}
