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
  w: number;
  count: number;
}

export class FixedWindow implements KeyedAlgorithm<State> {
  readonly name = 'fixed-window';
  constructor(
    readonly limit: number,
    readonly windowSeconds: number,
    readonly countAttempts = false,
  ) {}

  fresh(req: LimiterRequest): State {
    return { w: floorE(req.at / this.windowSeconds), count: 0 };
  }

  private refresh(s: State, t: number): void {
    // A window id never moves backwards (the clock going back stays in the later window).
    const w = floorE(t / this.windowSeconds);
    if (w > s.w) {
      s.w = w;
      s.count = 0;
    }
  }

  check(s: State, req: LimiterRequest): Decision {
    this.refresh(s, req.at);
    const L = this.limit;
    const impossible = gt(req.cost, L);
    const allowed = !impossible && leq(s.count + req.cost, L);
    return {
      allowed,
      retryAfterSeconds: allowed
        ? null
        : impossible
          ? -1
          : retryCeil((s.w + 1) * this.windowSeconds - req.at),
      remaining: Math.max(0, snap(L - s.count)),
    };
  }

  commit(s: State, req: LimiterRequest, admitted: boolean, checked: Decision): Decision {
    if (admitted || this.countAttempts) s.count = snap(s.count + req.cost);
    checked.remaining = Math.max(0, snap(this.limit - s.count));
    return checked;
  }

  clone(s: State): State {
    return { w: s.w, count: s.count };
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
