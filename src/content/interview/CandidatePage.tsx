// The candidate's screen: the current question, a lab where the question has one, and the
// buttons to move on. It holds only the public half of the session: no answer, rubric, notes or
// clock ever reach this window.
import { useEffect, useMemo, useRef } from 'react';
import { Scheduler } from '../../ui/races/Scheduler';
import { LabWidget } from '../../ui/widgets/LabWidget';
import { Markdown } from '../../ui/widgets/Markdown';
import { QuestionNav } from './QuestionNav';
import { questionById } from './questions';
import { raceInput } from './raceInput';
import { useInterview } from './useInterview';
import { useSessionKeys } from './useSessionKeys';

function CandidateRace({ slug }: { slug: string }) {
  const raw = useMemo(() => raceInput(slug), [slug]);
  if (!raw) return null;
  return (
    <details className="candidate-lab" data-testid="candidate-race">
      <summary>The race scheduler for this question</summary>
      <Scheduler key={slug} raw={raw} goal="play" embedded noSolver />
    </details>
  );
}

export function CandidatePage() {
  const [{ pub, loadError }, sync] = useInterview('candidate');
  const heading = useRef<HTMLHeadingElement>(null);
  const index = pub?.index ?? -1;
  const total = pub?.order.length ?? 0;
  const running = pub !== null && pub.endedAt === null;

  useEffect(() => {
    if (index >= 0) heading.current?.focus({ preventScroll: false });
  }, [index, pub?.id]);

  useSessionKeys(running, index, sync);

  if (!pub)
    return (
      <div className="interview candidate" data-testid="candidate-screen" data-state="waiting">
        <h1 className="page-title">Interview</h1>
        {loadError && <p className="notice error">{loadError}</p>}
        <section className="card candidate-wait" role="status">
          <p className="candidate-big">Waiting for the interviewer to start the session.</p>
          <p className="muted">
            Keep this window open on the screen you share. The questions appear here as the
            interview goes on.
          </p>
        </section>
      </div>
    );
  if (pub.endedAt !== null)
    return (
      <div className="interview candidate" data-testid="candidate-screen" data-state="ended">
        <h1 className="page-title">Interview</h1>
        <section className="card candidate-wait" role="status">
          <p className="candidate-big">The interview is over. Thank you!</p>
        </section>
      </div>
    );
  const q = questionById(pub.order[index]!);
  return (
    <div className="interview candidate" data-testid="candidate-screen" data-state="running">
      <p className="eyebrow" data-testid="candidate-position">
        Question {index + 1} of {total}
      </p>
      <h1 ref={heading} tabIndex={-1} className="candidate-title" data-testid="candidate-question">
        {q?.title ?? 'This question is not in this version of the lab.'}
      </h1>
      {q?.prompt && (
        <div className="candidate-prompt">
          <Markdown text={q.prompt} />
        </div>
      )}
      {q?.candidateLab && (
        <details className="candidate-lab" data-testid="candidate-lab">
          <summary>A lab to work in for this question</summary>
          <LabWidget spec={q.candidateLab} />
        </details>
      )}
      {q?.candidateRace && <CandidateRace slug={q.candidateRace} />}
      <nav className="interview-nav" aria-label="Question navigation">
        <QuestionNav index={index} count={total} sync={sync} idPrefix="candidate" />
      </nav>
    </div>
  );
}
