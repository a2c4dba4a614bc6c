// The interview session shared by the candidate's screen and the interviewer's window. The
// public part travels on one channel and storage key; the interviewer's part (rubric ticks,
// follow-ups, notes) on another, which a candidate window never opens or reads, so nothing of
// the interviewer's view can reach the candidate's screen.
import {
  createPrivate,
  createSession,
  endSession,
  moveTo,
  readPrivate,
  readPublic,
  supersedes,
  updateMarks,
  type QuestionMarks,
  type SessionPrivate,
  type SessionPublic,
  type Verdict,
} from '../../core/interview/session';
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

export const PUBLIC_KEY = 'rateLab.interview.session';
export const PRIVATE_KEY = 'rateLab.interview.host';
export const PUBLIC_CHANNEL = 'rateLab.interview';
export const PRIVATE_CHANNEL = 'rateLab.interview.host';

export type Role = 'host' | 'candidate';

type PublicMsg = { t: 'pub'; s: SessionPublic } | { t: 'hello' } | { t: 'clear'; id: string };
type PrivateMsg = { t: 'priv'; s: SessionPrivate } | { t: 'hello' };

/** Messages of the public channel (a session inside is read again by readPublic). */
export const isPublicMsg = (m: unknown): m is PublicMsg =>
  isRecord(m) &&
  (m.t === 'hello' ||
    (m.t === 'pub' && isRecord(m.s)) ||
    (m.t === 'clear' && typeof m.id === 'string'));
/** Messages of the interviewer's channel (the part inside is read again by readPrivate). */
export const isPrivateMsg = (m: unknown): m is PrivateMsg =>
  isRecord(m) && (m.t === 'hello' || (m.t === 'priv' && isRecord(m.s)));

export interface InterviewState {
  pub: SessionPublic | null;
  /** Host windows only; always null in a candidate window. */
  priv: SessionPrivate | null;
  /** Why the last change could not be saved in this browser (it is still held in memory). */
  saveError: string | null;
  /** Why the stored session could not be read back. */
  loadError: string | null;
}

export interface InterviewSync {
  getState(): InterviewState;
  subscribe(cb: () => void): () => void;
  start(order: readonly string[], candidate?: string): void;
  move(index: number): void;
  end(): void;
  /** Forget the session in every window (after the scorecard is downloaded). */
  clear(): void;
  marks(id: string, points: number, change: (m: QuestionMarks) => QuestionMarks): void;
  setCandidate(name: string): void;
  setNotes(notes: string): void;
  setVerdict(verdict: Verdict | null): void;
  /** Keeps the remote candidate's code with the session (for the scorecard). */
  setCode(code: string): void;
  destroy(): void;
}

export interface SyncDeps {
  storage?: StorageLike | null;
  channel?: ChannelFactory;
  now?: () => number;
  windowId?: string;
}

export function createInterviewSync(role: Role, deps: SyncDeps = {}): InterviewSync {
  const storage = deps.storage === undefined ? browserStorage() : deps.storage;
  const now = deps.now ?? (() => Date.now());
  const me = deps.windowId ?? newWindowId();
  const pubCh = openChannel(PUBLIC_CHANNEL, isPublicMsg, deps.channel ?? browserChannel);
  const privCh =
    role === 'host'
      ? openChannel(PRIVATE_CHANNEL, isPrivateMsg, deps.channel ?? browserChannel)
      : null;
  const listeners = new Set<() => void>();

  let state: InterviewState = { pub: null, priv: null, saveError: null, loadError: null };
  const set = (patch: Partial<InterviewState>) => {
    state = { ...state, ...patch };
    for (const l of listeners) l();
  };

  // Read back what a reload left behind.
  {
    const rawPub = loadJson(storage, PUBLIC_KEY);
    const pub = rawPub === undefined ? null : readPublic(rawPub);
    let loadError: string | null =
      rawPub !== undefined && !pub
        ? 'The saved interview session in this browser is damaged, so it was not loaded.'
        : null;
    let priv: SessionPrivate | null = null;
    if (role === 'host' && pub) {
      const rawPriv = loadJson(storage, PRIVATE_KEY);
      priv = rawPriv === undefined ? null : readPrivate(rawPriv);
      if (rawPriv !== undefined && !priv)
        loadError =
          'The saved interviewer notes in this browser are damaged, so they were not loaded.';
      if (!priv || priv.id !== pub.id) priv = createPrivate(pub.id, me);
    }
    state = { pub, priv, saveError: null, loadError };
  }

  const savePub = (pub: SessionPublic | null): string | null => {
    if (!storage) return saveJson(storage, PUBLIC_KEY, pub);
    if (pub === null) {
      try {
        storage.removeItem(PUBLIC_KEY);
        storage.removeItem(PRIVATE_KEY);
      } catch {
        // nothing left to protect
      }
      return null;
    }
    return saveJson(storage, PUBLIC_KEY, pub);
  };

  const applyPub = (pub: SessionPublic, broadcast: boolean) => {
    const err = savePub(pub);
    const patch: Partial<InterviewState> = {
      pub,
      saveError: err ?? (broadcast ? null : state.saveError),
    };
    if (role === 'host' && (!state.priv || state.priv.id !== pub.id)) {
      const priv = createPrivate(pub.id, me);
      patch.priv = priv;
    }
    set(patch);
    if (broadcast) pubCh.post({ t: 'pub', s: pub });
  };

  const applyPriv = (priv: SessionPrivate, broadcast: boolean) => {
    const err = saveJson(storage, PRIVATE_KEY, priv);
    set({ priv, saveError: err });
    if (broadcast) privCh?.post({ t: 'priv', s: priv });
  };

  const offPub = pubCh.subscribe((m) => {
    if (m.t === 'hello') {
      if (state.pub) pubCh.post({ t: 'pub', s: state.pub });
      return;
    }
    if (m.t === 'clear') {
      if (state.pub?.id === m.id) {
        savePub(null);
        set({ pub: null, priv: null });
      }
      return;
    }
    const s = readPublic(m.s);
    if (s && supersedes(s, state.pub)) applyPub(s, false);
  });
  const offPriv = privCh?.subscribe((m) => {
    if (m.t === 'hello') {
      if (state.priv) privCh.post({ t: 'priv', s: state.priv });
      return;
    }
    const s = readPrivate(m.s);
    if (s && state.pub && s.id === state.pub.id && supersedes(s, state.priv)) applyPriv(s, false);
  });
  // Catch up with windows that are already open (their storage write may have failed).
  pubCh.post({ t: 'hello' });
  privCh?.post({ t: 'hello' });

  const changePriv = (f: (p: SessionPrivate) => SessionPrivate) => {
    if (role !== 'host' || !state.pub) return;
    const base = state.priv ?? createPrivate(state.pub.id, me);
    applyPriv(f(base), true);
  };

  return {
    getState: () => state,
    subscribe(cb) {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    start(order, candidate = '') {
      if (role !== 'host') return;
      const pub = createSession(newWindowId(), order, now(), me);
      applyPub(pub, true);
      const priv = { ...createPrivate(pub.id, me), candidate };
      applyPriv(priv, true);
    },
    move(index) {
      if (!state.pub) return;
      const next = moveTo(state.pub, index, now(), me);
      if (next !== state.pub) applyPub(next, true);
    },
    end() {
      if (role !== 'host' || !state.pub) return;
      const next = endSession(state.pub, now(), me);
      if (next !== state.pub) applyPub(next, true);
    },
    clear() {
      if (role !== 'host' || !state.pub) return;
      const id = state.pub.id;
      savePub(null);
      set({ pub: null, priv: null, saveError: null });
      pubCh.post({ t: 'clear', id });
    },
    marks(id, points, change) {
      changePriv((p) => updateMarks(p, id, points, change, me));
    },
    setCandidate(name) {
      changePriv((p) => ({ ...p, rev: p.rev + 1, writer: me, candidate: name }));
    },
    setNotes(notes) {
      changePriv((p) => ({ ...p, rev: p.rev + 1, writer: me, notes }));
    },
    setVerdict(verdict) {
      changePriv((p) => ({ ...p, rev: p.rev + 1, writer: me, verdict }));
    },
    setCode(code) {
      changePriv((p) => (p.code === code ? p : { ...p, rev: p.rev + 1, writer: me, code }));
    },
    destroy() {
      offPub();
      offPriv?.();
      pubCh.close();
      privCh?.close();
      listeners.clear();
    },
  };
}
