// The learner's progress: lessons read, problems solved, code saved per problem, attempts, the
// worked solutions seen or loaded, and the review queue of missed questions and problems. Kept in
// localStorage, exportable and importable as a JSON file. Damaged or foreign data never blanks a
// screen: it is set aside under another key and reported in a message the UI shows.
import { createStore } from 'zustand/vanilla';
import { afterMiss, afterRight, readReviewItem, type ReviewItem } from '../core/content/review';

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
  /** slug -> how many times the learner asked for a grade. */
  attempts: Record<string, number>;
  /** slug -> ISO time the worked solution was first shown. */
  solutionsViewed: Record<string, string>;
  /** slug -> ISO time the worked solution was first loaded into the answer. */
  solutionsLoaded: Record<string, string>;
  /** `problem:<slug>` or `question:<lesson>:<n>` -> when it comes back for review. */
  review: Record<string, ReviewItem>;
}

export interface ProgressState extends ProgressData {
  /** A message for the learner about data that was set aside, or an import result. */
  notice: { kind: 'error' | 'info'; text: string } | null;
  markRead(slug: string): void;
  markSolved(slug: string): void;
  save(slug: string, text: string): void;
  /** One more grade asked for. */
  attempted(slug: string): void;
  solutionViewed(slug: string): void;
  solutionLoaded(slug: string): void;
  /** A question or problem answered: a miss (re)enters the review queue, a right answer moves it on. */
  answered(id: string, right: boolean, info: { title: string; href: string }): void;
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

const empty = (): ProgressData => ({
  lessonsRead: {},
  problemsSolved: {},
  saved: {},
  attempts: {},
  solutionsViewed: {},
  solutionsLoaded: {},
  review: {},
});
const STRING_MAPS = [
  'lessonsRead',
  'problemsSolved',
  'saved',
  'solutionsViewed',
  'solutionsLoaded',
] as const;
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
  for (const f of STRING_MAPS) {
    const x = v[f];
    if (x === undefined) continue;
    if (!isStringMap(x)) return { ok: false, reason: `its "${f}" is not a map of strings` };
    data[f] = { ...x };
  }
  if (v.attempts !== undefined) {
    const a = v.attempts;
    if (!isObj(a) || !Object.values(a).every((n) => Number.isInteger(n) && (n as number) >= 0))
      return { ok: false, reason: 'its "attempts" is not a map of whole numbers' };
    data.attempts = { ...(a as Record<string, number>) };
  }
  if (v.review !== undefined) {
    if (!isObj(v.review)) return { ok: false, reason: 'its "review" is not a map of items' };
    for (const [id, item] of Object.entries(v.review)) {
      const r = readReviewItem(item);
      if (!r) return { ok: false, reason: `its review item "${id}" is damaged` };
      data.review[id] = r;
    }
  }
  if (
    v.lessonsRead === undefined &&
    v.problemsSolved === undefined &&
    v.saved === undefined &&
    v.review === undefined
  )
    return { ok: false, reason: 'it has none of lessonsRead, problemsSolved, saved or review' };
  return { ok: true, data };
}

/** Just the data of a state (what is stored and exported). */
function dataOf(s: ProgressData): ProgressData {
  const { lessonsRead, problemsSolved, saved, attempts, solutionsViewed, solutionsLoaded, review } =
    s;
  return { lessonsRead, problemsSolved, saved, attempts, solutionsViewed, solutionsLoaded, review };
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
      try {
        storage?.setItem(
          PROGRESS_KEY,
          JSON.stringify({ app: 'rate-limit-lab', kind: 'progress', version: 1, ...dataOf(get()) }),
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
      attempted(slug) {
        set((s) => ({ attempts: { ...s.attempts, [slug]: (s.attempts[slug] ?? 0) + 1 } }));
        persist();
      },
      solutionViewed(slug) {
        if (get().solutionsViewed[slug]) return;
        set((s) => ({ solutionsViewed: { ...s.solutionsViewed, [slug]: now().toISOString() } }));
        persist();
      },
      solutionLoaded(slug) {
        if (get().solutionsLoaded[slug]) return;
        set((s) => ({ solutionsLoaded: { ...s.solutionsLoaded, [slug]: now().toISOString() } }));
        persist();
      },
      answered(id, right, info) {
        const prev = get().review[id];
        if (right && !prev) return;
        const next = right ? afterRight(prev!, now()) : afterMiss(prev, info, now());
        if (next === prev) return;
        set((s) => {
          const review = { ...s.review };
          if (next) review[id] = next;
          else delete review[id];
          return { review };
        });
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
    const file: ProgressFile = {
      app: 'rate-limit-lab',
      kind: 'progress',
      version: 1,
      exportedAt: now().toISOString(),
      ...dataOf(store.getState()),
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
  ):
    | { ok: true; counts: { lessons: number; problems: number; review: number } }
    | { ok: false; message: string } {
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
    const review = { ...s.review };
    for (const [id, item] of Object.entries(data.review)) {
      const mine = review[id];
      if (!mine || item.missed > mine.missed) review[id] = item;
    }
    const attempts = { ...s.attempts };
    for (const [k, n] of Object.entries(data.attempts)) attempts[k] = Math.max(n, attempts[k] ?? 0);
    const next: ProgressData = {
      lessonsRead: pick(s.lessonsRead, data.lessonsRead),
      problemsSolved: pick(s.problemsSolved, data.problemsSolved),
      saved: { ...s.saved, ...data.saved },
      attempts,
      solutionsViewed: pick(s.solutionsViewed, data.solutionsViewed),
      solutionsLoaded: pick(s.solutionsLoaded, data.solutionsLoaded),
      review,
    };
    const counts = {
      lessons: Object.keys(data.lessonsRead).length,
      problems: Object.keys(data.problemsSolved).length,
      review: Object.keys(data.review).length,
    };
    store.setState({
      ...next,
      notice: {
        kind: 'info',
        text: `Imported progress: ${counts.lessons} lesson(s) read, ${counts.problems} problem(s) solved and ${counts.review} item(s) to review.`,
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
