// fixed-window {limit L, windowSeconds W, countAttempts?}: docs/spec/limiters.md.
import { KeyedLimiter, type KeyedAlgorithm } from './keyed';
import { floorE, gt, leq, retryCeil, snap } from './num';
import { bool, num, numOrNaN, validateParams, WINDOW_PARAMS } from './params';
import type { Algorithm, Decision, LimiterRequest, ParamDescriptor, Params } from './types';

/** The current window of one key. */
export interface FixedWindowView {
  kind: 'fixed-window';
  key: string;
  windowStart: number;
  windowEnd: number;
  count: number;
  limit: number;
}

interface State {
  /** The latest window a caller used, and its count. */
  w: number;
  count: number;
  /** Counts of earlier windows a caller whose clock is behind used (window id -> count). */
  back: Map<number, number> | null;
}

/**
 * How many windows before the latest keep their count when the latest moves on. A script keyed
 * by the caller's window number INCRs `key:<window>` with an EXPIRE of about one window, so an
 * old window's key lives on while callers behind keep using it; the model keeps the last few.
 */
const BACK_WINDOWS = 8;

export class FixedWindow implements KeyedAlgorithm<State> {
  readonly name = 'fixed-window';
  constructor(
    readonly limit: number,
    readonly windowSeconds: number,
    readonly countAttempts = false,
  ) {}

  fresh(req: LimiterRequest): State {
    return { w: floorE(req.at / this.windowSeconds), count: 0, back: null };
  }

  /**
   * Move to the window of time t when it is later than the latest one. A time in an earlier
   * window (a caller whose clock is behind) counts in that window, as a script keyed by the
   * caller's window number does (the engine only sends such times when `pastTime` is "asGiven").
   */
  private refresh(s: State, t: number): number {
    const w = floorE(t / this.windowSeconds);
    if (w > s.w) {
      if (s.count > 0) (s.back ??= new Map()).set(s.w, s.count);
      s.w = w;
      s.count = 0;
      if (s.back) for (const id of s.back.keys()) if (id < w - BACK_WINDOWS) s.back.delete(id);
    }
    return w;
  }

  private countIn(s: State, w: number): number {
    return w >= s.w ? s.count : (s.back?.get(w) ?? 0);
  }

  check(s: State, req: LimiterRequest): Decision {
    const w = this.refresh(s, req.at);
    const count = this.countIn(s, w);
    const L = this.limit;
    const impossible = gt(req.cost, L);
    const allowed = !impossible && leq(count + req.cost, L);
    return {
      allowed,
      retryAfterSeconds: allowed
        ? null
        : impossible
          ? -1
          : retryCeil((w + 1) * this.windowSeconds - req.at),
      remaining: Math.max(0, snap(L - count)),
    };
  }

  commit(s: State, req: LimiterRequest, admitted: boolean, checked: Decision): Decision {
    const w = floorE(req.at / this.windowSeconds);
    let count = this.countIn(s, w);
    if (admitted || this.countAttempts) {
      count = snap(count + req.cost);
      if (w >= s.w) s.count = count;
      else (s.back ??= new Map()).set(w, count);
    }
    checked.remaining = Math.max(0, snap(this.limit - count));
    return checked;
  }

  clone(s: State): State {
    return { w: s.w, count: s.count, back: s.back ? new Map(s.back) : null };
  }

  view(s: State, key: string, now: number): FixedWindowView {
    const w = floorE(now / this.windowSeconds);
    const count = w > s.w ? 0 : s.count;
    const ww = Math.max(w, s.w);
    return {
      kind: 'fixed-window',
      key,
      windowStart: ww * this.windowSeconds,
      windowEnd: (ww + 1) * this.windowSeconds,
      count,
      limit: this.limit,
    };
  }
}

const PARAMS: ParamDescriptor[] = [
  ...WINDOW_PARAMS,
  {
    name: 'countAttempts',
    kind: 'boolean',
    required: false,
    help: 'count denied attempts too (INCR then compare)',
  },
];

export const fixedWindowFactory: Algorithm = {
  summary: 'A counter per key and window of W seconds, reset at each window boundary.',
  params: PARAMS,
  viewKind: 'fixed-window',
  reportsRemaining: true,
  budgetParams: ['limit'],
  leasable: true,
  // L in each aligned window [kW, (k+1)W).
  allowance: (p) => ({
    kind: 'aligned-window',
    limit: numOrNaN(p, 'limit'),
    windowSeconds: numOrNaN(p, 'windowSeconds'),
  }),
  usesDuration: false,
  // The usual script INCRs `key:<floor(now / W)>`: a caller whose clock is behind computes an
  // earlier window number and counts in that window's key, not the latest one.
  pastTime: 'asGiven',
  quota: (p) => numOrNaN(p, 'limit'),
  window: (p) => numOrNaN(p, 'windowSeconds'),
  usage: (v) =>
    v.kind === 'fixed-window'
      ? { used: v.count, limit: v.limit, unit: 'in window' }
      : { used: NaN, limit: NaN, unit: '' },
  describe: (p) => `${numOrNaN(p, 'limit')} per ${numOrNaN(p, 'windowSeconds')} s (fixed window)`,
  validateParams: (p: Params, path: string) => validateParams(p, path, PARAMS),
  create: (p: Params) =>
    new KeyedLimiter(
      new FixedWindow(num(p, 'limit'), num(p, 'windowSeconds'), bool(p, 'countAttempts')),
    ),
};
