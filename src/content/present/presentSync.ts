// The projector window and the speaker view share one position in a deck through a
// BroadcastChannel; either can drive. The position is also kept in localStorage so a reload of
// either window comes back to the same step. A race step has turns inside it: each advance
// plays the next round trip of its schedule, and only after the last one does the deck move on.
import {
  browserChannel,
  browserStorage,
  isRecord,
  loadJson,
  newWindowId,
  openChannel,
  saveJson,
  type ChannelFactory,
  type StorageLike,
} from '../sync/channel';

export interface DeckPosition {
  v: 1;
  deck: string;
  step: number;
  /** Round trips of the current race step's schedule played so far (0 elsewhere). */
  turn: number;
  blank: boolean;
  /** When the talk started (wall-clock ms), for the speaker's elapsed clock. */
  startedAt: number;
  rev: number;
  writer: string;
}

type Msg = { t: 'pos'; p: DeckPosition } | { t: 'hello'; deck: string };

/** A message of this channel's shape; its position is checked again against the deck. */
export const isPresentMsg = (m: unknown): m is Msg =>
  isRecord(m) &&
  ((m.t === 'hello' && typeof m.deck === 'string') || (m.t === 'pos' && isRecord(m.p)));

export const PRESENT_CHANNEL = 'rateLab.present';
export const positionKey = (deck: string): string => `rateLab.present.${deck}`;

function readPosition(v: unknown, deck: string, turns: readonly number[]): DeckPosition | null {
  const steps = turns.length;
  if (typeof v !== 'object' || v === null) return null;
  const o = v as Record<string, unknown>;
  if (o.v !== 1 || o.deck !== deck || typeof o.writer !== 'string') return null;
  const n = (x: unknown) => typeof x === 'number' && Number.isFinite(x);
  if (!n(o.step) || !n(o.startedAt) || !n(o.rev) || typeof o.blank !== 'boolean') return null;
  const step = Math.min(Math.max(0, Math.floor(o.step as number)), Math.max(0, steps - 1));
  const t = n(o.turn) ? Math.floor(o.turn as number) : 0;
  const turn = Math.min(Math.max(0, t), turns[step] ?? 0);
  return { ...(o as unknown as DeckPosition), step, turn };
}

export interface PresentSync {
  get(): DeckPosition;
  subscribe(cb: () => void): () => void;
  /** To a step's start (its first turn). */
  go(step: number): void;
  /** The next turn of a race step, else the next step (a clicker's Right/PageDown/Space). */
  next(): void;
  /** The previous turn, else the previous step with all its turns played. */
  prev(): void;
  setBlank(blank: boolean): void;
  restartClock(): void;
  saveError(): string | null;
  destroy(): void;
}

/**
 * `steps` is the number of steps, or each step's number of turns (a race step's schedule
 * length, 0 for any other step).
 */
export function createPresentSync(
  deck: string,
  stepsOrTurns: number | readonly number[],
  opts: {
    initialStep?: number | null;
    storage?: StorageLike | null;
    channel?: ChannelFactory;
    now?: () => number;
  } = {},
): PresentSync {
  const turns: readonly number[] =
    typeof stepsOrTurns === 'number' ? new Array<number>(stepsOrTurns).fill(0) : stepsOrTurns;
  const steps = turns.length;
  const storage = opts.storage === undefined ? browserStorage() : opts.storage;
  const now = opts.now ?? (() => Date.now());
  const me = newWindowId();
  const ch = openChannel(PRESENT_CHANNEL, isPresentMsg, opts.channel ?? browserChannel);
  const listeners = new Set<() => void>();
  const stored = readPosition(loadJson(storage, positionKey(deck)), deck, turns);
  let pos: DeckPosition = stored ?? {
    v: 1,
    deck,
    step: 0,
    turn: 0,
    blank: false,
    startedAt: now(),
    rev: 0,
    writer: me,
  };
  let error: string | null = null;
  const clamp = (s: number) => Math.min(Math.max(0, s), Math.max(0, steps - 1));
  const apply = (p: DeckPosition, broadcast: boolean) => {
    pos = p;
    error = saveJson(storage, positionKey(deck), p);
    for (const l of listeners) l();
    if (broadcast) ch.post({ t: 'pos', p });
  };
  const change = (patch: Partial<DeckPosition>) =>
    apply({ ...pos, ...patch, rev: pos.rev + 1, writer: me }, true);
  if (
    opts.initialStep !== undefined &&
    opts.initialStep !== null &&
    clamp(opts.initialStep) !== pos.step
  )
    pos = { ...pos, step: clamp(opts.initialStep), turn: 0, rev: pos.rev + 1, writer: me };

  const off = ch.subscribe((m) => {
    if (m.t === 'hello') {
      if (m.deck === deck) ch.post({ t: 'pos', p: pos });
      return;
    }
    const p = readPosition(m.p, deck, turns);
    if (!p) return;
    if (p.rev > pos.rev || (p.rev === pos.rev && p.writer > pos.writer)) apply(p, false);
  });
  ch.post({ t: 'hello', deck });
  ch.post({ t: 'pos', p: pos });

  return {
    get: () => pos,
    subscribe(cb) {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    go(step) {
      const s = clamp(step);
      if (s !== pos.step || pos.turn !== 0 || pos.blank) change({ step: s, turn: 0, blank: false });
    },
    next() {
      if (pos.turn < (turns[pos.step] ?? 0)) change({ turn: pos.turn + 1, blank: false });
      else if (pos.step < steps - 1) change({ step: pos.step + 1, turn: 0, blank: false });
      else if (pos.blank) change({ blank: false });
    },
    prev() {
      if (pos.turn > 0) change({ turn: pos.turn - 1, blank: false });
      else if (pos.step > 0)
        change({ step: pos.step - 1, turn: turns[pos.step - 1] ?? 0, blank: false });
      else if (pos.blank) change({ blank: false });
    },
    setBlank(blank) {
      if (blank !== pos.blank) change({ blank });
    },
    restartClock() {
      change({ startedAt: now() });
    },
    saveError: () => error,
    destroy() {
      off();
      ch.close();
      listeners.clear();
    },
  };
}
