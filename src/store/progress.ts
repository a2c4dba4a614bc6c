// The learner's progress: lessons read, problems solved, code saved per problem. Kept in
// localStorage, exportable and importable as a JSON file. Damaged or foreign data never blanks a
// screen: it is set aside under another key and reported in a message the UI shows.
import { createStore } from 'zustand/vanilla';

export const PROGRESS_KEY = 'rate-lab:progress:v1';
/** Where unreadable stored progress is moved to (so nothing the learner had is destroyed). */
export const PROGRESS_CORRUPT_KEY = 'rate-lab:progress:corrupt';
/** Where a rejected import file's text is kept. */
export const PROGRESS_REJECTED_KEY = 'rate-lab:progress:rejected-import';

export interface ProgressData {
  /** slug -> ISO time first read to the end. */
  lessonsRead: Record<string, string>;
  /** slug -> ISO time first solved. */
  problemsSolved: Record<string, string>;
  /** slug -> the learner's latest code or answers (JSON text for forms). */
  saved: Record<string, string>;
}

export interface ProgressState extends ProgressData {
  /** A message for the learner about data that was set aside, or an import result. */
  notice: { kind: 'error' | 'info'; text: string } | null;
  markRead(slug: string): void;
  markSolved(slug: string): void;
  save(slug: string, text: string): void;
  dismissNotice(): void;
  reset(): void;
}

export interface ProgressFile extends ProgressData {
  app: 'rate-limit-lab';
  kind: 'progress';
  version: 1;
  exportedAt: string;
}

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

const empty = (): ProgressData => ({ lessonsRead: {}, problemsSolved: {}, saved: {} });
const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isStringMap = (v: unknown): v is Record<string, string> =>
  isObj(v) && Object.values(v).every((x) => typeof x === 'string');

/** Reads progress data from parsed JSON; returns a reason when it is not ours or is damaged. */
export function readProgress(
  v: unknown,
): { ok: true; data: ProgressData } | { ok: false; reason: string } {
  if (!isObj(v)) return { ok: false, reason: 'it is not a JSON object' };
  if (v.app !== undefined && v.app !== 'rate-limit-lab')
    return { ok: false, reason: `it belongs to another app (${JSON.stringify(v.app)})` };
  if (v.kind !== undefined && v.kind !== 'progress')
    return { ok: false, reason: `it is a ${JSON.stringify(v.kind)} file, not progress` };
  if (v.version !== undefined && v.version !== 1)
    return {
      ok: false,
      reason: `it has version ${JSON.stringify(v.version)}; this lab reads version 1`,
    };
  const data = empty();
  for (const f of ['lessonsRead', 'problemsSolved', 'saved'] as const) {
    const x = v[f];
    if (x === undefined) continue;
    if (!isStringMap(x)) return { ok: false, reason: `its "${f}" is not a map of strings` };
    data[f] = { ...x };
  }
  if (v.lessonsRead === undefined && v.problemsSolved === undefined && v.saved === undefined)
    return { ok: false, reason: 'it has none of lessonsRead, problemsSolved or saved' };
  return { ok: true, data };
}

function defaultStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function createProgressStore(
  storage: Storage | null = defaultStorage(),
  now: () => Date = () => new Date(),
) {
  let initial = empty();
  let notice: ProgressState['notice'] = null;
  const raw = (() => {
    try {
      return storage?.getItem(PROGRESS_KEY) ?? null;
    } catch {
      return null;
    }
  })();
  if (raw !== null) {
    let parsed: unknown;
    let reason: string | null = null;
    try {
      parsed = JSON.parse(raw);
      const r = readProgress(parsed);
      if (r.ok) initial = r.data;
      else reason = r.reason;
    } catch {
      reason = 'it is not valid JSON';
    }
    if (reason) {
      try {
        storage?.setItem(PROGRESS_CORRUPT_KEY, raw);
        storage?.removeItem(PROGRESS_KEY);
      } catch {
        // Storage full or blocked: keep running with empty progress.
      }
      notice = {
        kind: 'error',
        text: `Your saved progress could not be read (${reason}), so this lab started fresh. The old data was kept in localStorage under "${PROGRESS_CORRUPT_KEY}".`,
      };
    }
  }

  const store = createStore<ProgressState>()((set, get) => {
    const persist = () => {
      const { lessonsRead, problemsSolved, saved } = get();
      try {
        storage?.setItem(
          PROGRESS_KEY,
          JSON.stringify({
            app: 'rate-limit-lab',
            kind: 'progress',
            version: 1,
            lessonsRead,
            problemsSolved,
            saved,
          }),
        );
      } catch {
        set({
          notice: {
            kind: 'error',
            text: 'Progress could not be saved: the browser refused to store it (storage full or blocked).',
          },
        });
      }
    };
    return {
      ...initial,
      notice,
      markRead(slug) {
        if (get().lessonsRead[slug]) return;
        set((s) => ({ lessonsRead: { ...s.lessonsRead, [slug]: now().toISOString() } }));
        persist();
      },
      markSolved(slug) {
        if (get().problemsSolved[slug]) return;
        set((s) => ({ problemsSolved: { ...s.problemsSolved, [slug]: now().toISOString() } }));
        persist();
      },
      save(slug, text) {
        if (get().saved[slug] === text) return;
        set((s) => ({ saved: { ...s.saved, [slug]: text } }));
        persist();
      },
      dismissNotice() {
        set({ notice: null });
      },
      reset() {
        set({ ...empty(), notice: null });
        persist();
      },
    };
  });

  /** The progress as a file's text. */
  function exportProgress(): string {
    const { lessonsRead, problemsSolved, saved } = store.getState();
    const file: ProgressFile = {
      app: 'rate-limit-lab',
      kind: 'progress',
      version: 1,
      exportedAt: now().toISOString(),
      lessonsRead,
      problemsSolved,
      saved,
    };
    return `${JSON.stringify(file, null, 2)}\n`;
  }

  /**
   * Merges an exported file into the current progress (nothing already done is lost; imported
   * code replaces saved code for the same problem). A bad file changes nothing: its text is kept
   * under PROGRESS_REJECTED_KEY and the notice says why.
   */
  function importProgress(
    text: string,
  ): { ok: true; counts: { lessons: number; problems: number } } | { ok: false; message: string } {
    let reason: string | null = null;
    let data: ProgressData | null = null;
    try {
      const r = readProgress(JSON.parse(text));
      if (r.ok) data = r.data;
      else reason = r.reason;
    } catch {
      reason = 'it is not valid JSON';
    }
    if (!data) {
      try {
        storage?.setItem(PROGRESS_REJECTED_KEY, text.slice(0, 1_000_000));
      } catch {
        // nothing more to keep
      }
      const message = `That file could not be imported: ${reason}. Your progress is unchanged; the file's text was kept in localStorage under "${PROGRESS_REJECTED_KEY}".`;
      store.setState({ notice: { kind: 'error', text: message } });
      return { ok: false, message };
    }
    const s = store.getState();
    const pick = (a: Record<string, string>, b: Record<string, string>) => {
      const out = { ...b, ...a };
      for (const [k, v] of Object.entries(b)) if (a[k] && a[k]! > v) out[k] = v;
      return out;
    };
    const next = {
      lessonsRead: pick(s.lessonsRead, data.lessonsRead),
      problemsSolved: pick(s.problemsSolved, data.problemsSolved),
      saved: { ...s.saved, ...data.saved },
    };
    const counts = {
      lessons: Object.keys(data.lessonsRead).length,
      problems: Object.keys(data.problemsSolved).length,
    };
    store.setState({
      ...next,
      notice: {
        kind: 'info',
        text: `Imported progress: ${counts.lessons} lesson(s) read and ${counts.problems} problem(s) solved.`,
      },
    });
    try {
      storage?.setItem(
        PROGRESS_KEY,
        JSON.stringify({ app: 'rate-limit-lab', kind: 'progress', version: 1, ...next }),
      );
    } catch {
      // reported on the next save
    }
    return { ok: true, counts };
  }

  return Object.assign(store, { exportProgress, importProgress });
}

export type ProgressStore = ReturnType<typeof createProgressStore>;

let singleton: ProgressStore | null = null;
/** The app's progress store (created on first use, reading localStorage then). */
export function progressStore(): ProgressStore {
  singleton ??= createProgressStore();
  return singleton;
}
