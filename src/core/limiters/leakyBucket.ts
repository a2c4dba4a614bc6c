// leaky-bucket {ratePerSecond r, burst B, nodelay?, delay?}: NGINX limit_req in exact
// arithmetic, spec/leaky-bucket.md. Cost is always 1 (validated before the run).
import { KeyedLimiter, type KeyedAlgorithm } from './keyed';
import { gt, leq, retryCeil, snap } from './num';
import { bool, num, validateParamSpecs } from './params';
import type { Decision, LimiterFactory, LimiterRequest, LimiterView, Params } from './types';

interface State {
  excess: number;
  /** Time of the last admitted request; NaN before the first. */
  last: number;
}

export class LeakyBucket implements KeyedAlgorithm<State> {
  readonly name = 'leaky-bucket';
  constructor(
    readonly ratePerSecond: number,
    readonly burst: number,
    readonly nodelay = false,
    readonly delay = 0,
  ) {}

  fresh(): State {
    return { excess: 0, last: NaN };
  }

  private next(s: State, t: number): { e: number; elapsed: number } {
    const elapsed = Math.max(0, t - s.last);
    // The clamp comes after the + 1.
    const e = snap(Math.max(0, s.excess - this.ratePerSecond * elapsed + 1));
    return { e, elapsed };
  }

  check(s: State, req: LimiterRequest): Decision {
    if (Number.isNaN(s.last)) return { allowed: true, retryAfterSeconds: null, delaySeconds: 0 };
    const { e, elapsed } = this.next(s, req.at);
    if (gt(e, this.burst)) {
      return {
        allowed: false,
        retryAfterSeconds: retryCeil((s.excess + 1 - this.burst) / this.ratePerSecond - elapsed),
      };
    }
    let delaySeconds = 0;
    if (!this.nodelay && !leq(e, this.delay)) delaySeconds = (e - this.delay) / this.ratePerSecond;
    return { allowed: true, retryAfterSeconds: null, delaySeconds: snap(delaySeconds) };
  }

  commit(s: State, req: LimiterRequest, admitted: boolean, checked: Decision): Decision {
    if (admitted) {
      if (Number.isNaN(s.last)) {
        s.excess = 0;
        s.last = req.at;
      } else {
        s.excess = this.next(s, req.at).e;
        s.last = Math.max(s.last, req.at);
      }
    } else if (checked.delaySeconds !== undefined) {
      delete checked.delaySeconds;
    }
    return checked;
  }

  clone(s: State): State {
    return { excess: s.excess, last: s.last };
  }

  view(s: State, key: string, now: number): LimiterView {
    const last = Number.isNaN(s.last) ? now : s.last;
    return {
      kind: 'leaky-bucket',
      key,
      excess: s.excess,
      last,
      level: Math.max(0, s.excess - this.ratePerSecond * Math.max(0, now - last)),
      ratePerSecond: this.ratePerSecond,
      burst: this.burst,
    };
  }
}

export const leakyBucketFactory: LimiterFactory = {
  validateParams: (p: Params, path: string) =>
    validateParamSpecs(p, path, [
      { name: 'ratePerSecond', rule: 'gt0', required: true },
      { name: 'burst', rule: 'ge0', required: true },
      { name: 'nodelay', rule: 'bool', required: false },
      { name: 'delay', rule: 'ge0', required: false },
    ]),
  validateRequest: (req, path) =>
    req.cost === 1 ? [] : [`${path}.cost must be 1 for leaky-bucket (NGINX has no weights)`],
  create: (p: Params) =>
    new KeyedLimiter(
      new LeakyBucket(
        num(p, 'ratePerSecond'),
        num(p, 'burst'),
        bool(p, 'nodelay'),
        num(p, 'delay'),
      ),
    ),
};
