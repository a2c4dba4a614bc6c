import { describe, expect, it } from 'vitest';
import { HOW_TO_CONNECT, realRedisCases } from './realRedis';

const answer = (status: number, body: unknown): typeof fetch =>
  (async () =>
    new Response(typeof body === 'string' ? body : JSON.stringify(body), {
      status,
    })) as typeof fetch;

describe('realRedisCases', () => {
  it('says how to connect when there is no server, no route or no Redis', async () => {
    const down: typeof fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    for (const f of [
      down,
      answer(404, 'Not Found'),
      answer(503, { error: 'none' }),
      answer(200, '<html>'),
    ])
      expect(await realRedisCases([], f)).toEqual({ ok: false, message: HOW_TO_CONNECT });
  });
  it("passes on the server's message for bad input", async () => {
    expect(
      await realRedisCases([], answer(400, { error: 'cases must hold 1 to 50 cases' })),
    ).toEqual({
      ok: false,
      message: 'cases must hold 1 to 50 cases',
    });
  });
  it('returns the results', async () => {
    const results = [{ name: 'x', error: 'refused' }];
    expect(await realRedisCases([], answer(200, { results }))).toEqual({
      ok: true,
      value: results,
    });
  });
});

describe('window.rateLab.redis', () => {
  it('refuses anything but target "real", and says how to connect when no server answers', async () => {
    const { createLabApi } = await import('./labApi');
    const api = createLabApi();
    await expect(api.redis([], { target: 'model' } as never)).rejects.toThrow(
      /npm run cli -- redis/,
    );
    await expect(api.redis('x' as never, { target: 'real' })).rejects.toThrow(
      /cases must be an array/,
    );
    // Node has no page origin, so the relative URL fails like a static app with no server.
    await expect(api.redis([], { target: 'real' })).rejects.toThrow(HOW_TO_CONNECT);
  });
});
