// React glue for a live room: open one connection for a page, read its state, and make it the
// page's `window.rateLab.live` room.
import { useEffect, useState, useSyncExternalStore } from 'react';
import {
  connectLive,
  type LiveConnection,
  type LiveOptions,
  type LiveState,
} from '../../store/liveClient';
import { registerLive } from '../../store/liveApi';

export interface UseLive {
  conn: LiveConnection | null;
  state: LiveState | null;
}

const none = () => () => undefined;
const nothing = () => null;

export function useLive(
  opts: LiveOptions | null,
  register: { questionText?: (slug: string) => string | null; lastStep?: number } = {},
): UseLive {
  const key = opts ? JSON.stringify([opts.room, opts.secret ?? '', opts.nick ?? '']) : '';
  const [conn, setConn] = useState<LiveConnection | null>(null);
  useEffect(() => {
    if (!key) return;
    const [room, secret, nick] = JSON.parse(key) as [string, string, string];
    const c = connectLive({ room, ...(secret ? { secret } : {}), ...(nick ? { nick } : {}) });
    setConn(c);
    return () => {
      c.close();
      setConn(null);
    };
  }, [key]);
  const { questionText, lastStep } = register;
  useEffect(() => {
    if (!conn) return;
    return registerLive({
      conn,
      ...(questionText ? { questionText } : {}),
      ...(lastStep !== undefined ? { lastStep } : {}),
    });
  }, [conn, questionText, lastStep]);
  const state = useSyncExternalStore(
    conn ? conn.store.subscribe : none,
    conn ? conn.store.getState : nothing,
    conn ? conn.store.getState : nothing,
  );
  return { conn, state };
}

/** The room's public summary (kind, deck) before joining, or why it cannot be joined. */
export async function lookupRoom(
  code: string,
): Promise<
  | { ok: true; kind: 'interview' | 'workshop'; deck: string | null; id: string }
  | { ok: false; message: string }
> {
  try {
    const res = await fetch(`api/rooms/${encodeURIComponent(code)}`);
    const body = (await res.json()) as {
      kind?: string;
      deck?: string | null;
      id?: string;
      detail?: string;
    };
    if (!res.ok)
      return { ok: false, message: body.detail ?? `The lab server answered ${res.status}.` };
    return {
      ok: true,
      kind: body.kind === 'workshop' ? 'workshop' : 'interview',
      deck: body.deck ?? null,
      id: body.id ?? code,
    };
  } catch {
    return {
      ok: false,
      message: 'Cannot reach the lab server. Live rooms need it (npm start or npm run serve).',
    };
  }
}

export function statusText(s: LiveState | null): string {
  if (!s) return 'Connecting…';
  switch (s.status) {
    case 'connecting':
      return 'Connecting…';
    case 'open':
      return 'Connected';
    case 'reconnecting':
      return s.error ?? 'Rejoining…';
    default:
      return s.error ?? 'This room is closed.';
  }
}
