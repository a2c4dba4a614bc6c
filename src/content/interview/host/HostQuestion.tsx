// The question on the interviewer's screen: what the candidate reads (and the tools their
// screen offers), a reasoned answer with the lesson that shows it, and the marks to record.
import { marksOf, type SessionPrivate } from '../../../core/interview/session';
import { Markdown } from '../../../ui/widgets/Markdown';
import { LESSONS } from '../../library';
import type { InterviewSync } from '../interviewSync';
import { questionById } from '../questions';
import { QuestionMarks } from './QuestionMarks';

export function HostQuestion({
  id,
  index,
  count,
  priv,
  sync,
}: {
  id: string;
  index: number;
  count: number;
  priv: SessionPrivate | null;
  sync: InterviewSync;
}) {
  const q = questionById(id);
  const marks = priv && q ? marksOf(priv, id, q.rubric.length) : null;
  const lesson = q?.lesson ? LESSONS.find((l) => l.slug === q.lesson) : undefined;
  return (
    <article className="host-main card" data-testid="host-question">
      <p className="eyebrow">
        Question {index + 1} of {count}
      </p>
      <h2 data-testid="host-question-title">{q?.title ?? id}</h2>
      {q ? (
        <>
          {q.prompt && (
            <div className="host-prompt">
              <p className="muted small">The candidate reads:</p>
              <Markdown text={q.prompt} />
              {(q.candidateLab || q.candidateRace) && (
                <p className="muted small" data-testid="host-candidate-tools">
                  On their screen, to open if they want:{' '}
                  {[q.candidateLab && 'a live lab', q.candidateRace && 'the race scheduler']
                    .filter(Boolean)
                    .join(' and ')}
                  .
                </p>
              )}
            </div>
          )}
          <section className="host-answer" data-testid="host-answer">
            <h3>A reasoned answer</h3>
            <Markdown text={q.answer} />
            {lesson && (
              <p className="muted small">
                Demonstrated in{' '}
                <a href={`#/lessons/${lesson.slug}`} target="_blank" rel="noopener">
                  {lesson.title}
                </a>
                .
              </p>
            )}
          </section>
          {marks && <QuestionMarks id={id} q={q} marks={marks} sync={sync} />}
        </>
      ) : (
        <p className="notice error">This question is not in this version of the lab.</p>
      )}
    </article>
  );
}
