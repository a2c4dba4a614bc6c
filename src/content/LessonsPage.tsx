import type { Route } from '../ui/shell/router';
import { DocBody } from './DocBody';
import { LESSONS } from './library';

export default function LessonsPage({ route }: { route: Route }) {
  const slug = route.parts[1];
  if (slug) {
    const at = LESSONS.findIndex((l) => l.slug === slug);
    const lesson = LESSONS[at];
    if (!lesson) {
      return (
        <section className="card narrow" data-testid="not-found">
          <h1 className="page-title">No lesson called “{slug}”</h1>
          <p>
            <a href="#/lessons">See every lesson</a>
          </p>
        </section>
      );
    }
    const prev = LESSONS[at - 1];
    const next = LESSONS[at + 1];
    return (
      <div className="lesson-layout">
        <nav className="lesson-rail" aria-label="Lessons">
          <ol>
            {LESSONS.map((l) => (
              <li key={l.slug}>
                <a href={`#/lessons/${l.slug}`} aria-current={l.slug === slug ? 'page' : undefined}>
                  {l.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <article className="lesson" data-testid="lesson">
          <p className="eyebrow">
            Lesson {at + 1} of {LESSONS.length}
          </p>
          <h1 className="page-title">{lesson.title}</h1>
          {lesson.objectives.length > 0 && (
            <div className="objectives card">
              <h2>You will learn</h2>
              <ul>
                {lesson.objectives.map((o) => (
                  <li key={o}>{o}</li>
                ))}
              </ul>
            </div>
          )}
          <DocBody blocks={lesson.blocks} />
          <nav className="lesson-pager" aria-label="Lesson navigation">
            {prev ? <a className="button" href={`#/lessons/${prev.slug}`}>← {prev.title}</a> : <span />}
            {next ? (
              <a className="button primary" href={`#/lessons/${next.slug}`}>
                Next: {next.title} →
              </a>
            ) : (
              <a className="button primary" href="#/practice">
                On to practice →
              </a>
            )}
          </nav>
        </article>
      </div>
    );
  }
  return (
    <div>
      <h1 className="page-title">Lessons</h1>
      <p className="page-lede">
        From two servers sharing one budget to rolling a limiter out in production. Each lesson has
        a live lab to play with and questions to check yourself.
      </p>
      <ol className="doc-list">
        {LESSONS.map((l, i) => (
          <li key={l.slug} className="card doc-card">
            <span className="doc-num" aria-hidden="true">
              {i + 1}
            </span>
            <div>
              <h2>
                <a href={`#/lessons/${l.slug}`}>{l.title}</a>
              </h2>
              {l.objectives[0] && <p className="muted">{l.objectives[0]}</p>}
            </div>
          </li>
        ))}
      </ol>
      {LESSONS.length === 0 && <p className="notice">No lessons are installed in this build.</p>}
    </div>
  );
}
