// token-bucket {capacity C, refillPerSecond r}: the seed chapter's Python reference.
import { KeyedLimiter, type KeyedAlgorithm } from './keyed';
import { floorE, gt, leq, retryCeil } from './num';
import { num, validateParamSpecs } from './params';
import type { Decision, LimiterFactory, LimiterRequest, LimiterView, Params } from './types';

interface State {
  tokens: number;
  last: number;
}

export class TokenBucket implements KeyedAlgorithm<State> {
  readonly name = 'token-bucket';
  constructor(
    readonly capacity: number,
    readonly refillPerSecond: number,
  ) {}

  fresh(req: LimiterRequest): State {
    return { tokens: this.capacity, last: req.at };
  }

  check(s: State, req: LimiterRequest): Decision {
    // Refill as the reference does (never mint tokens when the clock goes back).
    const now = Math.max(req.at, s.last);
    s.tokens = Math.min(this.capacity, s.tokens + (now - s.last) * this.refillPerSecond);
    s.last = now;
    const impossible = gt(req.cost, this.capacity);
    const allowed = !impossible && leq(req.cost, s.tokens);
    return {
      allowed,
      retryAfterSeconds: allowed
        ? null
        : impossible
          ? -1
          : retryCeil((req.cost - s.tokens) / this.refillPerSecond),
      remaining: Math.max(0, floorE(s.tokens)),
    };
  }

  commit(s: State, req: LimiterRequest, admitted: boolean, checked: Decision): Decision {
    if (admitted) {
      s.tokens = Math.max(0, s.tokens - req.cost);
      checked.remaining = Math.max(0, floorE(s.tokens));
    }
    return checked;
  }

  clone(s: State): State {
    return { tokens: s.tokens, last: s.last };
  }

  view(s: State, key: string, now: number): LimiterView {
    const t = Math.max(now, s.last);
    return {
      kind: 'token-bucket',
      key,
      tokens: Math.min(this.capacity, s.tokens + (t - s.last) * this.refillPerSecond),
      capacity: this.capacity,
      refillPerSecond: this.refillPerSecond,
      updatedAt: s.last,
    };
  }
}

export const tokenBucketFactory: LimiterFactory = {
  validateParams: (p: Params, path: string) =>
    validateParamSpecs(p, path, [
      { name: 'capacity', rule: 'gt0', required: true },
      { name: 'refillPerSecond', rule: 'gt0', required: true },
    ]),
  create: (p: Params) =>
    new KeyedLimiter(new TokenBucket(num(p, 'capacity'), num(p, 'refillPerSecond'))),
};
