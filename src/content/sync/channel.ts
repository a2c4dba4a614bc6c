// Two windows of the lab (projector and speaker view, candidate and interviewer) talk through a
// BroadcastChannel: same browser, same origin, no server, works offline. State that must
// survive a reload is also kept in localStorage; a failed write is reported, never swallowed.
import { errorMessage } from '../../core/util/errorMessage';

export interface SyncChannel<M> {
  post(message: M): void;
  subscribe(cb: (message: M) => void): () => void;
  close(): void;
}

type ChannelLike = Pick<BroadcastChannel, 'postMessage' | 'close'> & {
  onmessage: ((ev: MessageEvent) => void) | null;
};

export type ChannelFactory = (name: string) => ChannelLike | null;

export const browserChannel: ChannelFactory = (name) =>
  typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(name);

/**
 * Opens a channel whose messages are checked by `accept` before any listener sees them: any
 * page of the same origin can post anything on a channel of the same name (`null`, a number,
 * an object with the wrong fields), and such a message is ignored, never thrown.
 */
export function openChannel<M>(
  name: string,
  accept: (v: unknown) => v is M,
  factory: ChannelFactory = browserChannel,
): SyncChannel<M> {
  const ch = factory(name);
  const listeners = new Set<(m: M) => void>();
  if (ch)
    ch.onmessage = (ev: MessageEvent) => {
      const m: unknown = ev.data;
      if (!accept(m)) return;
      for (const l of listeners) l(m);
    };
  return {
    post(m) {
      try {
        ch?.postMessage(m);
      } catch {
        // A closed channel (the window is going away): nothing to tell.
      }
    },
    subscribe(cb) {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    close() {
      listeners.clear();
      ch?.close();
    },
  };
}

/** A plain object (not null, not an array): the first check of every channel message. */
export { isObj as isRecord } from '../../core/util/isObj';

/** A random id for this window (ties between two windows' writes are broken by it). */
export function newWindowId(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  return `w-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function browserStorage(): StorageLike | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage blocked by the browser's settings
  }
}

/** Saves JSON; returns null when saved, or a sentence saying why it was not. */
export function saveJson(storage: StorageLike | null, key: string, value: unknown): string | null {
  if (!storage) return 'this browser does not let the lab store anything';
  try {
    storage.setItem(key, JSON.stringify(value));
    return null;
  } catch (e) {
    const name = e instanceof Error ? e.name : '';
    return /quota/i.test(name) || /quota/i.test(String(e))
      ? "this browser's storage for the lab is full"
      : `the browser refused to store it (${errorMessage(e)})`;
  }
}

/** Reads JSON; undefined when absent, null when present but unreadable. */
export function loadJson(storage: StorageLike | null, key: string): unknown {
  if (!storage) return undefined;
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch {
    return undefined;
  }
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}
