// Two lab server instances on one real redis-server: a host on one, the candidate on the
// other, one room; a restarted instance loses nothing; the API's rate limit is shared.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import {
  redisRequired,
  serverMissing,
  startServer,
  stopServer,
  type Server,
} from '../../test/redis/server';
import { ManualClock } from './clock';
import type { Limits } from './createServer';
import { redisOptions, type RedisSetup } from './redisSetup';
import { client, createRoom, next, send, start, type Client, type Running } from './testkit';

const missing = serverMissing();
if (missing && redisRequired) throw new Error(missing);

let redis: Server | null = null;
let url = '';
const clock = new ManualClock();
const running: { run: Running; setup: RedisSetup }[] = [];
const clients: Client[] = [];

async function instance(limits: Partial<Limits> = {}): Promise<Running> {
  const setup = await redisOptions(url, { clock, limits });
  const run = await start({ ...setup.options, clock, limits });
  running.push({ run, setup });
  return run;
}

async function stop(run: Running): Promise<void> {
  const i = running.findIndex((r) => r.run === run);
  const [r] = running.splice(i, 1);
  await r!.run.server.close();
  await r!.setup.close();
}

function join(run: Running, auth: Record<string, unknown>): Client {
  const c = client(run.base, auth);
  clients.push(c);
  return c;
}

beforeAll(async () => {
  if (missing) return;
  redis = await startServer(false);
  url = `redis://127.0.0.1:${redis.port}`;
});

afterAll(async () => {
  for (const c of clients) c.socket.disconnect();
  for (const r of [...running]) await stop(r.run);
  stopServer(redis);
});

describe.skipIf(missing !== '')('two instances on one Redis', () => {
  it('a host on one instance and a candidate on the other share one room; no host data crosses', async () => {
    const a = await instance();
    const b = await instance();
    const room = await createRoom(a.base, { kind: 'interview' });
    const host = join(a, { room: room.id, secret: room.secret });
    const cand = join(b, { room: room.id });
    await Promise.all([host.welcome, cand.welcome]);
    await next<{ learners: unknown[] }>(host, 'host', (h) => h.learners.length === 1);
    expect(await send(host, 'ask', { slug: 'two-servers', text: 'Why five?' })).toEqual({
      ok: true,
    });
    expect(await send(host, 'notes', { text: 'SECRET-NOTE-42' })).toEqual({ ok: true });
    await next<{ question: unknown }>(cand, 'state', (s) => s.question !== null);
    const doc = new Y.Doc();
    doc.getText('code').insert(0, 'return 42');
    expect(await send(cand, 'y', Y.encodeStateAsUpdate(doc))).toEqual({ ok: true });
    await next(host, 'y', (u: ArrayBuffer) => {
      const d = new Y.Doc();
      Y.applyUpdate(d, new Uint8Array(u));
      return d.getText('code').toString() === 'return 42';
    });
    // Instance a's own copy of the document has the candidate's edit too.
    expect(await send(host, 'code', { text: 'return 43' })).toEqual({ ok: true });
    for (const f of cand.frames) expect(f).not.toContain('SECRET-NOTE-42');

    // Restart instance a: the host rejoins on a fresh instance and finds everything.
    host.socket.disconnect();
    await stop(a);
    const a2 = await instance();
    const again = join(a2, { room: room.id, secret: room.secret });
    const w = await again.welcome;
    expect(w.room).toMatchObject({ question: { slug: 'two-servers' } });
    expect(w.host).toMatchObject({ notes: 'SECRET-NOTE-42' });
    const y = await next<ArrayBuffer>(again, 'y');
    const d = new Y.Doc();
    Y.applyUpdate(d, new Uint8Array(y));
    expect(d.getText('code').toString()).toBe('return 43');
  });

  it('the API rate limit is one bucket per address across instances (the lab token-bucket script)', async () => {
    const limits = { api: { capacity: 3, refillPerSecond: 0.001 } };
    const a = await instance(limits);
    const b = await instance(limits);
    await redis!.client.call(['DEL', 'ratelab:rl:api:127.0.0.1']);
    const post = (r: Running) =>
      fetch(`${r.base}/api/rooms`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"kind":"interview"}',
      });
    expect((await post(a)).status).toBe(201);
    expect((await post(b)).status).toBe(201);
    expect((await post(a)).status).toBe(201);
    const refused = await post(b);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });
});
