// The browser's side of a live room (docs/live.md): one socket.io connection, the room's
// views as the server sends them, and the shared code as a Yjs document with its awareness
// (cursors). Nothing here runs until a page opens a live room, so the static lab makes no
// network request. The connection rejoins by itself (reload: the tab's rejoin token in
// sessionStorage; a lost network: socket.io's reconnection) and sends the edits made meanwhile.
import { io, type Socket } from 'socket.io-client';
import {
  Awareness,
  applyAwarenessUpdate,
  encodeAwarenessUpdate,
  removeAwarenessStates,
} from 'y-protocols/awareness';
import * as Y from 'yjs';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { HostView, PublicView, Role, SelfView } from '../core/live/room';

export type LiveStatus = 'connecting' | 'open' | 'reconnecting' | 'closed' | 'refused';

export interface LiveState {
  status: LiveStatus;
  /** Why the room cannot be used (refused, closed), in words. */
  error: string | null;
  role: Role | null;
  room: PublicView | null;
  host: HostView | null;
  you: (SelfView & { token: string }) | null;
  code: string;
}

export interface LiveProblem {
  status: number;
  code: string;
  message: string;
  field?: string;
}

type Ack = { ok: true } | { ok: false; error: LiveProblem };

export interface LiveOptions {
  /** Where the lab server is (default: this page's origin). */
  url?: string;
  room: string;
  secret?: string;
  nick?: string;
  /** Keeps the rejoin token across reloads (default: sessionStorage). */
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
  /** Seconds to wait for the server to accept a message. */
  ackTimeoutSeconds?: number;
}

export interface LiveConnection {
  store: StoreApi<LiveState>;
  doc: Y.Doc;
  text: Y.Text;
  awareness: Awareness;
  /** Sends one message; resolves once the server accepted it, rejects with its reason. */
  send(event: string, payload?: unknown): Promise<void>;
  /** Replaces the whole shared code. */
  setCode(text: string): Promise<void>;
  close(): void;
}

const tokenKey = (room: string) => `rateLab.live.${room.toUpperCase()}.token`;

function defaultStorage(): LiveOptions['storage'] {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export class LiveError extends Error {
  constructor(readonly problem: LiveProblem) {
    super(problem.message);
  }
}

export function connectLive(o: LiveOptions): LiveConnection {
  const storage = o.storage === undefined ? defaultStorage() : o.storage;
  const store = createStore<LiveState>(() => ({
    status: 'connecting',
    error: null,
    role: null,
    room: null,
    host: null,
    you: null,
    code: '',
  }));
  const doc = new Y.Doc();
  const text = doc.getText('code');
  const awareness = new Awareness(doc);
  let token = storage?.getItem(tokenKey(o.room)) ?? null;

  const opts = {
    transports: ['websocket'],
    reconnectionDelayMax: 4000,
    auth: (cb: (a: object) => void) =>
      cb({
        room: o.room,
        ...(o.secret ? { secret: o.secret } : {}),
        ...(!o.secret && token ? { token } : {}),
        ...(!o.secret && o.nick ? { nick: o.nick } : {}),
      }),
  };
  const socket: Socket = o.url ? io(o.url, opts) : io(opts);
  const set = (p: Partial<LiveState>) => store.setState(p);
  const newer = (r: PublicView) => {
    const cur = store.getState().room;
    return cur === null || cur.id !== r.id || r.rev >= cur.rev;
  };

  socket.on(
    'welcome',
    (w: { role: Role; room: PublicView; host?: HostView; you?: SelfView & { token: string } }) => {
      if (w.you) {
        token = w.you.token;
        storage?.setItem(tokenKey(o.room), token);
      }
      set({
        status: 'open',
        error: null,
        role: w.role,
        room: w.room,
        host: w.host ?? null,
        you: w.you ?? null,
      });
    },
  );
  socket.on('state', (r: PublicView) => newer(r) && set({ room: r }));
  socket.on('host', (h: HostView) => set({ host: h }));
  socket.on('you', (y: SelfView) => {
    const cur = store.getState().you;
    set({ you: { token: cur?.token ?? token ?? '', ...y } });
  });
  let synced = false;
  socket.on('y', (u: ArrayBuffer) => {
    Y.applyUpdate(doc, new Uint8Array(u), 'remote');
    if (!synced) {
      synced = true;
      // Edits made while away (or before the first sync) go to the room once.
      const mine = Y.encodeStateAsUpdate(doc);
      if (mine.byteLength > 2) socket.emit('y', mine);
    }
  });
  socket.on('awareness', (u: ArrayBuffer) =>
    applyAwarenessUpdate(awareness, new Uint8Array(u), 'remote'),
  );
  socket.on('closed', (p: LiveProblem) => set({ status: 'closed', error: p.message }));
  socket.on('connect_error', (e: Error & { data?: LiveProblem }) => {
    if (e.data && e.data.status !== 429 && e.data.status < 500) {
      set({ status: 'refused', error: e.data.message });
      socket.disconnect();
    } else
      set({
        status: 'reconnecting',
        error: e.data?.message ?? 'Cannot reach the lab server; retrying.',
      });
  });
  socket.on('disconnect', (reason) => {
    synced = false;
    if (store.getState().status === 'closed' || store.getState().status === 'refused') return;
    if (reason === 'io client disconnect') return;
    set({ status: 'reconnecting', error: 'Connection lost; rejoining…' });
  });

  doc.on('update', (u: Uint8Array, origin: unknown) => {
    set({ code: text.toString() });
    if (origin !== 'remote' && socket.connected && synced) socket.emit('y', u);
  });
  awareness.on(
    'update',
    (
      { added, updated, removed }: { added: number[]; updated: number[]; removed: number[] },
      origin: unknown,
    ) => {
      if (origin === 'remote' || !socket.connected) return;
      const ids = [...added, ...updated, ...removed].filter((id) => id === doc.clientID);
      if (ids.length) socket.emit('awareness', encodeAwarenessUpdate(awareness, ids));
    },
  );

  const send = async (event: string, payload?: unknown): Promise<void> => {
    const res = (await socket
      .timeout((o.ackTimeoutSeconds ?? 15) * 1000)
      .emitWithAck(event, payload ?? {})) as Ack;
    if (!res.ok) throw new LiveError(res.error);
  };

  return {
    store,
    doc,
    text,
    awareness,
    send,
    setCode: (t) => send('code', { text: t }),
    close() {
      removeAwarenessStates(awareness, [doc.clientID], 'local');
      socket.disconnect();
      awareness.destroy();
      doc.destroy();
      set({ status: 'closed' });
    },
  };
}
