// Writing to localStorage can fail: the lab's storage is full (QuotaExceededError), or the
// browser's settings block storage altogether. Every write says which, so the screen can tell
// the learner and offer what could not be kept as a file.
import { errorMessage } from '../core/util/errorMessage';

export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The browser's localStorage, or null when the browser blocks it. */
export function browserLocalStorage(): StorageLike | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Why a write failed, in words for the learner. */
export function writeFailure(e: unknown): string {
  const name = e instanceof Error || e instanceof DOMException ? e.name : '';
  return /quota/i.test(name) || /quota/i.test(String(e))
    ? "this browser's storage for the lab is full"
    : `the browser refused to store it (${errorMessage(e)})`;
}

/** Writes (or with null removes) one key; returns null when done, else why it failed. */
export function writeStorage(
  storage: StorageLike | null,
  key: string,
  text: string | null,
): string | null {
  if (!storage) return 'this browser does not let the lab store anything (storage is off)';
  try {
    if (text === null) storage.removeItem(key);
    else storage.setItem(key, text);
    return null;
  } catch (e) {
    return writeFailure(e);
  }
}

/** Reads one key; null when absent or unreadable. */
export function readStorage(storage: StorageLike | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}
