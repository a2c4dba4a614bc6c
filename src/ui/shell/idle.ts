// Run work when the browser has nothing better to do: requestIdleCallback where the browser has
// it (with a timeout, so a busy page still gets there), else a short setTimeout. Used to load
// what the first screen does not show (charts, the other screens) after the first content.

export interface IdleHost {
  requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number;
  cancelIdleCallback?: (id: number) => void;
  setTimeout(cb: () => void, ms: number): number;
  clearTimeout(id: number): void;
}

/** Longest wait for an idle period before the work runs anyway. */
export const IDLE_TIMEOUT_MS = 2000;
/**
 * The prefetch queue's longest wait per task: long, so prefetching never forces its way in
 * while the page is busy (the lab's opening play), yet finishes on a page that never idles.
 */
export const QUEUE_TIMEOUT_MS = 10_000;
/** Without requestIdleCallback: wait this long, so the first content is drawn first. */
export const FALLBACK_DELAY_MS = 200;

/** Calls `fn` once when the browser is idle; returns a function that cancels it. */
export function whenIdle(
  fn: () => void,
  host: IdleHost = window as unknown as IdleHost,
  timeoutMs: number = IDLE_TIMEOUT_MS,
): () => void {
  if (host.requestIdleCallback) {
    const id = host.requestIdleCallback(fn, { timeout: timeoutMs });
    return () => host.cancelIdleCallback?.(id);
  }
  const id = host.setTimeout(fn, FALLBACK_DELAY_MS);
  return () => host.clearTimeout(id);
}

/**
 * Runs the tasks one per idle period, in order, each after the previous one settled (a failed
 * task does not stop the rest: what it loads is loaded again when it is asked for).
 */
export function idleQueue(
  tasks: readonly (() => Promise<unknown>)[],
  host: IdleHost = window as unknown as IdleHost,
): () => void {
  let stopped = false;
  let cancel: () => void = () => {};
  const next = (i: number): void => {
    if (stopped || i >= tasks.length) return;
    cancel = whenIdle(
      () => {
        if (stopped) return;
        tasks[i]!().then(
          () => next(i + 1),
          () => next(i + 1),
        );
      },
      host,
      QUEUE_TIMEOUT_MS,
    );
  };
  next(0);
  return () => {
    stopped = true;
    cancel();
  };
}
