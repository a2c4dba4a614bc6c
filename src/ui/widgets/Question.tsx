import { useId, useState } from 'react';
import { Markdown } from './Markdown';

export interface QuestionSpec {
  prompt: string;
  choices?: string[];
  answer?: number;
  numeric?: number;
  explanation?: string;
}

/** A check question: pick (or type) an answer, then see whether it holds and why. */
export function Question({ spec, number }: { spec: QuestionSpec; number: number }) {
  const id = useId();
  const [picked, setPicked] = useState<number | null>(null);
  const [typed, setTyped] = useState('');
  const [checked, setChecked] = useState(false);
  const numeric = typeof spec.numeric === 'number';
  const correct = numeric ? Number(typed) === spec.numeric && typed.trim() !== '' : picked === spec.answer;
  const ready = numeric ? typed.trim() !== '' : picked !== null;

  return (
    <section className="question card" aria-labelledby={`${id}-q`} data-testid="question">
      <h3 id={`${id}-q`} className="question-title">
        Check yourself {number}
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
              <label key={i} className="choice">
                <input
                  type="radio"
                  name={`${id}-choice`}
                  checked={picked === i}
                  onChange={() => {
                    setPicked(i);
                    setChecked(false);
                  }}
                />
                <span>{c}</span>
              </label>
            ))}
          </fieldset>
        )}
        <button type="submit" className="button" disabled={!ready}>
          Check
        </button>
      </form>
      {checked && (
        <div className={`verdict ${correct ? 'right' : 'wrong'}`} role="status">
          <strong>{correct ? '✓ Right.' : '✗ Not quite.'}</strong>{' '}
          {!correct && numeric && <span>The answer is {spec.numeric}. </span>}
          {!correct && !numeric && spec.answer !== undefined && (
            <span>The answer is “{spec.choices?.[spec.answer]}”. </span>
          )}
          {spec.explanation && <Markdown text={spec.explanation} />}
        </div>
      )}
    </section>
  );
}
