// token-bucket {capacity C, refillPerSecond r}: the seed chapter's Python reference.
import { KeyedLimiter, type KeyedAlgorithm } from './keyed';
import { floorE, gt, leq, retryCeil } from './num';
import { BOUNDS, num, numOrNaN, validateParams } from './params';
import type { Algorithm, Decision, LimiterRequest, ParamDescriptor, Params } from './types';

/** The bucket of one key at a moment. */
export interface TokenBucketView {
  kind: 'token-bucket';
  key: string;
  tokens: number;
  capacity: number;
  refillPerSecond: number;
  updatedAt: number;
}

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

  view(s: State, key: string, now: number): TokenBucketView {
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

const PARAMS: ParamDescriptor[] = [
  {
    name: 'capacity',
    kind: 'number',
    required: true,
    default: 3,
    help: 'bucket size, tokens',
    ...BOUNDS.count,
  },
  {
    name: 'refillPerSecond',
    kind: 'number',
    required: true,
    default: 0.05,
    help: 'tokens added per second',
    ...BOUNDS.rate,
  },
];

export const tokenBucketFactory: Algorithm = {
  summary: 'A bucket of C tokens refilling at r per second; a request takes its cost in tokens.',
  params: PARAMS,
  viewKind: 'token-bucket',
  reportsRemaining: true,
  budgetParams: ['capacity', 'refillPerSecond'],
  leasable: true,
  // C + r * (t - s) in any interval [s, t].
  allowance: (p) => ({
    kind: 'bucket',
    limit: numOrNaN(p, 'capacity'),
    ratePerSecond: numOrNaN(p, 'refillPerSecond'),
  }),
  usesDuration: false,
  // The usual script refills from max(now, updated_at) and never stores an earlier time: a
  // time from the past reads as the stored one (elapsed 0).
  pastTime: 'clamp',
  quota: (p) => numOrNaN(p, 'capacity'),
  window: (p) => numOrNaN(p, 'capacity') / numOrNaN(p, 'refillPerSecond'),
  usage: (v) =>
    v.kind === 'token-bucket'
      ? { used: v.capacity - v.tokens, limit: v.capacity, unit: 'tokens spent' }
      : { used: NaN, limit: NaN, unit: '' },
  describe: (p) =>
    `a bucket of ${numOrNaN(p, 'capacity')} tokens refilling ${numOrNaN(p, 'refillPerSecond')}/s`,
  validateParams: (p: Params, path: string) => validateParams(p, path, PARAMS),
  create: (p: Params) =>
    new KeyedLimiter(new TokenBucket(num(p, 'capacity'), num(p, 'refillPerSecond'))),
};
