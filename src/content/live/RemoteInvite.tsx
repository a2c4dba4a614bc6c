// "Invite a remote candidate" in the interviewer's window: creates a live room, shows the link
// to send, keeps the candidate's screen on the question on this window, and shows the code
// both sides type and the shared race scheduler and lab. The room itself (kept for this tab, so
// a reload rejoins) is the host page's (useHostRoom.ts).
import { lazy, Suspense, useEffect } from 'react';
import { SharedScene } from './SharedScene';
import { questionText, rememberHostRoom, type HostRoomHandle } from './useHostRoom';
import { statusText } from './useLive';

const CoEditor = lazy(() => import('../../ui/live/CoEditor'));

export { rememberHostRoom, questionText };

export function RemoteInvite({
  live,
  questionId,
  onCode,
}: {
  live: HostRoomHandle;
  questionId: string;
  onCode?: (code: string) => void;
}) {
  const { conn, state, room, error, setError, busy, invite } = live;

  // The candidate's screen follows this window's question.
  const open = state?.status === 'open';
  useEffect(() => {
    if (!conn || !open) return;
    const text = questionText(questionId);
    if (text !== null && state?.room?.question?.slug !== questionId)
      conn
        .send('ask', { slug: questionId, text: text.slice(0, 4000) })
        .catch((e: Error) => setError(e.message));
  }, [conn, open, questionId, state?.room?.question?.slug, setError]);

  // Kept with the session for the scorecard (once synced: an empty editor before then is not news).
  const code = state?.status === 'open' ? state.code : '';
  useEffect(() => {
    if (code) onCode?.(code);
  }, [code, onCode]);

  if (!room)
    return (
      <section className="card live-invite" aria-label="Remote candidate">
        <button
          type="button"
          className="button"
          onClick={() => void invite()}
          disabled={busy}
          data-testid="invite-remote"
        >
          Invite a remote candidate
        </button>
        {error && (
          <p className="notice error" role="alert">
            {error}
          </p>
        )}
      </section>
    );
  const expires = state?.room ? new Date(state.room.expiresAt).toLocaleTimeString() : null;
  return (
    <section
      className="card live-invite"
      aria-label="Remote candidate"
      data-testid="live-host"
      data-status={state?.status ?? 'connecting'}
    >
      <h3>Remote candidate</h3>
      <p>
        Send this link:{' '}
        <code data-testid="join-url" style={{ overflowWrap: 'anywhere' }}>
          {room.joinUrl}
        </code>{' '}
        <button
          type="button"
          className="button small-button"
          onClick={() => void navigator.clipboard?.writeText(room.joinUrl)}
        >
          Copy
        </button>
      </p>
      <p className="live-status muted" role="status">
        {statusText(state)} · candidate{' '}
        {state?.room && state.room.learners > 0 ? 'joined' : 'not joined yet'}
        {expires && ` · the room closes if idle until ${expires}`}
      </p>
      {error && <p className="notice error">{error}</p>}
      {conn && state?.status === 'open' && (
        <SharedScene
          conn={conn}
          questionId={questionId}
          race={state.room?.race ?? null}
          lab={state.room?.lab ?? null}
        />
      )}
      {conn && (
        <Suspense fallback={<p className="loading">Loading the editor…</p>}>
          <CoEditor
            text={conn.text}
            awareness={conn.awareness}
            label="The candidate's code (shared)"
            who="Interviewer"
            height="14rem"
          />
        </Suspense>
      )}
    </section>
  );
}
