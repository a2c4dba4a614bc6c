// gcra {ratePerSecond r, burst b}: theoretical arrival time, docs/spec/limiters.md.
import { KeyedLimiter, type KeyedAlgorithm } from './keyed';
import { floorE, gt, leq, retryCeil } from './num';
import { BOUNDS, num, numOrNaN, validateParams } from './params';
import type { Algorithm, Decision, LimiterRequest, ParamDescriptor, Params } from './types';

/** The theoretical arrival time of one key. */
export interface GcraView {
  kind: 'gcra';
  key: string;
  tat: number;
  emissionInterval: number;
  burst: number;
  /** How many unit requests could be admitted now. */
  available: number;
}

interface State {
  tat: number;
}

export class Gcra implements KeyedAlgorithm<State> {
  readonly name = 'gcra';
  readonly T: number;
  constructor(
    readonly ratePerSecond: number,
    readonly burst: number,
  ) {
    this.T = 1 / ratePerSecond;
  }

  fresh(req: LimiterRequest): State {
    return { tat: req.at };
  }

  private newTat(s: State, req: LimiterRequest): number {
    return Math.max(s.tat, req.at) + req.cost * this.T;
  }

  check(s: State, req: LimiterRequest): Decision {
    const newTat = this.newTat(s, req);
    const impossible = gt(req.cost, this.burst);
    const allowed = !impossible && leq(newTat - this.burst * this.T, req.at);
    return {
      allowed,
      retryAfterSeconds: allowed
        ? null
        : impossible
          ? -1
          : retryCeil(newTat - this.burst * this.T - req.at),
    };
  }

  commit(s: State, req: LimiterRequest, admitted: boolean, checked: Decision): Decision {
    if (admitted) s.tat = this.newTat(s, req);
    return checked;
  }

  clone(s: State): State {
    return { tat: s.tat };
  }

  view(s: State, key: string, now: number): GcraView {
    const used = Math.max(0, s.tat - now) / this.T;
    return {
      kind: 'gcra',
      key,
      tat: s.tat,
      emissionInterval: this.T,
      burst: this.burst,
      available: Math.max(0, floorE(this.burst - used)),
    };
  }
}

const PARAMS: ParamDescriptor[] = [
  {
    name: 'ratePerSecond',
    kind: 'number',
    required: true,
    default: 0.05,
    help: 'requests per second',
    ...BOUNDS.rate,
  },
  {
    name: 'burst',
    kind: 'number',
    required: true,
    default: 3,
    help: 'requests allowed at once',
    ...BOUNDS.count,
  },
];

export const gcraFactory: Algorithm = {
  summary: 'One theoretical arrival time per key, pushed T = 1/r later by each admitted request.',
  params: PARAMS,
  viewKind: 'gcra',
  reportsRemaining: false,
  budgetParams: ['ratePerSecond', 'burst'],
  leasable: true,
  // b + r * (t - s) in any interval [s, t].
  allowance: (p) => ({
    kind: 'bucket',
    limit: numOrNaN(p, 'burst'),
    ratePerSecond: numOrNaN(p, 'ratePerSecond'),
  }),
  usesDuration: false,
  // The usual script takes tat = max(tat, now) and admits when tat + T - burst * T <= now,
  // with now as sent: a time from the past only makes the caller wait longer.
  pastTime: 'asGiven',
  quota: (p) => numOrNaN(p, 'burst'),
  window: (p) => numOrNaN(p, 'burst') / numOrNaN(p, 'ratePerSecond'),
  usage: (v) =>
    v.kind === 'gcra'
      ? { used: v.burst - v.available, limit: v.burst, unit: 'burst used' }
      : { used: NaN, limit: NaN, unit: '' },
  describe: (p) =>
    `GCRA at ${numOrNaN(p, 'ratePerSecond')}/s with a burst of ${numOrNaN(p, 'burst')}`,
  validateParams: (p: Params, path: string) => validateParams(p, path, PARAMS),
  create: (p: Params) => new KeyedLimiter(new Gcra(num(p, 'ratePerSecond'), num(p, 'burst'))),
};
