// fixed-window {limit L, windowSeconds W, countAttempts?}: spec/limiters.md.
import { KeyedLimiter, type KeyedAlgorithm } from './keyed';
import { floorE, gt, leq, retryCeil, snap } from './num';
import { bool, num, validateParamSpecs } from './params';
import type { Decision, LimiterFactory, LimiterRequest, LimiterView, Params } from './types';

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

  view(s: State, key: string, now: number): LimiterView {
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

export const fixedWindowFactory: LimiterFactory = {
  validateParams: (p: Params, path: string) =>
    validateParamSpecs(p, path, [
      { name: 'limit', rule: 'gt0', required: true },
      { name: 'windowSeconds', rule: 'gt0', required: true },
      { name: 'countAttempts', rule: 'bool', required: false },
    ]),
  create: (p: Params) =>
    new KeyedLimiter(
      new FixedWindow(num(p, 'limit'), num(p, 'windowSeconds'), bool(p, 'countAttempts')),
    ),
};
