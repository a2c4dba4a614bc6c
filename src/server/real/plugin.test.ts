import { describe, expect, it } from 'vitest';
import { createServer } from '../createServer';
import { realRedisPlugin } from './plugin';

describe('the real-Redis plugin in the lab server', () => {
  it('answers /api/real/status, saying how to configure a Redis when none is set', async () => {
    const server = createServer({ decks: [], logger: false, plugins: [realRedisPlugin({})] });
    try {
      const r = await server.app.inject({ method: 'GET', url: '/api/real/status' });
      expect(r.statusCode).toBe(200);
      expect(r.json()).toMatchObject({ configured: false });
      expect(JSON.stringify(r.json())).toMatch(/REDIS_URL=redis:\/\/127\.0\.0\.1:6379/);
    } finally {
      await server.close();
    }
  });
  it('refuses a Redis outside the loopback range without the explicit flag', async () => {
    const server = createServer({
      decks: [],
      logger: false,
      plugins: [realRedisPlugin({ REDIS_URL: 'redis://10.1.2.3:6379' })],
    });
    try {
      const r = await server.app.inject({ method: 'GET', url: '/api/real/status' });
      expect(JSON.stringify(r.json())).toMatch(/loopback|allow/i);
    } finally {
      await server.close();
    }
  });
});
