// Under the running session: the candidate's name, overall notes, whether the lab server keeps
// them for the host, and the scorecard's downloads.
import type { SessionPrivate } from '../../../core/interview/session';
import type { InterviewSync } from '../interviewSync';
import type { ReactNode } from 'react';

export function SessionNotes({
  priv,
  sync,
  kept,
  children,
}: {
  priv: SessionPrivate | null;
  sync: InterviewSync;
  kept: 'none' | 'saving' | 'kept';
  /** The scorecard's downloads. */
  children: ReactNode;
}) {
  return (
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
      {children}
    </section>
  );
}
