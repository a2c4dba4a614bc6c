// REDIS_URL: rooms, rate limits and socket.io's fan-out in Redis, so several instances behind
// any load balancer serve the same room and a restarted instance loses nothing.
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { systemClock, type Clock } from './clock';
import { ConfigError } from './config';
import { DEFAULT_LIMITS, type LabServerOptions, type Limits } from './createServer';
import { RedisLimiter } from './redisLimiter';
import { RedisRoomStore } from './redisRoomStore';

export interface RedisSetup {
  options: Partial<LabServerOptions>;
  close(): Promise<void>;
}

export async function redisOptions(
  url: string,
  o: { clock?: Clock; keepGoneMs?: number; limits?: Partial<Limits> } = {},
): Promise<RedisSetup> {
  const mk = () => new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const main = mk();
  const pub = mk();
  const sub = mk();
  try {
    await Promise.all([main.connect(), pub.connect(), sub.connect()]);
  } catch (e) {
    main.disconnect();
    pub.disconnect();
    sub.disconnect();
    throw new ConfigError(`REDIS_URL: cannot connect (${(e as Error).message})`);
  }
  const limits = { ...DEFAULT_LIMITS, ...o.limits };
  const clock = o.clock ?? systemClock;
  return {
    options: {
      store: new RedisRoomStore(main, clock, o.keepGoneMs ?? 24 * 60 * 60 * 1000),
      apiLimiter: new RedisLimiter(main, 'api', limits.api),
      joinLimiter: new RedisLimiter(main, 'join', limits.join),
      adapter: createAdapter(pub, sub, { key: 'ratelab:io' }),
      multiInstance: true,
    },
    async close() {
      await Promise.all([main.quit(), pub.quit(), sub.quit()].map((p) => p.catch(() => undefined)));
    },
  };
}
