// REDIS_URL: rooms, rate limits and socket.io's fan-out in Redis (several instances, one room).
import type { LabServerOptions } from './createServer';
import { ConfigError } from './config';

export interface RedisSetup {
  options: Partial<LabServerOptions>;
  close(): Promise<void>;
}

export async function redisOptions(url: string): Promise<RedisSetup> {
  throw new ConfigError(`REDIS_URL=${url}: rooms in Redis are not built yet; unset REDIS_URL`);
}
