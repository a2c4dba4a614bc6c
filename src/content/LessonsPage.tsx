import { useEffect, useRef } from 'react';
import type { Route } from '../ui/shell/router';
import { progressStore } from '../store/progress';
import { DocBody } from './DocBody';
import { DocCard } from './DocCard';
import { LESSONS, PROBLEMS, directives, type Doc } from './library';
import { ProgressNotice, ProgressPanel } from './ProgressPanel';
import { useProgress } from './useProgress';
import './content.css';

function ReadMark({ read }: { read: boolean }) {
  return read ? (
    <span className="read-mark" aria-label="read" title="Read">
      ✓
    </span>
  ) : null;
}

/** The practice problems whose front matter names this lesson (`lessons: [...]`). */
function problemsFor(slug: string): Doc[] {
  return PROBLEMS.filter((p) => {
    const l = p.front.lessons;
    return Array.isArray(l) ? l.map(String).includes(slug) : l === slug;
  });
}

function Lesson({ slug, route }: { slug: string; route: Route }) {
  const at = LESSONS.findIndex((l) => l.slug === slug);
  const lesson = LESSONS[at];
  const read = useProgress((s) => s.lessonsRead);
  const end = useRef<HTMLDivElement>(null);
  const labParam = route.query.get('lab');
  const qParam = route.query.get('q');

  // A new lesson starts at the top, or at the widget a link asked for (`?lab=2`, `?q=1`).
  useEffect(() => {
    const target = labParam
      ? document.getElementById(`lab-${labParam}`)
      : qParam
        ? document.getElementById(`q-${qParam}`)
        : null;
    if (target) target.scrollIntoView({ block: 'start' });
    else window.scrollTo(0, 0);
  }, [slug, labParam, qParam]);

  // Reaching the end of a lesson marks it read.
  useEffect(() => {
    const el = end.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const obs = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) progressStore().getState().markRead(slug);
    });
    obs.observe(el);
    return () => obs.disconnect();
  }, [slug]);

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
  const done = LESSONS.filter((l) => read[l.slug]).length;
  const labs = directives(lesson, 'lab').length;
  const questions = directives(lesson, 'question').length;
  return (
    <div className="lesson-layout">
      <nav className="lesson-rail" aria-label="Lessons">
        <p className="rail-head">
          <a href="#/lessons">All lessons</a>
          <span className="muted small" data-testid="rail-progress">
            {done}/{LESSONS.length} read
          </span>
        </p>
        <div className="rail-bar" aria-hidden="true">
          <span style={{ width: `${(100 * done) / Math.max(1, LESSONS.length)}%` }} />
        </div>
        <ol>
          {LESSONS.map((l) => (
            <li key={l.slug} className={read[l.slug] ? 'is-read' : undefined}>
              <a href={`#/lessons/${l.slug}`} aria-current={l.slug === slug ? 'page' : undefined}>
                {l.title}
              </a>
              <ReadMark read={Boolean(read[l.slug])} />
            </li>
          ))}
        </ol>
      </nav>
      <article className="lesson" data-testid="lesson">
        <ProgressNotice />
        <p className="eyebrow">
          Lesson {at + 1} of {LESSONS.length}
          {read[slug] && <span className="eyebrow-read"> · read ✓</span>}
        </p>
        <h1 className="page-title">{lesson.title}</h1>
        <p className="lesson-meta muted small">
          {labs > 0 && `${labs} live lab${labs === 1 ? '' : 's'} · `}
          {questions} question{questions === 1 ? '' : 's'} to check yourself
          {labs > 0 && (
            <>
              {' · '}
              <a href={`#/present/lesson/${slug}`} data-testid="lesson-present">
                Present this lesson
              </a>
            </>
          )}
        </p>
        {lesson.error && (
          <p className="notice error" role="alert">
            This lesson could not be read: {lesson.error}
          </p>
        )}
        {lesson.objectives.length > 0 && (
          <div className="objectives card">
            <h2>You will learn to</h2>
            <ul>
              {lesson.objectives.map((o) => (
                <li key={o}>{o}</li>
              ))}
            </ul>
          </div>
        )}
        <DocBody blocks={lesson.blocks} lesson={slug} lessonTitle={lesson.title} />
        <PracticeLinks problems={problemsFor(slug)} />
        <div ref={end} data-testid="lesson-end" />
        <nav className="lesson-pager" aria-label="Lesson navigation">
          {prev ? (
            <a className="button" href={`#/lessons/${prev.slug}`}>
              ← {prev.title}
            </a>
          ) : (
            <span />
          )}
          {next ? (
            <a className="button primary" href={`#/lessons/${next.slug}`} data-testid="next-lesson">
              Next: {next.title} →
            </a>
          ) : (
            <a className="button primary" href="#/practice" data-testid="next-lesson">
              On to practice →
            </a>
          )}
        </nav>
      </article>
    </div>
  );
}

function PracticeLinks({ problems }: { problems: Doc[] }) {
  const solved = useProgress((s) => s.problemsSolved);
  return (
    <aside
      className="practice-links card"
      aria-labelledby="practice-links-h"
      data-testid="lesson-practice"
    >
      <h2 id="practice-links-h">Practise it</h2>
      {problems.length ? (
        <ul>
          {problems.map((p) => (
            <li key={p.slug}>
              <a href={`#/practice/${p.slug}`}>{p.title}</a>
              {solved[p.slug] && <span className="solved-tag"> ✓</span>}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted small">
          No practice problem is tied to this lesson yet: <a href="#/practice">see them all</a>.
        </p>
      )}
    </aside>
  );
}

export default function LessonsPage({ route }: { route: Route }) {
  const slug = route.parts[1];
  const read = useProgress((s) => s.lessonsRead);
  if (slug) return <Lesson key={slug} slug={slug} route={route} />;
  const done = LESSONS.filter((l) => read[l.slug]).length;
  const firstUnread = LESSONS.find((l) => !read[l.slug]);
  return (
    <div className="doc-index">
      <h1 className="page-title">Lessons</h1>
      <p className="page-lede">
        From two servers sharing one budget to rolling a limiter out in production. Each lesson has
        live labs to play with and questions to check yourself.
      </p>
      <ProgressPanel done={done} total={LESSONS.length} noun="lessons read" />
      {firstUnread && (
        <p className="continue">
          <a
            className="button primary"
            href={`#/lessons/${firstUnread.slug}`}
            data-testid="continue"
          >
            {done === 0 ? 'Start' : 'Continue'}: {firstUnread.title} →
          </a>
        </p>
      )}
      <ol className="doc-list">
        {LESSONS.map((l, i) => (
          <DocCard
            key={l.slug}
            n={i + 1}
            done={!!read[l.slug]}
            href={`#/lessons/${l.slug}`}
            title={l.title}
            testId="lesson-card"
          >
            {l.objectives[0] && <p className="muted">{l.objectives[0]}</p>}
            {read[l.slug] && <p className="done-tag">Read</p>}
          </DocCard>
        ))}
      </ol>
      {LESSONS.length === 0 && <p className="notice">No lessons are installed in this build.</p>}
    </div>
  );
}
