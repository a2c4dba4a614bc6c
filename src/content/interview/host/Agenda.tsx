// The session's questions in order: each one's time so far and rubric points met; a click
// moves the session there.
import { clock } from '../../../core/interview/scorecard';
import { marksOf, type SessionPrivate } from '../../../core/interview/session';
import type { InterviewSync } from '../interviewSync';
import { questionById } from '../questions';

export function Agenda({
  order,
  index,
  times,
  priv,
  sync,
}: {
  order: readonly string[];
  index: number;
  /** Milliseconds on each question so far. */
  times: Map<string, number>;
  priv: SessionPrivate | null;
  sync: InterviewSync;
}) {
  return (
    <nav className="host-agenda card" aria-label="Questions in this session">
      <ol>
        {order.map((qid, k) => {
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
  );
}
