// Predict first: the prompt that asks before a scene plays ("How many of these 5 requests get
// through?"), and the sentence that compares the answer with what happened. While a prompt
// waits, its outcome stays hidden (the page marks spoilers with `data-spoiler`, hidden under
// `.predict-pending`) and `window.rateLab.snapshot().predictPending` is true. The first answer
// to each prompt is kept with progress.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useStore } from 'zustand';
import {
  compareSentence,
  readPrediction,
  type Decided,
  type Reading,
  type PredictAsk,
} from '../../core/content/predict';
import { setPredictPending } from '../../store/predictPending';
import { progressStore } from '../../store/progress';
import './predict.css';

export interface Prediction {
  /** Still waiting for an answer: the outcome is hidden. */
  pending: boolean;
  /** The answer (null: "Just show me"); undefined while pending. */
  said: number | null | undefined;
  answer(said: number | null): void;
}

/** Answers given on this page, by progress id (for prompts that ask again on every visit). */
const session = new Map<string, number | null>();

/**
 * A prompt's state: pending while `active` and unanswered (on this page or, with `restore`,
 * earlier, in progress under `progressId`). Answering records the first answer with its
 * rightness. A projector's prompts do not restore: a deck asks the room again each time it is
 * presented, and remembers the answers while the page is open.
 */
export function usePrediction(
  progressId: string,
  active: boolean,
  decided: Decided | null,
  { restore = true }: { restore?: boolean } = {},
): Prediction {
  const uid = useId();
  const stored = useStore(progressStore(), (s) => s.predictions[progressId]);
  const [local, setLocal] = useState<{ id: string; said: number | null } | null>(null);
  const mine = local?.id === progressId ? local : null;
  const earlier = restore ? (stored ? stored.said : undefined) : session.get(progressId);
  const said = mine ? mine.said : earlier;
  const pending = active && said === undefined;
  useEffect(() => {
    setPredictPending(uid, pending);
    return () => setPredictPending(uid, false);
  }, [uid, pending]);
  return {
    pending,
    said,
    answer(x) {
      setLocal({ id: progressId, said: x });
      session.set(progressId, x);
      const right = x === null || !decided ? null : x === decided.answer;
      progressStore().getState().predicted(progressId, x, right);
    },
  };
}

/** The prompt: a number (or a request's number), "Check my prediction" and "Just show me". */
export function PredictPrompt({
  question,
  ask,
  total,
  onAnswer,
  testid = 'predict',
  read,
  label,
}: {
  question: string;
  ask: PredictAsk;
  total: number;
  onAnswer(said: number | null): void;
  testid?: string;
  /** Reads the answer instead of readPrediction (a yes or no, say). */
  read?: (text: string) => Reading;
  /** The input's label instead of the ask's. */
  label?: string;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const r = read ? read(text) : readPrediction(ask, text, total);
    if (!r.ok) {
      setError(r.message);
      return;
    }
    onAnswer(r.value);
  };
  return (
    <div
      role="group"
      aria-label={`Predict: ${question}`}
      className="predict-prompt"
      data-testid={testid}
    >
      <p className="predict-question">
        <span className="predict-kind">Predict</span> {question}
      </p>
      <form className="predict-form" onSubmit={submit} noValidate>
        <label htmlFor={`${id}-n`}>
          {label ?? (ask === 'admitted' ? 'Your guess (a number)' : 'Request number (or "none")')}
        </label>
        <input
          id={`${id}-n`}
          className="predict-input"
          inputMode={ask === 'admitted' ? 'numeric' : 'text'}
          autoComplete="off"
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-e` : undefined}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
          }}
        />
        <button type="submit" className="button primary small-button">
          Check my prediction
        </button>
        <button type="button" className="button small-button" onClick={() => onAnswer(null)}>
          Just show me
        </button>
      </form>
      {error && (
        <p className="predict-error" id={`${id}-e`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** How the prediction compares with the run, then why (the scene's own caption). */
export function PredictResult({
  ask,
  said,
  decided,
  reached,
}: {
  ask: PredictAsk;
  said: number | null;
  decided: Decided;
  /** The scene has played to the deciding moment (the comparison waits for it). */
  reached: boolean;
}) {
  if (!reached)
    return (
      <p className="predict-result muted" role="status" data-testid="predict-result">
        {said === null ? 'Watch what happens.' : `You predicted ${said}. Watch what happens.`}
      </p>
    );
  const c = compareSentence(ask, said, decided);
  return (
    <p
      className={`predict-result${c.right === true ? ' right' : c.right === false ? ' wrong' : ''}`}
      role="status"
      data-testid="predict-result"
    >
      {c.text}
    </p>
  );
}
