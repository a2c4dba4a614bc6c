// leaky-bucket {ratePerSecond r, burst B, nodelay?, delay?, dryRun?}: NGINX limit_req in exact
// arithmetic, docs/spec/leaky-bucket.md. Cost is always 1 (validated before the run).
// dryRun is `limit_req_dry_run on`: the zone is charged exactly as when enforcing (a request
// NGINX would reject changes nothing, one it would delay is accounted), but every request
// runs at once, and the decision carries NGINX's $limit_req_status.
import { KeyedLimiter, type KeyedAlgorithm } from './keyed';
import { gt, leq, retryCeil, snap } from './num';
import { BOUNDS, bool, num, numOrNaN, validateParams } from './params';
import type { Algorithm, Decision, LimiterRequest, ParamDescriptor, Params } from './types';

/** The queue (NGINX's excess) of one key. */
export interface LeakyBucketView {
  kind: 'leaky-bucket';
  key: string;
  /** excess as stored at `last`. */
  excess: number;
  last: number;
  /** excess drained to `now` (what a drawing shows as the water level). */
  level: number;
  ratePerSecond: number;
  burst: number;
}

/** NGINX's $limit_req_status values (ngx_http_limit_req_module.c). */
export const NGINX_STATUSES = [
  'PASSED',
  'DELAYED',
  'REJECTED',
  'DELAYED_DRY_RUN',
  'REJECTED_DRY_RUN',
] as const;
export type NginxStatus = (typeof NGINX_STATUSES)[number];

/** A leaky-bucket decision in a dry run carries the status NGINX would log. */
export interface DryRunDecision extends Decision {
  status?: NginxStatus;
}

/** The NGINX status a decision carries (dry-run leaky bucket only), else undefined. */
export const nginxStatusOf = (d: Decision): NginxStatus | undefined => (d as DryRunDecision).status;

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
    readonly dryRun = false,
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
    const d = this.enforcing(s, req);
    if (!this.dryRun) return d;
    // NGINX with limit_req_dry_run: the request goes on at once whatever the zone says. NGINX
    // counts its delay in whole milliseconds: a delay under 1 ms is no delay (PASSED).
    const status: NginxStatus = !d.allowed
      ? 'REJECTED_DRY_RUN'
      : leq(0.001, d.delaySeconds ?? 0)
        ? 'DELAYED_DRY_RUN'
        : 'PASSED';
    const out: DryRunDecision = {
      allowed: true,
      retryAfterSeconds: null,
      delaySeconds: 0,
      status,
    };
    return out;
  }

  /** The decision NGINX makes when it enforces the zone. */
  private enforcing(s: State, req: LimiterRequest): Decision {
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
    // A dry run accounts what NGINX would have let through; a would-be rejection charges
    // nothing (ngx_http_limit_req_lookup returns NGX_BUSY before it updates the node).
    if (!admitted) {
      if (checked.delaySeconds !== undefined) delete checked.delaySeconds;
    } else if (nginxStatusOf(checked) !== 'REJECTED_DRY_RUN') {
      if (Number.isNaN(s.last)) {
        s.excess = 0;
        s.last = req.at;
      } else {
        s.excess = this.next(s, req.at).e;
        s.last = Math.max(s.last, req.at);
      }
    }
    return checked;
  }

  clone(s: State): State {
    return { excess: s.excess, last: s.last };
  }

  view(s: State, key: string, now: number): LeakyBucketView {
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
    default: 2,
    allowZero: true,
    help: 'extra requests allowed at once',
    ...BOUNDS.count,
  },
  {
    name: 'nodelay',
    kind: 'boolean',
    required: false,
    help: 'admit bursts at once (no queueing delay)',
  },
  {
    name: 'delay',
    kind: 'number',
    required: false,
    allowZero: true,
    help: 'requests passed without delay',
    ...BOUNDS.count,
  },
  {
    name: 'dryRun',
    kind: 'boolean',
    required: false,
    help: 'shadow mode (limit_req_dry_run): charge as NGINX does, enforce nothing, report the status',
  },
];

/** NGINX's burst B admits B requests beyond the one the rate allows now. */
const leakyQuota = (p: Params) => Math.max(1, numOrNaN(p, 'burst'));

export const leakyBucketFactory: Algorithm = {
  summary:
    "NGINX's limit_req: a queue draining at r per second that holds at most B extra requests.",
  params: PARAMS,
  viewKind: 'leaky-bucket',
  reportsRemaining: false,
  budgetParams: ['ratePerSecond', 'burst'],
  leasable: false,
  // B + 1 + r * (t - s) in any interval [s, t]: it admits B + 1 at once.
  allowance: (p) => ({
    kind: 'bucket',
    limit: numOrNaN(p, 'burst') + 1,
    ratePerSecond: numOrNaN(p, 'ratePerSecond'),
  }),
  usesDuration: false,
  // The usual script (the editor's template) drains by max(0, now - last) and stores
  // max(last, now): a time from the past reads as the stored one.
  pastTime: 'clamp',
  quota: leakyQuota,
  window: (p) => leakyQuota(p) / numOrNaN(p, 'ratePerSecond'),
  usage: (v) =>
    v.kind === 'leaky-bucket'
      ? { used: v.level, limit: v.burst + 1, unit: 'queued' }
      : { used: NaN, limit: NaN, unit: '' },
  describe: (p) =>
    `a leaky bucket draining ${numOrNaN(p, 'ratePerSecond')}/s with a burst of ${numOrNaN(p, 'burst')}`,
  validateParams: (p: Params, path: string) => validateParams(p, path, PARAMS),
  validateRequest: (req, path) =>
    req.cost === 1 ? [] : [`${path}.cost must be 1 for leaky-bucket (NGINX has no weights)`],
  create: (p: Params) =>
    new KeyedLimiter(
      new LeakyBucket(
        num(p, 'ratePerSecond'),
        num(p, 'burst'),
        bool(p, 'nodelay'),
        num(p, 'delay'),
        bool(p, 'dryRun'),
      ),
    ),
};
