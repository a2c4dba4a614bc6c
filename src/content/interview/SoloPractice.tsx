import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Markdown } from '../../ui/widgets/Markdown';
import type { Route } from '../../ui/shell/router';
import { LESSONS } from '../library';
import { questionBank } from './questions';
import '../content.css';

function load() {
  const bank = questionBank();
  return {
    iv: bank.questions.length ? bank : null,
    error: bank.errors.length ? bank.errors.join('; ') : null,
  };
}

const mmss = (s: number): string =>
  `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;

/** Seconds since `since` (wall clock), ticking once a second while `running`. */
function useElapsed(since: number, running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [running, since]);
  return Math.max(0, Math.floor((now - since) / 1000));
}

const TARGET_SECONDS = 5 * 60;

export function SoloPractice({ route }: { route: Route }) {
  const { iv, error } = useMemo(load, []);
  const total = iv?.questions.length ?? 0;
  const fromUrl = Number(route.query.get('q'));
  const [index, setIndex] = useState(() => (fromUrl >= 1 && fromUrl <= total ? fromUrl - 1 : 0));
  const [revealed, setRevealed] = useState(false);
  const [seen, setSeen] = useState<Set<number>>(() => new Set());
  const [since, setSince] = useState(() => Date.now());
  const [stopAt, setStopAt] = useState<number | null>(null);
  const elapsed = useElapsed(since, stopAt === null);
  const shown = stopAt ?? elapsed;
  const heading = useRef<HTMLHeadingElement>(null);

  const go = useCallback(
    (k: number) => {
      if (k < 0 || k >= total) return;
      setIndex(k);
      setRevealed(false);
      setSince(Date.now());
      setStopAt(null);
      requestAnimationFrame(() => heading.current?.focus());
    },
    [total],
  );
  const reveal = useCallback(() => {
    setRevealed(true);
    setStopAt((s) => s ?? elapsed);
    setSeen((s) => new Set(s).add(index));
  }, [elapsed, index]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.isContentEditable)) return;
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.key === 'ArrowRight' || e.key === 'n') go(index + 1);
      else if (e.key === 'ArrowLeft' || e.key === 'p') go(index - 1);
      else if (
        e.key === 'r' ||
        (e.key === ' ' && !revealed && t?.tagName !== 'BUTTON' && t?.tagName !== 'A')
      ) {
        e.preventDefault();
        reveal();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go, index, reveal, revealed]);

  const intro = (
    <>
      <h1 className="page-title">{iv?.title ?? 'Interview mode'}</h1>
      <p className="page-lede">
        Practise on your own: one question at a time, a timer, and a reasoned answer you reveal when
        you are ready. Say your answer out loud first. With a real candidate, run a{' '}
        <a href="#/interview/host">two-window session</a> instead: the answer stays on your screen.
      </p>
    </>
  );
  if (error)
    return (
      <div className="interview">
        {intro}
        <p className="notice error" role="alert">
          The interview questions could not be read: {error}
        </p>
      </div>
    );
  const q = iv?.questions[index];
  if (!iv || !q)
    return (
      <div className="interview">
        {intro}
        <p className="notice">No interview questions are installed in this build.</p>
      </div>
    );
  const lesson = q.lesson ? LESSONS.find((l) => l.slug === q.lesson) : undefined;
  const lessonHref = lesson ? `#/lessons/${lesson.slug}${q.lab ? `?lab=${q.lab}` : ''}` : null;
  return (
    <div className="interview" data-testid="interview">
      {intro}
      <div className="interview-bar">
        <ol className="interview-dots" aria-label="Questions">
          {iv.questions.map((x, k) => (
            <li key={k}>
              <button
                type="button"
                aria-current={k === index ? 'step' : undefined}
                className={seen.has(k) ? 'seen' : undefined}
                aria-label={`Question ${k + 1}: ${x.title}${seen.has(k) ? ' (answer seen)' : ''}`}
                onClick={() => go(k)}
              >
                {k + 1}
              </button>
            </li>
          ))}
        </ol>
        <span
          className={`timer${shown > TARGET_SECONDS ? ' over' : ''}`}
          role="timer"
          aria-label={`Time on this question: ${mmss(shown)}`}
          data-testid="timer"
        >
          {mmss(shown)}
        </span>
      </div>
      <section className="card interview-card" aria-live="polite">
        <p className="eyebrow">
          Question {index + 1} of {total}
        </p>
        <h2 ref={heading} tabIndex={-1} data-testid="interview-question">
          {q.title}
        </h2>
        {q.prompt && <Markdown text={q.prompt} />}
        {revealed ? (
          <div className="interview-answer card" data-testid="interview-answer">
            <h3>A reasoned answer</h3>
            <Markdown text={q.answer} />
            {lessonHref && lesson && (
              <p>
                See it demonstrated:{' '}
                <a href={lessonHref} data-testid="interview-lesson-link">
                  {lesson.title}
                </a>
                {q.lab ? ` (lab ${q.lab})` : ''}
              </p>
            )}
          </div>
        ) : (
          <p>
            <button type="button" className="button primary" onClick={reveal} data-testid="reveal">
              Reveal the answer
            </button>{' '}
            <span className="muted small">Aim for under {TARGET_SECONDS / 60} minutes.</span>
          </p>
        )}
      </section>
      <nav className="interview-nav" aria-label="Question navigation">
        <button
          type="button"
          className="button"
          onClick={() => go(index - 1)}
          disabled={index === 0}
          data-testid="prev-question"
        >
          ← Previous
        </button>
        <button
          type="button"
          className="button primary"
          onClick={() => go(index + 1)}
          disabled={index === total - 1}
          data-testid="next-question"
        >
          Next question →
        </button>
      </nav>
      <p className="kbd-help muted">
        Keys: <kbd>r</kbd> reveal, <kbd>←</kbd>/<kbd>→</kbd> (or <kbd>p</kbd>/<kbd>n</kbd>) previous
        and next.
      </p>
    </div>
  );
}
