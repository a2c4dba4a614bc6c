// Previous and Next question, one copy for both windows that move the session: the
// interviewer's bar and the candidate's screen.
import type { InterviewSync } from './interviewSync';

/** `idPrefix` names the test ids (`<prefix>-prev`, `<prefix>-next`). */
export function QuestionNav({
  index,
  count,
  sync,
  idPrefix,
}: {
  index: number;
  count: number;
  sync: Pick<InterviewSync, 'move'>;
  idPrefix: string;
}) {
  return (
    <>
      <button
        type="button"
        className="button"
        disabled={index === 0}
        onClick={() => sync.move(index - 1)}
        data-testid={`${idPrefix}-prev`}
      >
        ← Previous
      </button>
      <button
        type="button"
        className="button primary"
        disabled={index >= count - 1}
        onClick={() => sync.move(index + 1)}
        data-testid={`${idPrefix}-next`}
      >
        Next question →
      </button>
    </>
  );
}
