import type { Route } from '../ui/shell/router';
import { DocBody } from './DocBody';
import { PROBLEMS } from './library';

const KIND_LABEL: Record<string, string> = {
  predict: 'Predict',
  configure: 'Configure',
  fix: 'Fix',
  write: 'Write',
  choose: 'Choose',
};

export default function PracticePage({ route }: { route: Route }) {
  const slug = route.parts[1];
  if (slug) {
    const p = PROBLEMS.find((x) => x.slug === slug);
    if (!p) {
      return (
        <section className="card narrow" data-testid="not-found">
          <h1 className="page-title">No problem called “{slug}”</h1>
          <p>
            <a href="#/practice">See every problem</a>
          </p>
        </section>
      );
    }
    return (
      <article className="lesson single" data-testid="problem">
        <p className="eyebrow">{KIND_LABEL[String(p.front.kind)] ?? 'Problem'}</p>
        <h1 className="page-title">{p.title}</h1>
        <DocBody blocks={p.blocks.filter((b) => b.kind === 'markdown' || b.name === 'lab' || b.name === 'editor')} />
      </article>
    );
  }
  return (
    <div>
      <h1 className="page-title">Practice</h1>
      <p className="page-lede">
        Problems that grade themselves: predict a number, configure a policy, fix a broken Lua
        script, or write a limiter from scratch. Hidden cases find the first thing that breaks.
      </p>
      <ol className="doc-list">
        {PROBLEMS.map((p, i) => (
          <li key={p.slug} className="card doc-card">
            <span className="doc-num" aria-hidden="true">
              {i + 1}
            </span>
            <div>
              <h2>
                <a href={`#/practice/${p.slug}`}>{p.title}</a>
              </h2>
              <p className="muted">
                <span className="tag">{KIND_LABEL[String(p.front.kind)] ?? 'Problem'}</span>{' '}
                {p.objectives[0]}
              </p>
            </div>
          </li>
        ))}
      </ol>
      {PROBLEMS.length === 0 && <p className="notice">No practice problems are installed in this build.</p>}
    </div>
  );
}
