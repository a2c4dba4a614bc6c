// The remote candidate's kiosk (`#/live/<code>` for an interview room): the question the
// interviewer puts up, its race scheduler and lab (shared with the interviewer) and the Lua
// editor both sides type in. No navigation to anything else,
// and nothing from the interviewer's window: the server never sends it here.
import { lazy, Suspense } from 'react';
import { Markdown } from '../../ui/widgets/Markdown';
import { questionById } from '../interview/questions';
import { SharedScene } from './SharedScene';
import { statusText, useLive } from './useLive';

const CoEditor = lazy(() => import('../../ui/live/CoEditor'));

export function CandidateKiosk({ code }: { code: string }) {
  const { conn, state } = useLive({ room: code });
  const q = state?.room?.question ?? null;
  const known = q ? questionById(q.slug) : undefined;
  const gone = state?.status === 'closed' || state?.status === 'refused';
  return (
    <div
      className="live-kiosk interview candidate"
      data-testid="live-candidate"
      data-status={state?.status ?? 'connecting'}
    >
      <p className="live-status muted" role="status" data-testid="live-status">
        Live interview {code} · {statusText(state)}
      </p>
      {gone ? null : q === null ? (
        <section className="card candidate-wait">
          <p className="candidate-big">Waiting for the interviewer to put up a question.</p>
        </section>
      ) : (
        <section>
          <h1 className="candidate-title" data-testid="candidate-question" data-slug={q.slug}>
            {known?.title ?? q.slug}
          </h1>
          {known?.prompt ? (
            <div className="candidate-prompt">
              <Markdown text={known.prompt} />
            </div>
          ) : (
            <p className="candidate-prompt" data-testid="question-text">
              {q.text}
            </p>
          )}
        </section>
      )}
      {conn && !gone && q !== null && (
        <SharedScene
          conn={conn}
          questionId={q.slug}
          race={state?.room?.race ?? null}
          lab={state?.room?.lab ?? null}
        />
      )}
      {conn && !gone && (
        <section aria-label="Shared code">
          <h2>Your code (the interviewer sees it as you type)</h2>
          <Suspense fallback={<p className="loading">Loading the editor…</p>}>
            <CoEditor
              text={conn.text}
              awareness={conn.awareness}
              label="Shared Lua code"
              who="Candidate"
            />
          </Suspense>
        </section>
      )}
    </div>
  );
}
