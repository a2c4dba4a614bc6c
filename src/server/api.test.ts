import { afterEach, describe, expect, it } from 'vitest';
import { CODE_ALPHABET } from './ids';
import { createRoom, start, type Running } from './testkit';

let run: Running | null = null;
afterEach(async () => {
  await run?.server.close();
  run = null;
});

const post = (base: string, body: string, type = 'application/json') =>
  fetch(`${base}/api/rooms`, { method: 'POST', headers: { 'content-type': type }, body });

async function problemOf(res: Response) {
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json(;|$)/);
  return (await res.json()) as { status: number; detail: string; field?: string; title: string };
}

describe('the Room API', () => {
  it('creates an interview room: a join URL with only the code, a host URL with a long secret', async () => {
    run = await start();
    const res = await post(run.base, '{"kind":"interview"}');
    expect(res.status).toBe(201);
    const r = (await res.json()) as Record<string, string>;
    expect(r.id).toMatch(new RegExp(`^[${CODE_ALPHABET}]{8}$`));
    expect(r.joinUrl).toBe(`${run.base}/#/live/${r.id}`);
    const secret = new URL(r.hostUrl!.replace('#', '')).searchParams.get('secret')!;
    expect(Buffer.from(secret, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    expect(r.hostUrl).toContain(`/#/live/${r.id}/host?secret=`);
    expect(r.joinUrl).not.toContain(secret);
  });

  it('creates a workshop room from a known deck and refuses an unknown one, naming the field', async () => {
    run = await start({ decks: ['make-it-atomic'] });
    const ok = await post(run.base, '{"kind":"workshop","deck":"make-it-atomic"}');
    expect(ok.status).toBe(201);
    const bad = await post(run.base, '{"kind":"workshop","deck":"nope"}');
    expect(bad.status).toBe(400);
    expect(await problemOf(bad)).toMatchObject({ status: 400, field: 'deck' });
  });

  it.each([
    ['{}', 'kind'],
    ['{"kind":"party"}', 'kind'],
    ['{"kind":"workshop"}', 'deck'],
    ['{"kind":"interview","deck":"x"}', 'deck'],
    ['{"kind":"interview","secret":"x"}', 'body.secret'],
    ['[1]', 'body'],
    ['{"kind":"workshop","deck":"<b>x</b>"}', 'deck'],
    ['{"kind":', 'body'],
  ])('bad input %s: 400 problem+json naming %s', async (body, field) => {
    run = await start();
    const res = await post(run.base, body);
    expect(res.status).toBe(400);
    const p = await problemOf(res);
    expect(p.field).toBe(field);
    expect(p.detail.length).toBeGreaterThan(5);
  });

  it('a body that is not JSON or too large is refused with a problem', async () => {
    run = await start();
    const text = await post(run.base, 'kind=interview', 'text/plain');
    expect(text.status).toBe(400);
    expect((await problemOf(text)).field).toBe('body');
    expect(
      (await post(run.base, 'kind=interview', 'application/x-www-form-urlencoded')).status,
    ).toBe(415);
    const big = await post(run.base, JSON.stringify({ kind: 'interview', pad: 'x'.repeat(20000) }));
    expect(big.status).toBe(413);
    await problemOf(big);
  });

  it('an unknown room is 404, a closed one 410, an idle one 410, then forgotten', async () => {
    run = await start({ idleMs: 60_000, keepGoneMs: 3_600_000 });
    expect((await fetch(`${run.base}/api/rooms/ABCD2345`)).status).toBe(404);
    const a = await createRoom(run.base, { kind: 'interview' });
    const got = await fetch(`${run.base}/api/rooms/${a.code.toLowerCase()}`);
    expect(got.status).toBe(200);
    expect(await got.json()).toMatchObject({ id: a.id, kind: 'interview', idleSeconds: 60 });
    const noSecret = await fetch(`${run.base}/api/rooms/${a.id}`, { method: 'DELETE' });
    expect(noSecret.status).toBe(403);
    const del = await fetch(`${run.base}/api/rooms/${a.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${a.secret}` },
    });
    expect(del.status).toBe(204);
    const gone = await fetch(`${run.base}/api/rooms/${a.id}`);
    expect(gone.status).toBe(410);
    expect((await problemOf(gone)).detail).toContain('closed');

    const b = await createRoom(run.base, { kind: 'interview' });
    run.clock.advance(60_000);
    expect((await fetch(`${run.base}/api/rooms/${b.id}`)).status).toBe(410);
    run.clock.advance(3_600_000);
    await run.server.sweep();
    expect((await fetch(`${run.base}/api/rooms/${b.id}`)).status).toBe(404);
  });

  it('rate limits per address with the lab token bucket: 429, Retry-After, RateLimit fields', async () => {
    run = await start({ limits: { api: { capacity: 3, refillPerSecond: 0.5 } } });
    for (let i = 0; i < 3; i++) {
      const r = await post(run.base, '{"kind":"interview"}');
      expect(r.status).toBe(201);
      expect(r.headers.get('ratelimit')).toBe(`"api";r=${2 - i}`);
      expect(r.headers.get('ratelimit-policy')).toBe('"api";q=3;w=6');
    }
    const refused = await post(run.base, '{"kind":"interview"}');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('2');
    expect(refused.headers.get('ratelimit')).toBe('"api";r=0;t=2');
    const p = await problemOf(refused);
    expect(p.status).toBe(429);
    run.clock.advance(2000);
    expect((await post(run.base, '{"kind":"interview"}')).status).toBe(201);
  });

  it('limits guessing room codes: after 10 wrong ones, even a right one waits', async () => {
    run = await start();
    const a = await createRoom(run.base, { kind: 'interview' });
    for (let i = 0; i < 10; i++)
      expect((await fetch(`${run.base}/api/rooms/ZZZZ${2000 + i}`)).status).toBe(404);
    const r = await fetch(`${run.base}/api/rooms/${a.id}`);
    expect(r.status).toBe(429);
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    run.clock.advance(6000);
    expect((await fetch(`${run.base}/api/rooms/${a.id}`)).status).toBe(200);
  });

  it('answers /healthz without counting it against the API limit', async () => {
    run = await start({ limits: { api: { capacity: 1, refillPerSecond: 0.01 } } });
    for (let i = 0; i < 5; i++) expect((await fetch(`${run.base}/healthz`)).status).toBe(200);
    expect((await post(run.base, '{"kind":"interview"}')).status).toBe(201);
  });

  it('takes one more fastify plugin, whose /api routes get the same rate limit and problems', async () => {
    run = await start({
      limits: { api: { capacity: 2, refillPerSecond: 0.01 } },
      plugins: [
        {
          plugin: async (app) => {
            app.get('/api/extra', async () => ({ extra: true }));
          },
        },
      ],
    });
    const first = await fetch(`${run.base}/api/extra`);
    expect(await first.json()).toEqual({ extra: true });
    expect(first.headers.get('ratelimit')).toBe('"api";r=1');
    expect((await fetch(`${run.base}/api/extra`)).status).toBe(200);
    const refused = await fetch(`${run.base}/api/extra`);
    expect(refused.status).toBe(429);
    await problemOf(refused);
  });
});
