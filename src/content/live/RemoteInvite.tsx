// "Invite a remote candidate" in the interviewer's window: creates a live room, shows the link
// to send, keeps the candidate's screen on the question on this window, and shows the code
// both sides type. The room (code and host secret) is kept for this tab, so a reload rejoins.
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { questionById } from '../interview/questions';
import { statusText, useLive } from './useLive';

const CoEditor = lazy(() => import('../../ui/live/CoEditor'));
const HOST_KEY = 'rateLab.live.host';

interface HostRoom {
  id: string;
  secret: string;
  joinUrl: string;
}

export function rememberHostRoom(r: HostRoom): void {
  try {
    sessionStorage.setItem(HOST_KEY, JSON.stringify(r));
  } catch {
    // No storage: the room lives as long as this page.
  }
}

function storedHostRoom(): HostRoom | null {
  try {
    const raw = sessionStorage.getItem(HOST_KEY);
    const r = raw ? (JSON.parse(raw) as Partial<HostRoom>) : null;
    return r && typeof r.id === 'string' && typeof r.secret === 'string'
      ? {
          id: r.id,
          secret: r.secret,
          joinUrl: r.joinUrl ?? `${location.origin}${location.pathname}#/live/${r.id}`,
        }
      : null;
  } catch {
    return null;
  }
}

/** The question as the candidate's screen shows it: title and prompt, never the answer. */
export function questionText(slug: string): string | null {
  const q = questionById(slug);
  return q ? `${q.title}\n\n${q.prompt}`.trim() : null;
}

export function RemoteInvite({
  questionId,
  onCode,
}: {
  questionId: string;
  onCode?: (code: string) => void;
}) {
  const [room, setRoom] = useState<HostRoom | null>(storedHostRoom);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { conn, state } = useLive(room ? { room: room.id, secret: room.secret } : null, {
    questionText,
  });

  const invite = useCallback(async () => {
    setBusy(true);
    setError(null);
    try {
      const res = await fetch('api/rooms', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ kind: 'interview' }),
      });
      const body = (await res.json()) as Partial<HostRoom> & { detail?: string };
      if (res.status !== 201 || !body.id || !body.secret)
        throw new Error(body.detail ?? `The lab server answered ${res.status}.`);
      const r = { id: body.id, secret: body.secret, joinUrl: body.joinUrl ?? '' };
      rememberHostRoom(r);
      setRoom(r);
    } catch (e) {
      setError(
        e instanceof TypeError
          ? 'Cannot reach the lab server. A remote candidate needs it: start the lab with npm start or npm run serve.'
          : (e as Error).message,
      );
    } finally {
      setBusy(false);
    }
  }, []);

  // The candidate's screen follows this window's question.
  const open = state?.status === 'open';
  useEffect(() => {
    if (!conn || !open) return;
    const text = questionText(questionId);
    if (text !== null && state?.room?.question?.slug !== questionId)
      conn
        .send('ask', { slug: questionId, text: text.slice(0, 4000) })
        .catch((e: Error) => setError(e.message));
  }, [conn, open, questionId, state?.room?.question?.slug]);

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
        Send this link: <code data-testid="join-url">{room.joinUrl}</code>{' '}
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
