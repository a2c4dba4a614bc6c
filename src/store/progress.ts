// The learner's progress: lessons read, problems solved, code saved per problem, attempts, the
// worked solutions seen or loaded, and the review queue of missed questions and problems. Kept in
// localStorage, exportable and importable as a JSON file. Damaged or foreign data never blanks a
// screen: it is set aside under another key and reported in a message the UI shows.
import { createStore, type StoreApi } from 'zustand/vanilla';
import { readReviewItem } from '../core/content/review';
import {
  applyChange,
  emptyProgress as empty,
  type FirstTimeField,
  type ProgressChange,
  type ProgressData,
} from './progressMerge';
import { browserLocalStorage, readStorage, writeStorage, type StorageLike } from './storageWrite';
import { isObj } from '../core/util/isObj';

export const PROGRESS_KEY = 'rate-lab:progress:v1';
/** Where unreadable stored progress is moved to (so nothing the learner had is destroyed). */
export const PROGRESS_CORRUPT_KEY = 'rate-lab:progress:corrupt';
/** Where a rejected import file's text is kept. */
export const PROGRESS_REJECTED_KEY = 'rate-lab:progress:rejected-import';

export type { ProgressData } from './progressMerge';

/** A file the learner can download from a notice: what could not be kept, or a copy replaced. */
export interface NoticeDownload {
  /** The link's words: "Download the code the other tab saved". */
  label: string;
  name: string;
  text: string;
}

export interface ProgressNoticeData {
  kind: 'error' | 'info';
  text: string;
  download?: NoticeDownload;
}

export interface ProgressState extends ProgressData {
  /** A message for the learner about data that was set aside, or an import result. */
  notice: ProgressNoticeData | null;
  markRead(slug: string): void;
  markSolved(slug: string): void;
  save(slug: string, text: string): void;
  /** One more grade asked for. */
  attempted(slug: string): void;
  solutionViewed(slug: string): void;
  solutionLoaded(slug: string): void;
  /** A question or problem answered: a miss (re)enters the review queue, a right answer moves it on. */
  answered(id: string, right: boolean, info: { title: string; href: string }): void;
  /** A predict prompt answered (kept only the first time; `said` null: "Just show me"). */
  predicted(id: string, said: number | null, right: boolean | null): void;
  dismissNotice(): void;
  reset(): void;
}

export interface ProgressFile extends ProgressData {
  app: 'rate-limit-lab';
  kind: 'progress';
  version: 1;
  exportedAt: string;
}

const STRING_MAPS = [
  'lessonsRead',
  'problemsSolved',
  'saved',
  'solutionsViewed',
  'solutionsLoaded',
] as const;
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
  if (v.predictions !== undefined) {
    if (!isObj(v.predictions)) return { ok: false, reason: 'its "predictions" is not a map' };
    for (const [id, p] of Object.entries(v.predictions)) {
      const ok =
        isObj(p) &&
        (p.said === null || (typeof p.said === 'number' && Number.isFinite(p.said))) &&
        (p.right === null || typeof p.right === 'boolean') &&
        typeof p.at === 'string';
      if (!ok) return { ok: false, reason: `its prediction "${id}" is damaged` };
      data.predictions[id] = {
        said: p.said as number | null,
        right: p.right as boolean | null,
        at: p.at as string,
      };
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
  const {
    lessonsRead,
    problemsSolved,
    saved,
    attempts,
    solutionsViewed,
    solutionsLoaded,
    review,
    predictions,
  } = s;
  return {
    lessonsRead,
    problemsSolved,
    saved,
    attempts,
    solutionsViewed,
    solutionsLoaded,
    review,
    predictions,
  };
}

const FILE_NAME = 'rate-limit-lab-progress.json';

/** The stored text of progress data. */
const storedText = (d: ProgressData): string =>
  JSON.stringify({ app: 'rate-limit-lab', kind: 'progress', version: 1, ...d });

/** Calls back when another tab changes the stored progress (the `storage` event). */
export type StorageWatcher = (key: string, onChange: () => void) => () => void;

const windowWatcher: StorageWatcher = (key, onChange) => {
  if (typeof window === 'undefined') return () => {};
  const on = (e: StorageEvent) => {
    if (e.key === key || e.key === null) onChange();
  };
  window.addEventListener('storage', on);
  return () => window.removeEventListener('storage', on);
};

export function createProgressStore(
  storage: StorageLike | null = browserLocalStorage(),
  now: () => Date = () => new Date(),
  watch: StorageWatcher = windowWatcher,
) {
  let initial = empty();
  let notice: ProgressState['notice'] = null;
  const raw = readStorage(storage, PROGRESS_KEY);
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
      const keepError = writeStorage(storage, PROGRESS_CORRUPT_KEY, raw);
      if (!keepError) writeStorage(storage, PROGRESS_KEY, null);
      notice = keepError
        ? {
            kind: 'error',
            text: `Your saved progress could not be read (${reason}), and it could not be set aside (${keepError}). It is still in localStorage under "${PROGRESS_KEY}"; the file below is a copy.`,
            download: { label: 'Download the unreadable progress', name: FILE_NAME, text: raw },
          }
        : {
            kind: 'error',
            text: `Your saved progress could not be read (${reason}), so this lab started fresh. The old data was kept in localStorage under "${PROGRESS_CORRUPT_KEY}".`,
          };
    }
  }
  /** The code this tab last saw stored per problem: a stored copy that differs is another tab's. */
  const seen: Record<string, string> = { ...initial.saved };

  /** The stored copy now (another tab may have written since), or null when unreadable. */
  const readStored = (): ProgressData | null => {
    const text = readStorage(storage, PROGRESS_KEY);
    if (text === null) return empty();
    try {
      const r = readProgress(JSON.parse(text));
      return r.ok ? r.data : null;
    } catch {
      return null;
    }
  };

  /** Changes this tab could not write yet (storage full): kept on top of any stored copy. */
  const pending: ProgressChange[] = [];
  const withPending = (d: ProgressData): ProgressData =>
    pending.reduce((acc, c) => applyChange(acc, c).data, d);

  /**
   * Applies one change to the copy stored now and writes it back; this tab then shows the
   * merged copy (the other tabs' work included). A failed write is said, with the file.
   */
  const commit = (change: ProgressChange, info?: string): string | null => {
    const base = withPending(readStored() ?? dataOf(store.getState()));
    const { data, conflict } = applyChange(base, change);
    if (change.kind === 'saved') seen[change.slug] = change.text;
    const err = writeStorage(storage, PROGRESS_KEY, storedText(data));
    // What could not be written is applied again on the next write (or another tab's).
    if (err) pending.push(change);
    else pending.length = 0;
    let next: ProgressState['notice'] = info
      ? { kind: 'info', text: info }
      : store.getState().notice;
    if (err)
      next = {
        kind: 'error',
        text: `Progress could not be saved: ${err}. It is kept on this page until you close it; download it to keep it.`,
        download: { label: 'Download your progress', name: FILE_NAME, text: exportOf(data) },
      };
    else if (conflict)
      next = {
        kind: 'info',
        text: `Another tab saved different code for "${conflict.slug}". This tab's code is now saved; the other tab's code is in the file below.`,
        download: {
          label: "Download the other tab's code",
          name: `${conflict.slug}-other-tab.txt`,
          text: conflict.theirs,
        },
      };
    else if (store.getState().notice?.text.startsWith('Progress could not be saved')) next = null;
    store.setState({ ...data, notice: next });
    return err;
  };
  const first = (field: FirstTimeField, slug: string) => {
    if (store.getState()[field][slug]) return;
    commit({ kind: 'first', field, slug, at: now().toISOString() });
  };

  const store: StoreApi<ProgressState> = createStore<ProgressState>()((set, get) => {
    return {
      ...initial,
      notice,
      markRead: (slug) => first('lessonsRead', slug),
      markSolved: (slug) => first('problemsSolved', slug),
      save(slug, text) {
        if (get().saved[slug] === text && seen[slug] === text) return;
        commit({ kind: 'saved', slug, text, base: seen[slug] });
      },
      attempted(slug) {
        commit({ kind: 'attempt', slug });
      },
      solutionViewed: (slug) => first('solutionsViewed', slug),
      solutionLoaded: (slug) => first('solutionsLoaded', slug),
      answered(id, right, info) {
        if (right && !get().review[id] && !readStored()?.review[id]) return;
        commit({ kind: 'answer', id, right, info, at: now().toISOString() });
      },
      predicted(id, said, right) {
        if (get().predictions[id]) return;
        commit({ kind: 'predicted', id, prediction: { said, right, at: now().toISOString() } });
      },
      dismissNotice() {
        set({ notice: null });
      },
      reset() {
        set({ notice: null });
        commit({ kind: 'reset' });
      },
    };
  });

  /** Another tab wrote: show its copy merged with ours (nothing of either is dropped). */
  watch(PROGRESS_KEY, () => {
    const stored = readStored();
    if (!stored) return;
    store.setState({ ...withPending(stored) });
  });

  function exportOf(d: ProgressData): string {
    const file: ProgressFile = {
      app: 'rate-limit-lab',
      kind: 'progress',
      version: 1,
      exportedAt: now().toISOString(),
      ...d,
    };
    return `${JSON.stringify(file, null, 2)}\n`;
  }

  /** The progress as a file's text. */
  const exportProgress = (): string => exportOf(dataOf(store.getState()));

  /**
   * Merges an exported file into the stored progress (nothing already done is lost; imported
   * code replaces saved code for the same problem). A bad file changes nothing: its text is kept
   * under PROGRESS_REJECTED_KEY and the notice says why. An import the browser cannot store is
   * not "Imported": the notice says so and offers the merged progress as a file.
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
      const keepError = writeStorage(storage, PROGRESS_REJECTED_KEY, text.slice(0, 1_000_000));
      const message = keepError
        ? `That file could not be imported: ${reason}. Your progress is unchanged.`
        : `That file could not be imported: ${reason}. Your progress is unchanged; the file's text was kept in localStorage under "${PROGRESS_REJECTED_KEY}".`;
      store.setState({ notice: { kind: 'error', text: message } });
      return { ok: false, message };
    }
    const counts = {
      lessons: Object.keys(data.lessonsRead).length,
      problems: Object.keys(data.problemsSolved).length,
      review: Object.keys(data.review).length,
    };
    for (const [slug, code] of Object.entries(data.saved)) seen[slug] = code;
    const err = commit(
      { kind: 'import', data },
      `Imported progress: ${counts.lessons} lesson(s) read, ${counts.problems} problem(s) solved and ${counts.review} item(s) to review.`,
    );
    if (err) {
      const message = `That file was read but not imported: ${err}, so nothing of it would be kept after this page closes. It is shown on this page until then; the file below has your progress with it.`;
      store.setState({ notice: { ...store.getState().notice!, text: message } });
      return { ok: false, message };
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
