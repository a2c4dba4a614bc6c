// What the interviewer records on one question: rubric ticks, the follow-ups asked and notes.
import type { HostQuestion } from '../../../core/content/interviewRubric';
import type { QuestionMarks as Marks } from '../../../core/interview/session';
import type { InterviewSync } from '../interviewSync';
import { FollowUps } from './FollowUps';
import { Rubric } from './Rubric';

export function QuestionMarks({
  id,
  q,
  marks,
  sync,
}: {
  id: string;
  q: HostQuestion;
  marks: Marks;
  sync: InterviewSync;
}) {
  const change = (f: (m: Marks) => Marks) => sync.marks(id, q.rubric.length, f);
  return (
    <>
      <Rubric
        q={q}
        met={marks.met}
        onToggle={(i) => change((m) => ({ ...m, met: m.met.map((v, k) => (k === i ? !v : v)) }))}
      />
      <FollowUps
        q={q}
        asked={marks.asked}
        onAsk={(n) =>
          change((m) => ({ ...m, asked: Math.max(0, Math.min(q.followUps.length, n)) }))
        }
      />
      <label className="host-field">
        Notes on this question
        <textarea
          value={marks.notes}
          rows={4}
          onChange={(e) => change((m) => ({ ...m, notes: e.target.value }))}
          data-testid="question-notes"
        />
      </label>
    </>
  );
}
