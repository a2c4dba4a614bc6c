// Progress is shared by every tab of the lab through one localStorage key. A tab never writes
// its whole copy back: at write time it reads the stored copy and changes only the item it
// changed (one lesson read, one problem's code, one attempt more), so another tab's newer work
// is never overwritten by this tab's older copy. Pure: the caller reads and writes storage.
import { afterMiss, afterRight, type ReviewItem } from '../core/content/review';

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
  /** A predict prompt's id -> the learner's first answer to it (null: "Just show me"). */
  predictions: Record<string, Prediction>;
}

/** One prediction, kept as first made: a second look at the same scene is no prediction. */
export interface Prediction {
  /** The number the learner predicted, or null when they chose to be shown. */
  said: number | null;
  /** Whether it matched the run (null when nothing was predicted). */
  right: boolean | null;
  at: string;
}

/** "You predicted 9 of 14 right": right answers of those actually predicted. */
export function predictionScore(p: Record<string, Prediction>): { right: number; made: number } {
  let right = 0;
  let made = 0;
  for (const x of Object.values(p)) {
    if (x.right === null) continue;
    made++;
    if (x.right) right++;
  }
  return { right, made };
}

/** The maps whose items are "the first time something happened". */
export type FirstTimeField =
  'lessonsRead' | 'problemsSolved' | 'solutionsViewed' | 'solutionsLoaded';

/** One change a tab makes, applied to whatever copy is stored when it is written. */
export type ProgressChange =
  | { kind: 'first'; field: FirstTimeField; slug: string; at: string }
  /** `base`: the code this tab last saw stored for the slug (undefined: none). */
  | { kind: 'saved'; slug: string; text: string; base: string | undefined }
  | { kind: 'attempt'; slug: string }
  | {
      kind: 'answer';
      id: string;
      right: boolean;
      info: { title: string; href: string };
      at: string;
    }
  | { kind: 'predicted'; id: string; prediction: Prediction }
  | { kind: 'import'; data: ProgressData }
  | { kind: 'reset' };

/** Another tab saved different code for the same problem since this tab last saw it. */
export interface SavedConflict {
  slug: string;
  /** The other tab's code, which this write replaces (offered to the learner as a file). */
  theirs: string;
  /** This tab's code, which is now stored. */
  mine: string;
}

export const emptyProgress = (): ProgressData => ({
  lessonsRead: {},
  problemsSolved: {},
  saved: {},
  attempts: {},
  solutionsViewed: {},
  solutionsLoaded: {},
  review: {},
  predictions: {},
});

/** The earlier of two ISO times per item (a first time never moves later). */
function earliest(a: Record<string, string>, b: Record<string, string>): Record<string, string> {
  const out = { ...a, ...b };
  for (const [k, v] of Object.entries(a)) {
    const w = b[k];
    if (w !== undefined && v < w) out[k] = v;
  }
  return out;
}

/** Merges two whole copies item by item: nothing either has done is lost. */
export function mergeProgress(mine: ProgressData, other: ProgressData): ProgressData {
  const review = { ...mine.review };
  for (const [id, item] of Object.entries(other.review)) {
    const m = review[id];
    if (!m || item.missed > m.missed) review[id] = item;
  }
  const attempts = { ...mine.attempts };
  for (const [k, n] of Object.entries(other.attempts)) attempts[k] = Math.max(n, attempts[k] ?? 0);
  return {
    lessonsRead: earliest(mine.lessonsRead, other.lessonsRead),
    problemsSolved: earliest(mine.problemsSolved, other.problemsSolved),
    saved: { ...mine.saved, ...other.saved },
    attempts,
    solutionsViewed: earliest(mine.solutionsViewed, other.solutionsViewed),
    solutionsLoaded: earliest(mine.solutionsLoaded, other.solutionsLoaded),
    review,
    // The first answer to a prompt stands: this copy's, else the other's.
    predictions: { ...other.predictions, ...mine.predictions },
  };
}

/**
 * Applies one change to the stored copy. Only the changed item moves; a first time already
 * stored stays; an attempt adds one to the stored count; code saved over another tab's newer
 * code for the same problem is a conflict the caller reports (with the other tab's code).
 */
export function applyChange(
  stored: ProgressData,
  change: ProgressChange,
): { data: ProgressData; conflict: SavedConflict | null } {
  switch (change.kind) {
    case 'first': {
      const map = stored[change.field];
      if (map[change.slug] !== undefined) return { data: stored, conflict: null };
      return {
        data: { ...stored, [change.field]: { ...map, [change.slug]: change.at } },
        conflict: null,
      };
    }
    case 'saved': {
      const theirs = stored.saved[change.slug];
      const conflict =
        theirs !== undefined && theirs !== change.base && theirs !== change.text
          ? { slug: change.slug, theirs, mine: change.text }
          : null;
      return {
        data: { ...stored, saved: { ...stored.saved, [change.slug]: change.text } },
        conflict,
      };
    }
    case 'attempt': {
      const n = (stored.attempts[change.slug] ?? 0) + 1;
      return {
        data: { ...stored, attempts: { ...stored.attempts, [change.slug]: n } },
        conflict: null,
      };
    }
    case 'answer': {
      const prev = stored.review[change.id];
      const at = new Date(change.at);
      if (change.right && !prev) return { data: stored, conflict: null };
      const next = change.right ? afterRight(prev!, at) : afterMiss(prev, change.info, at);
      if (next === prev) return { data: stored, conflict: null };
      const review = { ...stored.review };
      if (next) review[change.id] = next;
      else delete review[change.id];
      return { data: { ...stored, review }, conflict: null };
    }
    case 'predicted': {
      if (stored.predictions[change.id]) return { data: stored, conflict: null };
      return {
        data: {
          ...stored,
          predictions: { ...stored.predictions, [change.id]: change.prediction },
        },
        conflict: null,
      };
    }
    case 'import': {
      // Imported code replaces stored code for the same problem; everything else merges.
      const merged = mergeProgress(stored, change.data);
      return { data: merged, conflict: null };
    }
    case 'reset':
      return { data: emptyProgress(), conflict: null };
  }
}
