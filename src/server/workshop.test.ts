// A workshop with 100 protocol-level learners: the presenter's step reaches all of them, every
// answer is collected (the projector sees the distribution before the reveal, learners only the
// count), and the progress board counts attempts, solves and stuck learners.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createRoom, next, send, start, type Client, type Running } from './testkit';

const N = 100;
let run: Running;
let host: Client;
const learners: Client[] = [];

beforeAll(async () => {
  run = await start();
  const room = await createRoom(run.base, { kind: 'workshop', deck: 'make-it-atomic' });
  host = client(run.base, { room: room.id, secret: room.secret });
  await host.welcome;
  for (let i = 0; i < N; i += 20) {
    const batch = Array.from({ length: Math.min(20, N - i) }, (_, k) =>
      client(run.base, { room: room.code, nick: `learner ${i + k}` }),
    );
    await Promise.all(batch.map((b) => b.welcome));
    learners.push(...batch);
  }
});

afterAll(async () => {
  for (const c of [host, ...learners]) c?.socket.disconnect();
  await run?.server.close();
});

describe(`a workshop with ${N} learners`, () => {
  it('the presenter sees everyone join, and one step reaches every learner', async () => {
    await next<{ learners: { nick: string }[] }>(host, 'host', (h) => h.learners.length === N);
    expect(await send(host, 'step', { index: 3 })).toEqual({ ok: true });
    await Promise.all(learners.map((l) => next<{ step: number }>(l, 'state', (s) => s.step === 3)));
  });

  it("a step leaves the presenter's view as it was, so it is not sent again; a learner's change is", async () => {
    const hostViews = () => host.events.filter((e) => e.name === 'host').length;
    const before = hostViews();
    expect(await send(host, 'step', { index: 4 })).toEqual({ ok: true });
    await next<{ step: number }>(host, 'state', (s) => s.step === 4);
    await next<{ step: number }>(learners[N - 1]!, 'state', (s) => s.step === 4);
    expect(hostViews()).toBe(before);
    expect(await send(learners[0]!, 'stuck', { stuck: true })).toEqual({ ok: true });
    await next<{ learners: { stuck: boolean }[] }>(host, 'host', (h) =>
      h.learners.some((l) => l.stuck),
    );
    expect(hostViews()).toBe(before + 1);
    expect(await send(learners[0]!, 'stuck', { stuck: false })).toEqual({ ok: true });
    await next<{ learners: { stuck: boolean }[] }>(
      host,
      'host',
      (h) => !h.learners.some((l) => l.stuck) && hostViews() === before + 2,
    );
  });

  it('collects every prediction; the distribution is on the projector before the reveal', async () => {
    expect(await send(host, 'predict:open')).toEqual({ ok: true });
    const acks = await Promise.all(
      learners.map((l, i) => send(l, 'predict', { value: i % 3 === 0 ? 3 : 5 })),
    );
    expect(acks.every((a) => a.ok)).toBe(true);
    const hv = await next<{ predictions: { count: number; values: number[] } }>(
      host,
      'host',
      (h) => h.predictions?.count === N,
    );
    expect(hv.predictions.values.filter((v) => v === 3)).toHaveLength(34);
    expect(hv.predictions.values.filter((v) => v === 5)).toHaveLength(66);
    const seen = await next<{ predictions: { count: number; values?: unknown } }>(
      learners[0]!,
      'state',
      (s) => s.predictions?.count === N,
    );
    expect(seen.predictions.values).toBeUndefined();
    expect(await send(host, 'predict:reveal')).toEqual({ ok: true });
    const shown = await next<{ predictions: { values?: number[] } }>(
      learners[N - 1]!,
      'state',
      (s) => s.predictions?.values !== undefined,
    );
    expect(shown.predictions.values).toHaveLength(N);
  });

  it('the progress board counts attempts and solves per problem, and who is stuck', async () => {
    await Promise.all(
      learners.map((l, i) =>
        send(l, 'progress', { problem: 'atomic-counter', status: i < 40 ? 'solved' : 'attempted' }),
      ),
    );
    await Promise.all(learners.slice(0, 7).map((l) => send(l, 'stuck', { stuck: true })));
    const hv = await next<{
      board: Record<string, { attempted: number; solved: number }>;
      learners: { stuck: boolean }[];
    }>(
      host,
      'host',
      (h) =>
        h.learners.filter((l) => l.stuck).length === 7 &&
        h.board['atomic-counter']?.attempted === N,
    );
    expect(hv.board['atomic-counter']).toEqual({ attempted: N, solved: 40 });
  });
});
