import { useId, useState } from 'react';
import type { QuestionSpec } from '../../core/content/directives';
import { InlineMarkdown, Markdown } from './Markdown';
import './widgets.css';

export type { QuestionSpec };

/** A check question: pick (or type) an answer, then see whether it holds and why. */
export function Question({
  spec,
  number,
  total,
}: {
  spec: QuestionSpec;
  number: number;
  total?: number;
}) {
  const id = useId();
  const [picked, setPicked] = useState<number | null>(null);
  const [typed, setTyped] = useState('');
  const [checked, setChecked] = useState(false);
  const numeric = typeof spec.numeric === 'number';
  const value = Number(typed.trim().replace(/,/g, ''));
  const correct = numeric
    ? typed.trim() !== '' &&
      Number.isFinite(value) &&
      Math.abs(value - spec.numeric!) <= (spec.tolerance ?? 0) + 1e-9
    : picked === spec.answer;
  const ready = numeric ? typed.trim() !== '' : picked !== null;

  return (
    <section className="question card" aria-labelledby={`${id}-q`} data-testid="question">
      <h3 id={`${id}-q`} className="question-title">
        Question {number}
        {total ? ` of ${total}` : ''}
      </h3>
      <Markdown text={spec.prompt} />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (ready) setChecked(true);
        }}
      >
        {numeric ? (
          <label className="field inline">
            <span>Your answer</span>
            <input
              inputMode="decimal"
              value={typed}
              size={8}
              aria-invalid={checked && !correct ? true : undefined}
              onChange={(e) => {
                setTyped(e.target.value);
                setChecked(false);
              }}
            />
          </label>
        ) : (
          <fieldset className="choices">
            <legend className="visually-hidden">Choices</legend>
            {(spec.choices ?? []).map((c, i) => (
              <label
                key={i}
                className={`choice${checked && i === spec.answer && correct ? ' picked-right' : ''}`}
              >
                <input
                  type="radio"
                  name={`${id}-choice`}
                  checked={picked === i}
                  onChange={() => {
                    setPicked(i);
                    setChecked(false);
                  }}
                />
                <InlineMarkdown text={c} />
              </label>
            ))}
          </fieldset>
        )}
        <button type="submit" className="button" disabled={!ready}>
          Check
        </button>
      </form>
      {checked && (
        <div
          className={`verdict ${correct ? 'right' : 'wrong'}`}
          role="status"
          data-testid="verdict"
        >
          <strong>{correct ? '✓ Right.' : '✗ Not quite.'}</strong>{' '}
          {!correct && numeric && <span>The answer is {spec.numeric}. </span>}
          {!correct && !numeric && spec.answer !== undefined && (
            <span>
              The answer is “<InlineMarkdown text={spec.choices?.[spec.answer] ?? ''} />
              ”.{' '}
            </span>
          )}
          {spec.explanation && <Markdown text={spec.explanation} />}
        </div>
      )}
    </section>
  );
}
