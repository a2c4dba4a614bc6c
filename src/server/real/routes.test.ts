import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realRedisRoutes } from './routes';
import { parseTarget } from './target';
import {
  freePort,
  redisCli,
  redisRequired,
  startRedis,
  whyNoRedis,
  type RealServer,
} from './testing/servers';

// A real server on a busy machine: generous caps (never a race with its speed).
const missing = whyNoRedis();
if (missing && redisRequired) throw new Error(`REQUIRE_REDIS=1 but ${missing}`);

describe('real routes without a target', { timeout: 120_000 }, () => {
  it('say how to point the lab at a Redis', async () => {
    const app = Fastify();
    realRedisRoutes(app, { target: null });
    const s = await app.inject({ method: 'GET', url: '/api/real/status' });
    expect(s.json()).toEqual({
      configured: false,
      message: expect.stringMatching(/REDIS_URL=redis:\/\/127\.0\.0\.1:6379 npm start/),
    });
    const r = await app.inject({ method: 'POST', url: '/api/real/redis', payload: { cases: [] } });
    expect(r.statusCode).toBe(503);
    expect(r.json().error).toMatch(/REDIS_URL=/);
    await app.close();
  });
  it('name a configured target that cannot be used', async () => {
    const app = Fastify();
    realRedisRoutes(app, { target: null, problem: 'redis://10.0.0.1: outside the loopback range' });
    const s = await app.inject({ method: 'GET', url: '/api/real/status' });
    expect(s.json().message).toMatch(/cannot be used: redis:\/\/10\.0\.0\.1/);
    await app.close();
  });
  it('answer 502 when the server is down', async () => {
    const app = Fastify();
    realRedisRoutes(app, { target: parseTarget(`redis://127.0.0.1:${await freePort()}`) });
    const r = await app.inject({
      method: 'POST',
      url: '/api/real/redis',
      payload: { cases: [{ name: 'x', steps: [{ cmd: ['PING'] }] }] },
    });
    expect(r.statusCode).toBe(502);
    expect(r.json().error).toMatch(/cannot reach Redis/);
    await app.close();
  });
});

describe.skipIf(missing !== '')(
  `real routes on a real server${missing ? ` (cannot run: ${missing})` : ''}`,
  { timeout: 120_000 },
  () => {
    let server: RealServer;
    const app = Fastify();
    beforeAll(async () => {
      server = await startRedis();
      await redisCli(server.port, 'SET', 'k', 'outsider');
      realRedisRoutes(app, { target: parseTarget(server.url) });
    });
    afterAll(async () => {
      await app.close();
      server?.stop();
    });

    it('status names the target', async () => {
      const s = await app.inject({ method: 'GET', url: '/api/real/status' });
      expect(s.json()).toEqual({ configured: true, kind: 'single', label: server.url });
    });

    it('runs cases side by side and names bad input', async () => {
      const r = await app.inject({
        method: 'POST',
        url: '/api/real/redis',
        payload: { cases: [{ name: 'x', steps: [{ cmd: ['INCR', 'k2'] }, { cmd: ['TIME'] }] }] },
      });
      expect(r.statusCode).toBe(200);
      const [res] = r.json().results;
      expect(res.steps[0]).toMatchObject({
        model: { reply: 1, keys: [{ key: 'k2', value: '1' }] },
        real: { reply: 1, keys: [{ key: 'k2', value: '1' }] },
        differences: [],
      });
      expect(res.steps[1].differences[0].where).toBe('reply');
      const bad = await app.inject({
        method: 'POST',
        url: '/api/real/redis',
        payload: { cases: [{ name: 'x', steps: [{ cmd: [] }] }] },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toBe('cases[0]: steps[0].cmd must be a non-empty array of strings');
      expect(await redisCli(server.port, 'GET', 'k')).toBe('outsider');
      expect(await redisCli(server.port, 'DBSIZE')).toBe('1');
    });

    it('runs a real race and checks its options', async () => {
      const input = {
        code: 'local n = redis.call("INCR", KEYS[1])\nif n > 1 then return 0 end\nreturn 1',
        requests: [
          { keys: ['k'], args: [] },
          { keys: ['k'], args: [] },
        ],
      };
      const r = await app.inject({
        method: 'POST',
        url: '/api/real/explore',
        payload: { input, trials: 3 },
      });
      expect(r.statusCode).toBe(200);
      expect(r.json().result).toMatchObject({ trials: 3, violations: 0, admitted: { '1': 3 } });
      const bad = await app.inject({
        method: 'POST',
        url: '/api/real/explore',
        payload: { input, trials: 'many' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toMatch(/trials must be a whole number/);
      expect(await redisCli(server.port, 'GET', 'k')).toBe('outsider');
    });
  },
);
