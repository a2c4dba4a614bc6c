// Throughput of the Redis model's command layer (no Lua): the calls a token-bucket script
// makes per request (TIME, HMGET, HSET, EXPIRE), plus a sliding-log ZSET workload.
// Run: npx tsx src/bench/redisModel.ts
import { RedisModel } from '../core/redis/model';

function bench(name: string, n: number, f: (i: number) => void): void {
  for (let i = 0; i < Math.min(n, 20000); i++) f(i); // warm-up
  const t0 = performance.now();
  for (let i = 0; i < n; i++) f(i);
  const secs = (performance.now() - t0) / 1000;
  console.log(`${name}: ${Math.round(n / secs).toLocaleString('en-US')} ops/s`);
}

const m = new RedisModel();
bench('token bucket (4 commands)', 200000, (i) => {
  const key = `rl:{c${i & 63}}`;
  m.call(['TIME']);
  m.call(['HMGET', key, 'tokens', 'ts']);
  m.call(['HSET', key, 'tokens', '19', 'ts', '1700000000']);
  m.call(['EXPIRE', key, '60']);
});
bench('GET/SET/INCR', 500000, (i) => {
  const k = `k${i & 1023}`;
  m.call(['SET', k, '1']);
  m.call(['INCR', k]);
  m.call(['GET', k]);
});
const z = new RedisModel();
bench('sliding log (ZADD, ZREMRANGEBYSCORE, ZCARD, window 200)', 200000, (i) => {
  z.call(['ZADD', 'log', String(i), `r${i}`]);
  z.call(['ZREMRANGEBYSCORE', 'log', '-inf', String(i - 200)]);
  z.call(['ZCARD', 'log']);
});
