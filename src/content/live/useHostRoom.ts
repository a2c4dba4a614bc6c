// The interviewer's live room, held by the whole host page (while the session runs and after
// it ends): the room kept for this tab (so a reload rejoins), the invitation, the connection,
// and the mirror that keeps the interviewer's notes, ticks and verdict on the server for the
// host alone (hostMirror.ts).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { SessionPrivate } from '../../core/interview/session';
import type { InterviewSync } from '../interview/interviewSync';
import { questionById } from '../interview/questions';
import { heldBy, hostMessages, restoreFrom } from './hostMirror';
import { useLive, type UseLive } from './useLive';

const HOST_KEY = 'rateLab.live.host';
/** Typing in the notes goes to the server once it pauses this long. */
const MIRROR_DELAY_MS = 400;

export interface HostRoom {
  id: string;
  secret: string;
  joinUrl: string;
  /** The interview session this room belongs to (absent: the next one that opens it). */
  session?: string;
}

export function rememberHostRoom(r: HostRoom): void {
  try {
    sessionStorage.setItem(HOST_KEY, JSON.stringify(r));
  } catch {
    // No storage: the room lives as long as this page.
  }
}

export function forgetHostRoom(): void {
  try {
    sessionStorage.removeItem(HOST_KEY);
  } catch {
    // nothing kept
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
          ...(typeof r.session === 'string' ? { session: r.session } : {}),
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

export interface HostRoomHandle extends UseLive {
  room: HostRoom | null;
  error: string | null;
  setError(e: string | null): void;
  busy: boolean;
  invite(): Promise<void>;
}

export function useHostRoom(session: string | null): HostRoomHandle {
  const [room, setRoom] = useState<HostRoom | null>(() => {
    const r = storedHostRoom();
    return r && (r.session === undefined || r.session === session) ? r : null;
  });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const live = useLive(room ? { room: room.id, secret: room.secret } : null, { questionText });

  // A room opened from its host link belongs to the session it opens in; another session
  // (after "Start a new session") invites anew.
  useEffect(() => {
    if (room?.session !== undefined && session !== null && room.session !== session) {
      forgetHostRoom();
      setRoom(null);
    } else if (room && session && room.session === undefined) {
      const r = { ...room, session };
      rememberHostRoom(r);
      setRoom(r);
    }
  }, [room, session]);

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
      const r: HostRoom = {
        id: body.id,
        secret: body.secret,
        joinUrl: body.joinUrl ?? '',
        ...(session ? { session } : {}),
      };
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
  }, [session]);

  return { ...live, room, error, setError, busy, invite };
}

/**
 * Keeps the interviewer's part of the session on the server (host connections only): what
 * the server holds and this window lacks comes back first, then every change goes out.
 */
export function useHostMirror(
  live: HostRoomHandle,
  priv: SessionPrivate | null,
  sync: InterviewSync,
): 'none' | 'saving' | 'kept' {
  const { conn, state, setError } = live;
  const host = state?.status === 'open' ? state.host : null;
  /** What was sent to the server, by part, as JSON (seeded from its host view). */
  const held = useRef<Map<string, string> | null>(null);
  /** What the server accepted, by part. */
  const acked = useRef(new Map<string, string>());
  const [, rerender] = useState(0);
  useEffect(() => {
    held.current = null;
  }, [conn]);

  // Once per connection: take back what the server kept, and note what it holds.
  useEffect(() => {
    if (!host || !priv || held.current !== null) return;
    held.current = heldBy(host);
    acked.current = new Map(held.current);
    const back = restoreFrom(priv, host);
    if (back.notes !== undefined) sync.setNotes(back.notes);
    if (back.verdict !== undefined) sync.setVerdict(back.verdict);
    for (const [slug, m] of Object.entries(back.marks)) {
      const points = questionById(slug)?.rubric.length ?? m.met.length;
      sync.marks(slug, points, () => m);
    }
  }, [host, priv, sync]);

  const ready = host !== null;
  useEffect(() => {
    if (!conn || !ready || !priv) return;
    const timer = setTimeout(() => {
      const kept = held.current;
      if (!kept) return;
      for (const m of hostMessages(priv)) {
        const json = JSON.stringify(m.payload);
        if (kept.get(m.key) === json) continue;
        kept.set(m.key, json);
        conn.send(m.event, m.payload).then(
          () => {
            acked.current.set(m.key, json);
            rerender((n) => n + 1);
          },
          (e: Error) => {
            kept.delete(m.key);
            setError(`Not kept on the lab server: ${e.message}`);
          },
        );
      }
    }, MIRROR_DELAY_MS);
    return () => clearTimeout(timer);
  }, [conn, ready, priv, setError]);

  if (!conn || !priv) return 'none';
  if (!ready) return 'saving';
  const all = hostMessages(priv);
  return all.every((m) => acked.current.get(m.key) === JSON.stringify(m.payload))
    ? 'kept'
    : 'saving';
}
