// Before the session: pick the questions (or the suggested set), put them in order, name the
// candidate and start.
import { useState } from 'react';
import { questionBank, questionById } from '../questions';

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

export function Setup({ onStart }: { onStart: (order: string[], candidate: string) => void }) {
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
