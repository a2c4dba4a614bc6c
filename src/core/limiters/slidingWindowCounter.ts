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
  w: number;
  prev: number;
  cur: number;
}

export class SlidingWindowCounter implements KeyedAlgorithm<State> {
  readonly name = 'sliding-window-counter';
  constructor(
    readonly limit: number,
    readonly windowSeconds: number,
  ) {}

  fresh(req: LimiterRequest): State {
    return { w: floorE(req.at / this.windowSeconds), prev: 0, cur: 0 };
  }

  /** Estimate at time t for state s, without mutating s. */
  estimateAt(s: State, t: number): number {
    const W = this.windowSeconds;
    const w = Math.max(s.w, floorE(t / W));
    let prev: number;
    let cur: number;
    if (w === s.w) {
      prev = s.prev;
      cur = s.cur;
    } else if (w === s.w + 1) {
      prev = s.cur;
      cur = 0;
    } else {
      prev = 0;
      cur = 0;
    }
    const elapsed = Math.min(W, Math.max(0, t - w * W));
    return snap((prev * (W - elapsed)) / W + cur);
  }

  private refresh(s: State, t: number): void {
    const w = floorE(t / this.windowSeconds);
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
      s.cur = snap(s.cur + req.cost);
      checked.remaining = Math.max(0, snap(this.limit - this.estimateAt(s, req.at)));
    }
    return checked;
  }

  clone(s: State): State {
    return { w: s.w, prev: s.prev, cur: s.cur };
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
