// Rate limits of the lab server, built from the lab's own token bucket (src/core), on the
// server's injected clock. One Limiter holds a bucket per key (a client address, a connection);
// `limitedResponse` turns a refusal into the HTTP response the lab teaches (429, Retry-After,
// problem+json and the RateLimit fields), built by src/core/http/response.ts.
import { httpResponse, type HttpResponse } from '../core/http/response';
import type { RequestInfo } from '../core/lab/labRun';
import { KeyedLimiter } from '../core/limiters/keyed';
import { TokenBucket } from '../core/limiters/tokenBucket';
import type { Decision, LimiterRequest } from '../core/limiters/types';
import { parseScenario } from '../core/scenario/validate';
import type { Clock } from './clock';

export interface BucketSpec {
  capacity: number;
  refillPerSecond: number;
}

/** Where a limit's buckets live: this process (memory) or a shared Redis (redisLimiter.ts). */
export interface RateLimiter {
  readonly spec: BucketSpec;
  /** Charges `cost` to `key` when it fits. */
  take(key: string, cost?: number): Promise<Decision>;
  /** Whether `cost` would fit, charging nothing. */
  peek(key: string, cost?: number): Promise<Decision>;
}

export class MemoryLimiter implements RateLimiter {
  private readonly buckets: KeyedLimiter<ReturnType<TokenBucket['fresh']>>;
  constructor(
    readonly spec: BucketSpec,
    private readonly clock: Clock,
  ) {
    this.buckets = new KeyedLimiter(new TokenBucket(spec.capacity, spec.refillPerSecond));
  }

  private req(key: string, cost: number): LimiterRequest {
    return { key, at: this.clock.now() / 1000, cost, server: 'lab', duration: 0 };
  }

  /** Synchronous charge (the live channel's per-connection limit). */
  takeNow(key: string, cost = 1): Decision {
    return this.buckets.decide(this.req(key, cost));
  }

  take(key: string, cost = 1): Promise<Decision> {
    return Promise.resolve(this.takeNow(key, cost));
  }

  peek(key: string, cost = 1): Promise<Decision> {
    return Promise.resolve(this.buckets.check(this.req(key, cost)));
  }

  /** Forgets full buckets (they hold nothing a fresh one would not). */
  sweep(): void {
    const at = this.clock.now() / 1000;
    for (const k of this.buckets.keys()) {
      const v = this.buckets.view(k, at);
      if (v && v.kind === 'token-bucket' && v.tokens >= v.capacity)
        this.buckets.writeState(k, undefined);
    }
  }

  forget(key: string): void {
    this.buckets.writeState(key, undefined);
  }

  size(): number {
    return this.buckets.keys().length;
  }
}

/** The 429 (or, with `d` admitted, the 200's RateLimit fields) for a decision of policy `id`. */
export function limitedResponse(
  id: string,
  spec: BucketSpec,
  d: Decision,
  key: string,
): HttpResponse {
  const scenario = parseScenario({
    policies: [{ id, algorithm: 'token-bucket', params: { ...spec } }],
    requests: [],
  });
  const info: RequestInfo = {
    index: 0,
    at: 0,
    server: 'lab',
    key,
    tenant: key,
    cost: 1,
    outcome: d.allowed ? 'allowed' : 'denied',
    allowed: d.allowed,
    retryAfterSeconds: d.retryAfterSeconds,
    remaining: d.remaining ?? null,
    delaySeconds: null,
    deniedBy: d.allowed ? [] : [id],
    wasted: [],
    overLimit: false,
    now: null,
    status: null,
    wouldDeny: false,
    shard: null,
    lease: null,
    leased: false,
    lostAtPromotion: false,
    storeArrive: null,
    storeReply: null,
    writeArrive: null,
    decidedAt: 0,
    respondedAt: 0,
    via: 'store',
    timedOut: false,
    unreachable: false,
    doubleSpent: false,
    error: null,
    policies: [],
    readView: null,
  };
  return httpResponse({ scenario }, info);
}
