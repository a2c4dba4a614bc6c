// A question's chain of follow-ups: the ones asked with what to listen for, the next one, and
// a way to take the last one back.
import type { HostQuestion } from '../../../core/content/interviewRubric';

export function FollowUps({
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
