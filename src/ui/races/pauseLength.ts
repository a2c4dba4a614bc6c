// How long "Pause" lets time pass on the store's clock: what the learner typed, else just past
// the nearest expiry in the store (what frees a lock), and whether that length can be taken.
import { useState } from 'react';
import { MAX_PAUSE_MS, type SessionState } from '../../core/races/session';
import type { KeyState } from '../../core/races/types';

/** Just past the nearest expiry in the store (what frees a lock), or one second. */
export function suggestedPause(store: readonly KeyState[]): number {
  const ttls = store.flatMap((k) => (k.ttlMs !== null && k.ttlMs >= 0 ? [k.ttlMs] : []));
  return ttls.length ? Math.floor(Math.min(...ttls)) + 1 : 1000;
}

export interface PauseLength {
  /** The text in the field (the suggestion until the learner types). */
  text: string;
  setText: (t: string) => void;
  ms: number;
  /** A whole number of ms from 1 to MAX_PAUSE_MS. */
  ok: boolean;
  /** A pause can be taken now (a schedule is running and the length is fine). */
  can: boolean;
}

export function usePauseLength(st: SessionState | null): PauseLength {
  /** The pause length the learner typed; null: the suggestion (just past the nearest expiry). */
  const [typed, setText] = useState<string | null>(null);
  const text = typed ?? String(suggestedPause(st?.store ?? []));
  const ms = Number(text);
  const ok = Number.isInteger(ms) && ms >= 1 && ms <= MAX_PAUSE_MS;
  return { text, setText, ms, ok, can: !!st && !st.finished && ok };
}
