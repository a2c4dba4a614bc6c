// concurrency {maxInFlight M}: an admitted request holds `cost` slots for `duration`
// seconds; a release at t happens before an arrival at t. docs/spec/limiters.md.
import { KeyedLimiter, type KeyedAlgorithm } from './keyed';
import { gt, leq, retryCeil, snap } from './num';
import { BOUNDS, num, numOrNaN, validateParams } from './params';
import type { Algorithm, Decision, LimiterRequest, ParamDescriptor, Params } from './types';

/** The requests of one key in flight. */
export interface ConcurrencyView {
  kind: 'concurrency';
  key: string;
  inFlight: { end: number; cost: number }[];
  used: number;
  maxInFlight: number;
}

interface State {
  /** In-flight requests ordered by end time (equal ends keep admission order). */
  ends: number[];
  costs: number[];
  used: number;
  /** Latest time seen: the clock never moves backwards. */
  now: number;
}

export class Concurrency implements KeyedAlgorithm<State> {
  readonly name = 'concurrency';
  constructor(readonly maxInFlight: number) {}

  fresh(req: LimiterRequest): State {
    return { ends: [], costs: [], used: 0, now: req.at };
  }

  /** Free the leases ending by t (a time behind the latest frees no more than it did). */
  private release(s: State, t: number): void {
    s.now = Math.max(s.now, t);
    let k = 0;
    while (k < s.ends.length && leq(s.ends[k]!, t)) {
      s.used -= s.costs[k]!;
      k++;
    }
    if (k > 0) {
      s.ends.splice(0, k);
      s.costs.splice(0, k);
      s.used = s.ends.length === 0 ? 0 : snap(s.used);
    }
  }

  check(s: State, req: LimiterRequest): Decision {
    this.release(s, req.at);
    const M = this.maxInFlight;
    const impossible = gt(req.cost, M);
    const allowed = !impossible && leq(s.used + req.cost, M);
    let retry: number | null = null;
    if (!allowed) {
      if (impossible) retry = -1;
      else {
        let used = s.used;
        retry = 1;
        for (let j = 0; j < s.ends.length; j++) {
          used -= s.costs[j]!;
          if (leq(used + req.cost, M)) {
            retry = retryCeil(s.ends[j]! - req.at);
            break;
          }
        }
      }
    }
    return { allowed, retryAfterSeconds: retry, remaining: Math.max(0, snap(M - s.used)) };
  }

  commit(s: State, req: LimiterRequest, admitted: boolean, checked: Decision): Decision {
    if (admitted) {
      const end = req.at + req.duration;
      let i = s.ends.length;
      while (i > 0 && s.ends[i - 1]! > end) i--;
      s.ends.splice(i, 0, end);
      s.costs.splice(i, 0, req.cost);
      s.used = snap(s.used + req.cost);
      checked.remaining = Math.max(0, snap(this.maxInFlight - s.used));
    }
    return checked;
  }

  clone(s: State): State {
    return { ends: s.ends.slice(), costs: s.costs.slice(), used: s.used, now: s.now };
  }

  view(s: State, key: string, now: number): ConcurrencyView {
    const t = Math.max(now, s.now);
    const inFlight: { end: number; cost: number }[] = [];
    let used = 0;
    for (let j = 0; j < s.ends.length; j++) {
      if (leq(s.ends[j]!, t)) continue;
      inFlight.push({ end: s.ends[j]!, cost: s.costs[j]! });
      used += s.costs[j]!;
    }
    return { kind: 'concurrency', key, inFlight, used: snap(used), maxInFlight: this.maxInFlight };
  }
}

const PARAMS: ParamDescriptor[] = [
  {
    name: 'maxInFlight',
    kind: 'number',
    required: true,
    default: 3,
    help: 'requests running at the same time',
    ...BOUNDS.count,
  },
];

export const concurrencyFactory: Algorithm = {
  summary: 'At most M requests in flight at once; a slot frees when its request finishes.',
  params: PARAMS,
  viewKind: 'concurrency',
  reportsRemaining: false,
  budgetParams: ['maxInFlight'],
  leasable: false,
  // M in flight at any instant.
  allowance: (p) => ({ kind: 'in-flight', limit: numOrNaN(p, 'maxInFlight') }),
  usesDuration: true,
  // The usual script drops leases ending by now and ZADDs now + duration, with now as sent: a
  // caller whose clock is behind frees fewer leases and takes one that ends sooner.
  pastTime: 'asGiven',
  quota: (p) => numOrNaN(p, 'maxInFlight'),
  // In flight at once, not per time window.
  window: () => NaN,
  usage: (v) =>
    v.kind === 'concurrency'
      ? { used: v.used, limit: v.maxInFlight, unit: 'in flight' }
      : { used: NaN, limit: NaN, unit: '' },
  describe: (p) => `${numOrNaN(p, 'maxInFlight')} in flight at once`,
  validateParams: (p: Params, path: string) => validateParams(p, path, PARAMS),
  validateRequest: (req, path) =>
    req.duration !== undefined
      ? []
      : [`${path}.duration is required by concurrency and must be a finite number > 0`],
  create: (p: Params) => new KeyedLimiter(new Concurrency(num(p, 'maxInFlight'))),
};
