// A rate limit shared by every instance: the buckets live in Redis and are charged by the lab's
// own token-bucket Lua script (src/core/playground/templates.ts), the one learners read in the
// editor, timed by the Redis server's clock.
import type { Redis } from 'ioredis';
import type { Decision } from '../core/limiters/types';
import { TEMPLATES } from '../core/playground/templates';
import type { BucketSpec, RateLimiter } from './limiter';

const TOKEN_BUCKET = TEMPLATES.find((t) => t.id === 'token-bucket')!.source;

export class RedisLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly name: string,
    readonly spec: BucketSpec,
  ) {}

  private key(k: string): string {
    return `ratelab:rl:${this.name}:${k}`;
  }

  async take(k: string, cost = 1): Promise<Decision> {
    const r = (await this.redis.eval(
      TOKEN_BUCKET,
      1,
      this.key(k),
      this.spec.capacity,
      this.spec.refillPerSecond,
      cost,
    )) as [number, number, number];
    const [admitted, left, wait] = r;
    return {
      allowed: admitted === 1,
      retryAfterSeconds: admitted === 1 ? null : wait,
      remaining: left,
    };
  }

  /** The bucket's level now (read only: the script's refill, done here on the server's TIME). */
  async peek(k: string, cost = 1): Promise<Decision> {
    const [[, saved], [, time]] = (await this.redis
      .multi()
      .hmget(this.key(k), 'tokens', 'stamp')
      .time()
      .exec()) as [[unknown, (string | null)[]], [unknown, [string, string]]];
    const now = Number(time[0]) + Number(time[1]) / 1e6;
    const tokens =
      saved[0] == null || saved[1] == null
        ? this.spec.capacity
        : Math.min(
            this.spec.capacity,
            Number(saved[0]) + Math.max(0, now - Number(saved[1])) * this.spec.refillPerSecond,
          );
    const allowed = tokens >= cost;
    return {
      allowed,
      retryAfterSeconds: allowed
        ? null
        : Math.max(1, Math.ceil((cost - tokens) / this.spec.refillPerSecond)),
      remaining: Math.floor(tokens),
    };
  }
}
