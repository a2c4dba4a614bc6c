// A Limiter over a map key -> per-key state, built from a KeyedAlgorithm. All built-in
// algorithms use it; each algorithm file only says how one key's state behaves.
import type { Decision, Limiter, LimiterRequest, LimiterView } from './types';

export interface KeyedAlgorithm<S> {
  readonly name: string;
  /** State of a key seen for the first time at req.at. */
  fresh(req: LimiterRequest): S;
  /** Decide without charging. May refresh `s` (refill, prune) without observable change. */
  check(s: S, req: LimiterRequest): Decision;
  /** Charge (admitted) or record an attempt (denied); returns the final decision. */
  commit(s: S, req: LimiterRequest, admitted: boolean, checked: Decision): Decision;
  clone(s: S): S;
  view(s: S, key: string, now: number): LimiterView;
}

export class KeyedLimiter<S> implements Limiter {
  readonly algorithm: string;
  readonly separableCheck = true;
  private states = new Map<string, S>();
  private lastCheck: Decision | null = null;
  private lastKey = '';

  constructor(private readonly alg: KeyedAlgorithm<S>) {
    this.algorithm = alg.name;
  }

  private stateOf(req: LimiterRequest): S {
    let s = this.states.get(req.key);
    if (s === undefined) {
      s = this.alg.fresh(req);
      this.states.set(req.key, s);
    }
    return s;
  }

  check(req: LimiterRequest): Decision {
    const d = this.alg.check(this.stateOf(req), req);
    this.lastCheck = d;
    this.lastKey = req.key;
    return d;
  }

  commit(req: LimiterRequest, admitted: boolean): Decision {
    const s = this.stateOf(req);
    let checked = this.lastCheck;
    if (checked === null || this.lastKey !== req.key) checked = this.alg.check(s, req);
    this.lastCheck = null;
    return this.alg.commit(s, req, admitted, { ...checked, allowed: admitted && checked.allowed });
  }

  decide(req: LimiterRequest): Decision {
    const s = this.stateOf(req);
    const d = this.alg.check(s, req);
    return this.alg.commit(s, req, d.allowed, d);
  }

  view(key: string, now: number): LimiterView | null {
    const s = this.states.get(key);
    return s === undefined ? null : this.alg.view(s, key, now);
  }

  keys(): string[] {
    return [...this.states.keys()];
  }

  readState(key: string): unknown {
    const s = this.states.get(key);
    return s === undefined ? undefined : this.alg.clone(s);
  }

  writeState(key: string, state: unknown): void {
    if (state === undefined) this.states.delete(key);
    else this.states.set(key, this.alg.clone(state as S));
  }

  snapshot(): unknown {
    const copy = new Map<string, S>();
    for (const [k, s] of this.states) copy.set(k, this.alg.clone(s));
    return copy;
  }

  restore(snapshot: unknown): void {
    const src = snapshot as Map<string, S>;
    this.states = new Map();
    for (const [k, s] of src) this.states.set(k, this.alg.clone(s));
    this.lastCheck = null;
  }
}
