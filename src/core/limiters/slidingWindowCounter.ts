// sliding-window-counter {limit L, windowSeconds W}: docs/spec/limiters.md (weighted count not
// floored). The spec gives no retry formula: the retry is the smallest whole s >= 1 whose
// estimate at t + s admits the request (the estimate never rises while nothing arrives).
import { KeyedLimiter, type KeyedAlgorithm } from './keyed';
import { floorE, gt, leq, snap } from './num';
import { num, numOrNaN, validateParams, WINDOW_PARAMS } from './params';
import type { Algorithm, Decision, LimiterRequest, ParamDescriptor, Params } from './types';

/** The two windows of one key and the weighted estimate. */
export interface SlidingWindowCounterView {
  kind: 'sliding-window-counter';
  key: string;
  windowStart: number;
  windowEnd: number;
  previousCount: number;
  currentCount: number;
  estimate: number;
  limit: number;
}

interface State {
  /** The latest window a caller used, its count and the count of the window before it. */
  w: number;
  prev: number;
  cur: number;
  /** Counts of windows before w - 1 (a caller whose clock is behind keeps using them). */
  back: Map<number, number> | null;
}

/** How many windows before the latest keep their count (see fixedWindow.ts). */
const BACK_WINDOWS = 8;

export class SlidingWindowCounter implements KeyedAlgorithm<State> {
  readonly name = 'sliding-window-counter';
  constructor(
    readonly limit: number,
    readonly windowSeconds: number,
  ) {}

  fresh(req: LimiterRequest): State {
    return { w: floorE(req.at / this.windowSeconds), prev: 0, cur: 0, back: null };
  }

  /** Estimate at time t for state s, without mutating s. */
  estimateAt(s: State, t: number): number {
    const W = this.windowSeconds;
    const tw = floorE(t / W);
    const w = Math.max(s.w, tw);
    let prev: number;
    let cur: number;
    if (tw < s.w) {
      // A time from the past: the counts of its own window and the one before.
      prev = this.countIn(s, tw - 1);
      cur = this.countIn(s, tw);
    } else if (w === s.w) {
      prev = s.prev;
      cur = s.cur;
    } else if (w === s.w + 1) {
      prev = s.cur;
      cur = 0;
    } else {
      prev = 0;
      cur = 0;
    }
    const elapsed = Math.min(W, Math.max(0, t - (tw < s.w ? tw : w) * W));
    return snap((prev * (W - elapsed)) / W + cur);
  }

  /** The count of window `id` (at or before the latest). */
  private countIn(s: State, id: number): number {
    if (id === s.w) return s.cur;
    if (id === s.w - 1) return s.prev;
    return s.back?.get(id) ?? 0;
  }

  private keepBack(s: State, id: number, count: number): void {
    if (count > 0) (s.back ??= new Map()).set(id, count);
  }

  private refresh(s: State, t: number): void {
    const w = floorE(t / this.windowSeconds);
    if (w > s.w) {
      this.keepBack(s, s.w - 1, s.prev);
      if (w > s.w + 1) this.keepBack(s, s.w, s.cur);
      if (s.back) for (const id of s.back.keys()) if (id < w - 1 - BACK_WINDOWS) s.back.delete(id);
    }
    if (w === s.w + 1) {
      s.prev = s.cur;
      s.cur = 0;
      s.w = w;
    } else if (w > s.w) {
      s.prev = 0;
      s.cur = 0;
      s.w = w;
    }
  }

  private admits(s: State, t: number, cost: number): boolean {
    return leq(this.estimateAt(s, t) + cost, this.limit);
  }

  check(s: State, req: LimiterRequest): Decision {
    const t = req.at;
    this.refresh(s, t);
    const impossible = gt(req.cost, this.limit);
    const estimate = this.estimateAt(s, t);
    const allowed = !impossible && leq(estimate + req.cost, this.limit);
    let retry: number | null = null;
    if (!allowed) retry = impossible ? -1 : this.retry(s, t, req.cost);
    return {
      allowed,
      retryAfterSeconds: retry,
      remaining: Math.max(0, snap(this.limit - estimate)),
    };
  }

  private retry(s: State, t: number, cost: number): number {
    // The estimate is non-increasing in time and reaches 0 two windows later, so a binary
    // search over whole seconds finds the smallest admitting wait.
    let hi = Math.max(1, Math.ceil(2 * this.windowSeconds) + 1);
    while (!this.admits(s, t + hi, cost)) hi *= 2;
    let lo = 0; // lo never admits (s = 0 is the denied request itself)
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (this.admits(s, t + mid, cost)) hi = mid;
      else lo = mid;
    }
    return hi;
  }

  commit(s: State, req: LimiterRequest, admitted: boolean, checked: Decision): Decision {
    if (admitted) {
      // Charged to the window of the time as sent (the engine sends a time before the latest
      // only when pastTime is "asGiven").
      const w = floorE(req.at / this.windowSeconds);
      if (w >= s.w) s.cur = snap(s.cur + req.cost);
      else if (w === s.w - 1) s.prev = snap(s.prev + req.cost);
      else (s.back ??= new Map()).set(w, snap(this.countIn(s, w) + req.cost));
      checked.remaining = Math.max(0, snap(this.limit - this.estimateAt(s, req.at)));
    }
    return checked;
  }

  clone(s: State): State {
    return { w: s.w, prev: s.prev, cur: s.cur, back: s.back ? new Map(s.back) : null };
  }

  view(s: State, key: string, now: number): SlidingWindowCounterView {
    const c = this.clone(s);
    this.refresh(c, now);
    return {
      kind: 'sliding-window-counter',
      key,
      windowStart: c.w * this.windowSeconds,
      windowEnd: (c.w + 1) * this.windowSeconds,
      previousCount: c.prev,
      currentCount: c.cur,
      estimate: this.estimateAt(c, now),
      limit: this.limit,
    };
  }
}

const PARAMS: ParamDescriptor[] = [...WINDOW_PARAMS];

export const slidingWindowCounterFactory: Algorithm = {
  summary: 'Two window counters, the previous one weighted by how much of it still overlaps.',
  params: PARAMS,
  viewKind: 'sliding-window-counter',
  reportsRemaining: false,
  budgetParams: ['limit'],
  leasable: true,
  // L in any window (t - W, t]: the weighted estimate never admits more than the log would.
  allowance: (p) => ({
    kind: 'window',
    limit: numOrNaN(p, 'limit'),
    windowSeconds: numOrNaN(p, 'windowSeconds'),
  }),
  usesDuration: false,
  // The usual script reads `key:<window>` and `key:<window - 1>` for the caller's window
  // number and INCRs the first: a caller whose clock is behind counts in its own windows.
  pastTime: 'asGiven',
  quota: (p) => numOrNaN(p, 'limit'),
  window: (p) => numOrNaN(p, 'windowSeconds'),
  usage: (v) =>
    v.kind === 'sliding-window-counter'
      ? { used: v.estimate, limit: v.limit, unit: 'estimate' }
      : { used: NaN, limit: NaN, unit: '' },
  describe: (p) =>
    `${numOrNaN(p, 'limit')} per ${numOrNaN(p, 'windowSeconds')} s (sliding window counter)`,
  validateParams: (p: Params, path: string) => validateParams(p, path, PARAMS),
  create: (p: Params) =>
    new KeyedLimiter(new SlidingWindowCounter(num(p, 'limit'), num(p, 'windowSeconds'))),
};
