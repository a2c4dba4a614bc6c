// The interviewer's window: pick the questions and their order, then run the session with the
// reasoned answer, a rubric to tick, a chain of follow-ups, notes, the session clock and each
// question's time; at the end, download the scorecard as Markdown and JSON.
import { useEffect, useMemo, useState } from 'react';
import type { HostQuestion } from '../../core/content/interviewRubric';
import { buildScorecard, clock, scorecardMarkdown } from '../../core/interview/scorecard';
import { marksOf, sessionElapsed, timePerQuestion } from '../../core/interview/session';
import { Markdown } from '../../ui/widgets/Markdown';
import { LESSONS } from '../library';
import { questionBank, questionById } from './questions';
import { useInterview, useNow } from './useInterview';
import { RemoteInvite } from '../live/RemoteInvite';
import { forgetHostRoom, useHostMirror, useHostRoom } from '../live/useHostRoom';
import { VerdictPicker } from './VerdictPicker';

/** A 45-minute session a senior interviewer might run: fundamentals, then distributed depth. */
export const SUGGESTED = [
  'per-process-limiter',
  'fixed-window-vs-token-bucket',
  'check-then-increment',
  'failover-bucket-vs-window',
  'partition-app-redis',
  'one-tenant-1m-rps',
  'limiter-p99-and-local-cache',
  'key-cardinality-attack',
];

function download(name: string, type: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const stamp = (ms: number): string => new Date(ms).toISOString().slice(0, 16).replace(/[:T]/g, '-');

function Setup({ onStart }: { onStart: (order: string[], candidate: string) => void }) {
  const all = questionBank().questions;
  const [order, setOrder] = useState<string[]>([]);
  const [candidate, setCandidate] = useState('');
  const picked = new Set(order);
  const minutes = order.reduce((a, id) => a + (questionById(id)?.minutes ?? 0), 0);
  const toggle = (id: string) =>
    setOrder((o) => (o.includes(id) ? o.filter((x) => x !== id) : [...o, id]));
  const shift = (k: number, d: number) =>
    setOrder((o) => {
      const j = k + d;
      if (j < 0 || j >= o.length) return o;
      const c = [...o];
      [c[k], c[j]] = [c[j]!, c[k]!];
      return c;
    });
  const suggested = SUGGESTED.filter((id) => questionById(id));
  return (
    <div className="host-setup" data-testid="host-setup">
      <section className="card">
        <h2>1. Pick the questions</h2>
        <p className="muted">
          Tick questions in the order you want to ask them, or start from a suggested set. Each
          shows its suggested length.
        </p>
        <p>
          <button
            type="button"
            className="button"
            onClick={() => setOrder(suggested)}
            data-testid="suggested-set"
          >
            Use the suggested set ({suggested.length} questions,{' '}
            {suggested.reduce((a, id) => a + (questionById(id)?.minutes ?? 0), 0)} min)
          </button>
        </p>
        <ul className="host-bank" aria-label="All questions">
          {all.map((q) => (
            <li key={q.id}>
              <label>
                <input
                  type="checkbox"
                  checked={picked.has(q.id)}
                  onChange={() => toggle(q.id)}
                  data-testid={`pick-${q.id}`}
                />
                <span>{q.title}</span>
                {q.minutes !== undefined && <span className="muted small">{q.minutes} min</span>}
              </label>
            </li>
          ))}
        </ul>
      </section>
      <section className="card host-order">
        <h2>2. Their order</h2>
        {order.length === 0 ? (
          <p className="muted">No questions picked yet.</p>
        ) : (
          <ol data-testid="host-order">
            {order.map((id, k) => (
              <li key={id}>
                <span>{questionById(id)?.title ?? id}</span>
                <span className="host-order-buttons">
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={`Move "${questionById(id)?.title}" earlier`}
                    disabled={k === 0}
                    onClick={() => shift(k, -1)}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={`Move "${questionById(id)?.title}" later`}
                    disabled={k === order.length - 1}
                    onClick={() => shift(k, 1)}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={`Remove "${questionById(id)?.title}"`}
                    onClick={() => toggle(id)}
                  >
                    ✕
                  </button>
                </span>
              </li>
            ))}
          </ol>
        )}
        <p className="muted small" data-testid="planned-minutes">
          {order.length} question{order.length === 1 ? '' : 's'}, about {minutes} minutes planned.
        </p>
        <h2>3. Start</h2>
        <label className="host-field">
          Candidate (optional, for the scorecard)
          <input
            type="text"
            value={candidate}
            onChange={(e) => setCandidate(e.target.value)}
            data-testid="candidate-name"
          />
        </label>
        <p>
          <button
            type="button"
            className="button primary"
            disabled={order.length === 0}
            onClick={() => onStart(order, candidate)}
            data-testid="start-session"
          >
            Start the session
          </button>
        </p>
      </section>
    </div>
  );
}

function Rubric({
  q,
  met,
  onToggle,
}: {
  q: HostQuestion;
  met: boolean[];
  onToggle: (i: number) => void;
}) {
  return (
    <section className="host-rubric" aria-labelledby="rubric-h">
      <h3 id="rubric-h">
        Rubric{' '}
        <span className="muted small">
          ({met.filter(Boolean).length} of {q.rubric.length} met)
        </span>
      </h3>
      <ul>
        {q.rubric.map((p, i) => (
          <li key={i}>
            <label>
              <input
                type="checkbox"
                checked={met[i] ?? false}
                onChange={() => onToggle(i)}
                data-testid={`rubric-${i}`}
              />
              <span>{p}</span>
            </label>
          </li>
        ))}
      </ul>
    </section>
  );
}

function FollowUps({
  q,
  asked,
  onAsk,
}: {
  q: HostQuestion;
  asked: number;
  onAsk: (n: number) => void;
}) {
  const next = q.followUps[asked];
  return (
    <section className="host-followups" aria-labelledby="follow-h">
      <h3 id="follow-h">Follow-ups</h3>
      <ol>
        {q.followUps.slice(0, asked).map((f, i) => (
          <li key={i} data-testid="follow-up-asked">
            <p className="follow-ask">{f.ask}</p>
            <p className="follow-listen">
              <strong>Listen for:</strong> {f.listenFor}
            </p>
          </li>
        ))}
      </ol>
      {next ? (
        <div className="follow-next">
          <div>
            <p>
              <span className="muted small">Next in the chain:</span> {next.ask}
            </p>
            <p className="follow-listen">
              <strong>Listen for:</strong> {next.listenFor}
            </p>
          </div>
          <button
            type="button"
            className="button"
            onClick={() => onAsk(asked + 1)}
            data-testid="ask-follow-up"
          >
            I asked it
          </button>
        </div>
      ) : (
        <p className="muted small">
          {q.followUps.length ? 'Every follow-up in the chain is asked.' : 'No follow-ups.'}
        </p>
      )}
      {asked > 0 && (
        <button type="button" className="button small-button" onClick={() => onAsk(asked - 1)}>
          Undo the last one
        </button>
      )}
    </section>
  );
}

export function HostPage() {
  const [state, sync] = useInterview('host');
  const { pub, priv, saveError, loadError } = state;
  const now = useNow(pub !== null && pub.endedAt === null);
  // The remote candidate's room, and the notes kept on the lab server for this host alone.
  const live = useHostRoom(pub?.id ?? null);
  const kept = useHostMirror(live, priv, sync);
  const running = pub !== null && pub.endedAt === null;
  const index = pub?.index ?? 0;

  useEffect(() => {
    if (!running) return;
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.isContentEditable)) return;
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.key === 'ArrowRight' || e.key === 'PageDown') sync.move(index + 1);
      else if (e.key === 'ArrowLeft' || e.key === 'PageUp') sync.move(index - 1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [running, index, sync]);

  const card = useMemo(
    () => (pub ? buildScorecard(pub, priv, questionBank().questions, now) : null),
    [pub, priv, now],
  );

  const notice = (
    <>
      {saveError && (
        <p className="notice error" role="alert" data-testid="save-error">
          Not saved: {saveError}. Everything is still in this window, so keep it open and download
          the scorecard to keep your notes.
        </p>
      )}
      {loadError && <p className="notice error">{loadError}</p>}
    </>
  );

  const openCandidate = () => {
    window.open('#/interview/candidate', 'rateLab-candidate', 'popup,width=1280,height=800');
  };
  const downloads = card && (
    <p className="host-downloads">
      <button
        type="button"
        className="button primary"
        onClick={() =>
          download(
            `interview-scorecard-${stamp(pub!.startedAt)}.md`,
            'text/markdown',
            scorecardMarkdown(card),
          )
        }
        data-testid="download-md"
      >
        Download the scorecard (Markdown)
      </button>
      <button
        type="button"
        className="button"
        onClick={() =>
          download(
            `interview-scorecard-${stamp(pub!.startedAt)}.json`,
            'application/json',
            `${JSON.stringify(card, null, 2)}\n`,
          )
        }
        data-testid="download-json"
      >
        Download the scorecard (JSON)
      </button>
    </p>
  );

  if (!pub)
    return (
      <div className="interview host" data-testid="host-page" data-state="setup">
        <h1 className="page-title">Interviewer&apos;s window</h1>
        <p className="page-lede">
          Keep this window on your own screen. The candidate&apos;s screen (open it after you start)
          shows only the question.
        </p>
        {notice}
        <Setup onStart={(order, candidate) => sync.start(order, candidate)} />
      </div>
    );

  if (pub.endedAt !== null && card)
    return (
      <div className="interview host" data-testid="host-page" data-state="ended">
        <h1 className="page-title">Session over</h1>
        {notice}
        <section className="card" data-testid="scorecard">
          <p className="host-summary">
            {card.totals.questionsAsked} question{card.totals.questionsAsked === 1 ? '' : 's'} in{' '}
            {clock(card.durationSeconds)}; rubric points met: {card.totals.rubricMet} of{' '}
            {card.totals.rubricTotal}.
          </p>
          <table className="host-table">
            <thead>
              <tr>
                <th scope="col">Question</th>
                <th scope="col">Time</th>
                <th scope="col">Rubric</th>
                <th scope="col">Follow-ups</th>
              </tr>
            </thead>
            <tbody>
              {card.questions.map((q) => (
                <tr key={q.id}>
                  <td>{q.title}</td>
                  <td>{clock(q.timeSeconds)}</td>
                  <td>
                    {q.rubricMet} of {q.rubricTotal}
                  </td>
                  <td>{q.followUpsAsked.length}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <VerdictPicker value={priv?.verdict ?? null} onChange={(v) => sync.setVerdict(v)} />
          <label className="host-field">
            Overall notes
            <textarea
              value={priv?.notes ?? ''}
              onChange={(e) => sync.setNotes(e.target.value)}
              rows={4}
            />
          </label>
          {downloads}
          <p>
            <button
              type="button"
              className="button"
              onClick={() => {
                if (
                  window.confirm(
                    'Forget this session in this browser? Download the scorecard first.',
                  )
                ) {
                  forgetHostRoom();
                  sync.clear();
                }
              }}
              data-testid="new-session"
            >
              Start a new session
            </button>
          </p>
        </section>
      </div>
    );

  const times = timePerQuestion(pub, now);
  const id = pub.order[index]!;
  const q = questionById(id);
  const marks = priv && q ? marksOf(priv, id, q.rubric.length) : null;
  const onThis = Math.floor((times.get(id) ?? 0) / 1000);
  const planned = q?.minutes ? q.minutes * 60 : null;
  const lesson = q?.lesson ? LESSONS.find((l) => l.slug === q.lesson) : undefined;

  return (
    <div className="interview host" data-testid="host-page" data-state="running">
      <div className="host-bar">
        <div className="host-clock">
          <span className="muted small">Session</span>
          <span role="timer" data-testid="session-clock" aria-label="Session time">
            {clock(sessionElapsed(pub, now) / 1000)}
          </span>
        </div>
        <div className={`host-clock${planned !== null && onThis > planned ? ' over' : ''}`}>
          <span className="muted small">
            This question{planned ? ` (plan ${q?.minutes} min)` : ''}
          </span>
          <span role="timer" data-testid="question-clock" aria-label="Time on this question">
            {clock(onThis)}
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
          <button
            type="button"
            className="button"
            disabled={index === 0}
            onClick={() => sync.move(index - 1)}
            data-testid="host-prev"
          >
            ← Previous
          </button>
          <button
            type="button"
            className="button primary"
            disabled={index >= pub.order.length - 1}
            onClick={() => sync.move(index + 1)}
            data-testid="host-next"
          >
            Next question →
          </button>
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
      {notice}
      <RemoteInvite live={live} questionId={id} onCode={sync.setCode} />
      <div className="host-grid">
        <nav className="host-agenda card" aria-label="Questions in this session">
          <ol>
            {pub.order.map((qid, k) => {
              const qq = questionById(qid);
              const m = priv && qq ? marksOf(priv, qid, qq.rubric.length) : null;
              return (
                <li key={qid}>
                  <button
                    type="button"
                    aria-current={k === index ? 'step' : undefined}
                    onClick={() => sync.move(k)}
                    data-testid={`agenda-${k + 1}`}
                  >
                    <span className="agenda-title">{qq?.title ?? qid}</span>
                    <span className="agenda-meta">
                      {clock((times.get(qid) ?? 0) / 1000)}
                      {m ? ` · ${m.met.filter(Boolean).length}/${m.met.length}` : ''}
                    </span>
                  </button>
                </li>
              );
            })}
          </ol>
        </nav>
        <article className="host-main card" data-testid="host-question">
          <p className="eyebrow">
            Question {index + 1} of {pub.order.length}
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
              {marks && (
                <>
                  <Rubric
                    q={q}
                    met={marks.met}
                    onToggle={(i) =>
                      sync.marks(id, q.rubric.length, (m) => ({
                        ...m,
                        met: m.met.map((v, k) => (k === i ? !v : v)),
                      }))
                    }
                  />
                  <FollowUps
                    q={q}
                    asked={marks.asked}
                    onAsk={(n) =>
                      sync.marks(id, q.rubric.length, (m) => ({
                        ...m,
                        asked: Math.max(0, Math.min(q.followUps.length, n)),
                      }))
                    }
                  />
                  <label className="host-field">
                    Notes on this question
                    <textarea
                      value={marks.notes}
                      rows={4}
                      onChange={(e) =>
                        sync.marks(id, q.rubric.length, (m) => ({ ...m, notes: e.target.value }))
                      }
                      data-testid="question-notes"
                    />
                  </label>
                </>
              )}
            </>
          ) : (
            <p className="notice error">This question is not in this version of the lab.</p>
          )}
        </article>
      </div>
      <section className="card host-footer">
        <label className="host-field">
          Candidate
          <input
            type="text"
            value={priv?.candidate ?? ''}
            onChange={(e) => sync.setCandidate(e.target.value)}
          />
        </label>
        <label className="host-field">
          Overall notes
          <textarea
            value={priv?.notes ?? ''}
            rows={3}
            onChange={(e) => sync.setNotes(e.target.value)}
            data-testid="overall-notes"
          />
        </label>
        {kept !== 'none' && (
          <p className="muted small" role="status" data-testid="notes-kept" data-kept={kept}>
            {kept === 'kept'
              ? 'Your notes, ticks and verdict are kept on the lab server, for you alone.'
              : 'Keeping your notes on the lab server…'}
          </p>
        )}
        {downloads}
      </section>
    </div>
  );
}
