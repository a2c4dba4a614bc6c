import { useId, useMemo, useState } from 'react';
import type { QuestionSpec } from '../../core/content/directives';
import { fillPlaceholders } from '../../core/content/placeholders';
import {
  drawQuestion,
  type QuestionInstance,
  type SeededQuestion,
} from '../../core/content/questionInstance';
import { InlineMarkdown, Markdown } from './Markdown';
import './widgets.css';
import { errorMessage } from '../../core/util/errorMessage';

export type { QuestionSpec };

/** How a question reports an answer to the review queue (missed ones come back later). */
export interface QuestionReview {
  id: string;
  title: string;
  href: string;
  onAnswer(id: string, right: boolean, info: { title: string; href: string }): void;
}

const freshSeed = (): number => crypto.getRandomValues(new Uint32Array(1))[0]! & 0x7fffffff;

/**
 * A check question: pick (or type) an answer and check it. A wrong answer is told so, and may
 * try again; the answer and the explanation come with a right answer, or after "Show the
 * answer". A question with `vars` draws fresh numbers (computed by the engine) per attempt.
 */
export function Question({
  spec,
  number,
  total,
  review,
  seed: firstSeed,
}: {
  spec: QuestionSpec;
  number: number;
  total?: number;
  review?: QuestionReview;
  /** The first instance's seed (default: a fresh one); later attempts draw their own. */
  seed?: number;
}) {
  const id = useId();
  const seeded = spec.vars !== undefined && spec.scenario !== undefined;
  const [seed, setSeed] = useState(() => firstSeed ?? (seeded ? freshSeed() : 0));
  const inst = useMemo<QuestionInstance | { error: string } | null>(() => {
    if (!seeded) return null;
    try {
      return drawQuestion(spec as unknown as SeededQuestion, seed);
    } catch (e) {
      return { error: errorMessage(e) };
    }
  }, [seeded, spec, seed]);
  const [picked, setPicked] = useState<number | null>(null);
  const [typed, setTyped] = useState('');
  const [verdict, setVerdict] = useState<'right' | 'wrong' | 'shown' | null>(null);
  const [tries, setTries] = useState(0);
  const [missed, setMissed] = useState(false);

  const vars = inst && 'vars' in inst ? { ...inst.vars, answer: inst.answer } : {};
  const fill = (t: string) => (seeded ? fillPlaceholders(t, vars) : t);
  const expected = inst && 'answer' in inst ? inst.answer : spec.numeric;
  const numeric = typeof expected === 'number';
  const value = Number(typed.trim().replace(/,/g, ''));
  const correct = numeric
    ? typed.trim() !== '' &&
      Number.isFinite(value) &&
      Math.abs(value - expected) <= (spec.tolerance ?? 0) + 1e-9
    : picked === spec.answer;
  const ready = numeric ? typed.trim() !== '' : picked !== null;
  const report = (right: boolean) => {
    if (!review) return;
    // Only the first answer of an attempt counts: a miss stays a miss however it ends.
    if (!right) {
      if (!missed) review.onAnswer(review.id, false, review);
      setMissed(true);
    } else if (!missed) review.onAnswer(review.id, true, review);
  };
  const check = () => {
    if (!ready) return;
    setTries(tries + 1);
    setVerdict(correct ? 'right' : 'wrong');
    report(correct);
  };
  const reveal = () => {
    setVerdict('shown');
    report(false);
  };
  const again = () => {
    setSeed(freshSeed());
    setPicked(null);
    setTyped('');
    setVerdict(null);
    setTries(0);
    setMissed(false);
  };
  const done = verdict === 'right' || verdict === 'shown';

  return (
    <section
      className="question card"
      aria-labelledby={`${id}-q`}
      data-testid="question"
      data-seeded={seeded || undefined}
    >
      <h3 id={`${id}-q`} className="question-title">
        Question {number}
        {total ? ` of ${total}` : ''}
      </h3>
      {inst && 'error' in inst ? (
        <p className="notice error" role="alert">
          This question&apos;s numbers could not be worked out: {inst.error}
        </p>
      ) : (
        <Markdown text={fill(spec.prompt)} />
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          check();
        }}
      >
        {numeric ? (
          <label className="field inline">
            <span>Your answer</span>
            <input
              inputMode="decimal"
              value={typed}
              size={8}
              disabled={done}
              aria-invalid={verdict === 'wrong' ? true : undefined}
              onChange={(e) => {
                setTyped(e.target.value);
                if (verdict === 'wrong') setVerdict(null);
              }}
            />
          </label>
        ) : (
          <fieldset className="choices" disabled={done}>
            <legend className="visually-hidden">Choices</legend>
            {(spec.choices ?? []).map((c, i) => (
              <label
                key={i}
                className={`choice${done && i === spec.answer ? ' picked-right' : ''}`}
              >
                <input
                  type="radio"
                  name={`${id}-choice`}
                  checked={picked === i}
                  onChange={() => {
                    setPicked(i);
                    if (verdict === 'wrong') setVerdict(null);
                  }}
                />
                <InlineMarkdown text={fill(c)} />
              </label>
            ))}
          </fieldset>
        )}
        <div className="question-actions">
          {!done && (
            <button type="submit" className="button" disabled={!ready}>
              {tries ? 'Check again' : 'Check'}
            </button>
          )}
          {!done && tries > 0 && (
            <button type="button" className="button" onClick={reveal} data-testid="reveal">
              Show the answer
            </button>
          )}
          {seeded && (done || tries > 0) && (
            <button type="button" className="button" onClick={again} data-testid="new-numbers">
              {done ? 'Try new numbers' : 'New numbers'}
            </button>
          )}
        </div>
      </form>
      {verdict && (
        <div
          className={`verdict ${verdict === 'right' ? 'right' : 'wrong'}`}
          role="status"
          data-testid="verdict"
        >
          {verdict === 'wrong' ? (
            <>
              <strong>✗ Not quite.</strong>{' '}
              <span>
                Look again and try once more
                {seeded ? ', or draw new numbers' : ''}; the answer is here when you want it.
              </span>
            </>
          ) : (
            <>
              <strong>{verdict === 'right' ? '✓ Right.' : 'The answer:'}</strong>{' '}
              {verdict === 'shown' && numeric && <span>{expected}. </span>}
              {verdict === 'shown' && !numeric && spec.answer !== undefined && (
                <span>
                  “<InlineMarkdown text={fill(spec.choices?.[spec.answer] ?? '')} />
                  ”.{' '}
                </span>
              )}
              {spec.explanation && <Markdown text={fill(spec.explanation)} />}
            </>
          )}
        </div>
      )}
    </section>
  );
}
