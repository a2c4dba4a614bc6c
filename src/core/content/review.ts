// The review queue: questions and problems a learner missed come back later, after 1, 3 and 7
// days (simple spaced repetition). A miss puts an item at the start; each right answer once it
// is due moves it one step on; a right answer at the last step takes it off the queue.

/** Days until an item is due again, by step. */
export const REVIEW_DAYS = [1, 3, 7] as const;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface ReviewItem {
  /** What the item is, for the queue: "Write: GCRA in Lua". */
  title: string;
  /** Where to practise it: `#/practice/<slug>` or `#/lessons/<slug>?q=<n>`. */
  href: string;
  /** 0, 1 or 2: which of REVIEW_DAYS the current wait is. */
  step: number;
  /** ISO time it is due. */
  due: string;
  /** ISO time it was last missed. */
  missed: string;
}

/** The item after a miss at `now`: back to the first step, due a day later. */
export function afterMiss(
  prev: ReviewItem | undefined,
  info: { title: string; href: string },
  now: Date,
): ReviewItem {
  return {
    title: info.title || prev?.title || '',
    href: info.href || prev?.href || '',
    step: 0,
    due: new Date(now.getTime() + REVIEW_DAYS[0] * DAY_MS).toISOString(),
    missed: now.toISOString(),
  };
}

/**
 * The item after a right answer at `now`: unchanged before it is due (a right answer the same
 * day proves little), one step on when due, and null (learned) after the last step.
 */
export function afterRight(prev: ReviewItem, now: Date): ReviewItem | null {
  if (now.getTime() < Date.parse(prev.due)) return prev;
  const step = prev.step + 1;
  if (step >= REVIEW_DAYS.length) return null;
  return {
    ...prev,
    step,
    due: new Date(now.getTime() + REVIEW_DAYS[step]! * DAY_MS).toISOString(),
  };
}

export const isDue = (item: ReviewItem, now: Date): boolean =>
  Date.parse(item.due) <= now.getTime();

/** Reads a stored item; null when it is not one (damaged data is dropped, never trusted). */
export function readReviewItem(v: unknown): ReviewItem | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return null;
  const o = v as Record<string, unknown>;
  const ok =
    typeof o.title === 'string' &&
    typeof o.href === 'string' &&
    /^#\/(practice|lessons)\//.test(o.href) &&
    typeof o.step === 'number' &&
    Number.isInteger(o.step) &&
    o.step >= 0 &&
    o.step < REVIEW_DAYS.length &&
    typeof o.due === 'string' &&
    !Number.isNaN(Date.parse(o.due)) &&
    typeof o.missed === 'string' &&
    !Number.isNaN(Date.parse(o.missed));
  return ok
    ? {
        title: o.title as string,
        href: o.href as string,
        step: o.step as number,
        due: o.due as string,
        missed: o.missed as string,
      }
    : null;
}
