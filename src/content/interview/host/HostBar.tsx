// The running session's bar: the session clock, this question's clock (marked when it runs
// over its plan), the candidate's screen, previous and next, and the end of the session.
import { clock } from '../../../core/interview/scorecard';
import type { InterviewSync } from '../interviewSync';
import { QuestionNav } from '../QuestionNav';

export function HostBar({
  sessionSeconds,
  questionSeconds,
  plannedMinutes,
  index,
  count,
  sync,
}: {
  sessionSeconds: number;
  questionSeconds: number;
  plannedMinutes: number | undefined;
  index: number;
  count: number;
  sync: InterviewSync;
}) {
  const planned = plannedMinutes ? plannedMinutes * 60 : null;
  const openCandidate = () => {
    window.open('#/interview/candidate', 'rateLab-candidate', 'popup,width=1280,height=800');
  };
  return (
    <div className="host-bar">
      <div className="host-clock">
        <span className="muted small">Session</span>
        <span role="timer" data-testid="session-clock" aria-label="Session time">
          {clock(sessionSeconds)}
        </span>
      </div>
      <div className={`host-clock${planned !== null && questionSeconds > planned ? ' over' : ''}`}>
        <span className="muted small">
          This question{planned ? ` (plan ${plannedMinutes} min)` : ''}
        </span>
        <span role="timer" data-testid="question-clock" aria-label="Time on this question">
          {clock(questionSeconds)}
        </span>
      </div>
      <div className="host-actions">
        <button
          type="button"
          className="button"
          onClick={openCandidate}
          data-testid="open-candidate-window"
        >
          Open the candidate&apos;s screen
        </button>
        <QuestionNav index={index} count={count} sync={sync} idPrefix="host" />
        <button
          type="button"
          className="button"
          onClick={() => sync.end()}
          data-testid="end-session"
        >
          End the session
        </button>
      </div>
    </div>
  );
}
