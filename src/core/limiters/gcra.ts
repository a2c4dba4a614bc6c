// gcra {ratePerSecond r, burst b}: theoretical arrival time, spec/limiters.md.
import { KeyedLimiter, type KeyedAlgorithm } from './keyed';
import { floorE, gt, leq, retryCeil } from './num';
import { num, validateParamSpecs } from './params';
import type { Decision, LimiterFactory, LimiterRequest, LimiterView, Params } from './types';

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

  view(s: State, key: string, now: number): LimiterView {
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

export const gcraFactory: LimiterFactory = {
  validateParams: (p: Params, path: string) =>
    validateParamSpecs(p, path, [
      { name: 'ratePerSecond', rule: 'gt0', required: true },
      { name: 'burst', rule: 'gt0', required: true },
    ]),
  create: (p: Params) => new KeyedLimiter(new Gcra(num(p, 'ratePerSecond'), num(p, 'burst'))),
};
