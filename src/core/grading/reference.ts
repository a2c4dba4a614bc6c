// The engine's own limiters, driven one call at a time: the reference a hidden case compares a
// learner's answer with. Unlike a scenario run (src/core/content/lanes.ts), calls may come with
// any clock reading (a clock that steps back, or jumps forward), in the order the grader gives.
// Several policies combine as the lab combines them: all-or-nothing, the longest retry wins.
import { getLimiterFactory } from '../limiters/registry';
import type { Decision, Limiter, LimiterRequest, LimiterView } from '../limiters/types';

export interface RefPolicy {
  /** The policy's name in a lab scenario (`policies[].id`). */
  id?: string;
  algorithm: string;
  params: Record<string, unknown>;
  /** Which name the policy counts per: the request's key (default) or its tenant. */
  scope?: 'key' | 'tenant';
}

export interface RefCall {
  /** The clock reading the limiter decides at (lab seconds). */
  at: number;
  key: string;
  tenant?: string;
  server?: string;
  cost: number;
  /** Concurrency only: how long an admitted request holds its slots. */
  duration?: number;
}

export interface RefDecision {
  allowed: boolean;
  /** null when allowed; the whole-second wait when refused; -1 when no wait admits it. */
  retry: number | null;
}

/** A reference of one or more policies, as `{algorithm, params}` or `{policies: [...]}`. */
export type ReferenceSpec = RefPolicy | { policies: RefPolicy[] };

export const policiesOf = (spec: ReferenceSpec): RefPolicy[] =>
  'policies' in spec ? spec.policies : [spec];

export class Reference {
  private readonly lims: { lim: Limiter; scope: 'key' | 'tenant' }[];

  constructor(spec: ReferenceSpec) {
    this.lims = policiesOf(spec).map((p) => {
      const f = getLimiterFactory(p.algorithm);
      if (!f) throw new Error(`no built-in limiter "${p.algorithm}"`);
      const errs = f.validateParams(p.params, 'params');
      if (errs.length) throw new Error(errs.join('; '));
      return { lim: f.create(p.params), scope: p.scope ?? 'key' };
    });
  }

  private req(c: RefCall, scope: 'key' | 'tenant'): LimiterRequest {
    return {
      at: c.at,
      key: scope === 'tenant' ? (c.tenant ?? c.key) : c.key,
      server: c.server ?? 'A',
      cost: c.cost,
      duration: c.duration ?? 0,
    };
  }

  /** Decides and charges one call. */
  decide(c: RefCall): RefDecision {
    if (this.lims.length === 1) {
      const only = this.lims[0]!;
      return combine([only.lim.decide(this.req(c, only.scope))]);
    }
    const checks = this.lims.map(({ lim, scope }) => lim.check(this.req(c, scope)));
    const all = checks.every((d) => d.allowed);
    const ds = this.lims.map(({ lim, scope }) => lim.commit(this.req(c, scope), all));
    return combine(ds.map((d, i) => ({ ...d, allowed: all && checks[i]!.allowed })));
  }

  /** Each policy's state for `key` (or its tenant) at `now`, as the lab would draw it. */
  views(key: string, now: number): LimiterView[] {
    return this.lims
      .map(({ lim }) => lim.view(key, now))
      .filter((v): v is LimiterView => v !== null);
  }

  /** What `decide` would answer now, without charging anything. */
  probe(c: RefCall): RefDecision {
    const saved = this.lims.map(({ lim }) => lim.snapshot());
    try {
      return this.decide(c);
    } finally {
      this.lims.forEach(({ lim }, i) => lim.restore(saved[i]));
    }
  }
}

function combine(ds: Decision[]): RefDecision {
  let allowed = true;
  let impossible = false;
  let retry: number | null = null;
  for (const d of ds) {
    if (d.allowed) continue;
    allowed = false;
    if (d.retryAfterSeconds === -1) impossible = true;
    else if (d.retryAfterSeconds !== null && (retry === null || d.retryAfterSeconds > retry))
      retry = d.retryAfterSeconds;
  }
  return { allowed, retry: allowed ? null : impossible ? -1 : retry };
}
