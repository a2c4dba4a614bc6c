// The scorecard: its downloads (Markdown and JSON, during and after the session), and the
// session-over view with the table per question, the verdict, overall notes and a new start.
import { clock, scorecardMarkdown, type Scorecard } from '../../../core/interview/scorecard';
import type { SessionPrivate } from '../../../core/interview/session';
import { forgetHostRoom } from '../../live/useHostRoom';
import type { InterviewSync } from '../interviewSync';
import { VerdictPicker } from '../VerdictPicker';
import { download, stamp } from './download';

export function ScorecardDownloads({ card, startedAt }: { card: Scorecard; startedAt: number }) {
  return (
    <p className="host-downloads">
      <button
        type="button"
        className="button primary"
        onClick={() =>
          download(
            `interview-scorecard-${stamp(startedAt)}.md`,
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
            `interview-scorecard-${stamp(startedAt)}.json`,
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
}

export function SessionOver({
  card,
  startedAt,
  priv,
  sync,
}: {
  card: Scorecard;
  startedAt: number;
  priv: SessionPrivate | null;
  sync: InterviewSync;
}) {
  return (
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
      <ScorecardDownloads card={card} startedAt={startedAt} />
      <p>
        <button
          type="button"
          className="button"
          onClick={() => {
            if (
              window.confirm('Forget this session in this browser? Download the scorecard first.')
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
  );
}
