// sliding-log {limit L, windowSeconds W}: docs/spec/limiters.md. Pruning is inclusive
// (ZREMRANGEBYSCORE key -inf t-W): an entry exactly W old is gone.
import { KeyedLimiter, type KeyedAlgorithm } from './keyed';
import { gt, leq, retryCeil, snap } from './num';
import { num, numOrNaN, validateParams, WINDOW_PARAMS } from './params';
import type { Algorithm, Decision, LimiterRequest, ParamDescriptor, Params } from './types';

/** The live log entries of one key. */
export interface SlidingLogView {
  kind: 'sliding-log';
  key: string;
  entries: { at: number; cost: number }[];
  sum: number;
  limit: number;
  windowSeconds: number;
}

interface State {
  ts: number[];
  costs: number[];
  /** Index of the oldest live entry (entries before it are pruned, compacted lazily). */
  head: number;
  sum: number;
}

export class SlidingLog implements KeyedAlgorithm<State> {
  readonly name = 'sliding-log';
  constructor(
    readonly limit: number,
    readonly windowSeconds: number,
  ) {}

  fresh(): State {
    return { ts: [], costs: [], head: 0, sum: 0 };
  }

  /** Is an entry logged at `ts` gone at time t (ts <= t - W, forgiving float noise)? */
  private expired(ts: number, t: number): boolean {
    return leq(this.windowSeconds, t - ts);
  }

  private prune(s: State, t: number): void {
    let h = s.head;
    const n = s.ts.length;
    while (h < n && this.expired(s.ts[h]!, t)) {
      s.sum -= s.costs[h]!;
      h++;
    }
    if (h !== s.head) {
      s.sum = h === n ? 0 : snap(s.sum);
      if (h > 64 && h * 2 > n) {
        s.ts = s.ts.slice(h);
        s.costs = s.costs.slice(h);
        h = 0;
      }
      s.head = h;
    }
  }

  check(s: State, req: LimiterRequest): Decision {
    const t = req.at;
    this.prune(s, t);
    const L = this.limit;
    const impossible = gt(req.cost, L);
    const allowed = !impossible && leq(s.sum + req.cost, L);
    let retry: number | null = null;
    if (!allowed) {
      if (impossible) retry = -1;
      else {
        // Smallest j whose departure (with all older ones) makes room.
        let sum = s.sum;
        retry = 1;
        for (let j = s.head; j < s.ts.length; j++) {
          sum -= s.costs[j]!;
          if (leq(sum + req.cost, L)) {
            retry = retryCeil(s.ts[j]! + this.windowSeconds - t);
            break;
          }
        }
      }
    }
    return { allowed, retryAfterSeconds: retry, remaining: snap(L - s.sum) };
  }

  commit(s: State, req: LimiterRequest, admitted: boolean, checked: Decision): Decision {
    if (admitted) {
      // Stamped at the time as sent, in order (a caller whose clock is behind logs an
      // entry older than the latest; the engine sends such times when pastTime is "asGiven").
      let j = s.ts.length;
      while (j > s.head && s.ts[j - 1]! > req.at) j--;
      if (j === s.ts.length) {
        s.ts.push(req.at);
        s.costs.push(req.cost);
      } else {
        s.ts.splice(j, 0, req.at);
        s.costs.splice(j, 0, req.cost);
      }
      s.sum = snap(s.sum + req.cost);
      checked.remaining = snap(this.limit - s.sum);
    }
    return checked;
  }

  clone(s: State): State {
    return { ts: s.ts.slice(s.head), costs: s.costs.slice(s.head), head: 0, sum: s.sum };
  }

  view(s: State, key: string, now: number): SlidingLogView {
    const entries: { at: number; cost: number }[] = [];
    let sum = 0;
    for (let j = s.head; j < s.ts.length; j++) {
      if (this.expired(s.ts[j]!, now)) continue;
      entries.push({ at: s.ts[j]!, cost: s.costs[j]! });
      sum += s.costs[j]!;
    }
    return {
      kind: 'sliding-log',
      key,
      entries,
      sum: snap(sum),
      limit: this.limit,
      windowSeconds: this.windowSeconds,
    };
  }
}

const PARAMS: ParamDescriptor[] = [...WINDOW_PARAMS];

export const slidingLogFactory: Algorithm = {
  summary: 'A log of every admitted request in the last W seconds: exact, one entry per request.',
  params: PARAMS,
  viewKind: 'sliding-log',
  reportsRemaining: true,
  budgetParams: ['limit'],
  leasable: true,
  // L in any window (t - W, t].
  allowance: (p) => ({
    kind: 'window',
    limit: numOrNaN(p, 'limit'),
    windowSeconds: numOrNaN(p, 'windowSeconds'),
  }),
  usesDuration: false,
  // The usual script trims entries up to now - W and ZADDs now as sent: a caller whose clock
  // is behind logs an entry stamped in the past, which leaves the log sooner.
  pastTime: 'asGiven',
  quota: (p) => numOrNaN(p, 'limit'),
  window: (p) => numOrNaN(p, 'windowSeconds'),
  usage: (v) =>
    v.kind === 'sliding-log'
      ? { used: v.sum, limit: v.limit, unit: 'in log' }
      : { used: NaN, limit: NaN, unit: '' },
  describe: (p) => `${numOrNaN(p, 'limit')} per ${numOrNaN(p, 'windowSeconds')} s (sliding log)`,
  validateParams: (p: Params, path: string) => validateParams(p, path, PARAMS),
  create: (p: Params) => new KeyedLimiter(new SlidingLog(num(p, 'limit'), num(p, 'windowSeconds'))),
};
