// The browser's live client (src/store/liveClient.ts) and `rateLab.live` against a real lab
// server: the same code a page runs, in Node.
import { afterEach, describe, expect, it } from 'vitest';
import { createRoom, start, type Running } from '../../src/server/testkit';
import { connectLive, type LiveConnection } from '../../src/store/liveClient';
import { createLiveApi, registerLive } from '../../src/store/liveApi';

let run: Running | null = null;
const conns: LiveConnection[] = [];
afterEach(async () => {
  for (const c of conns.splice(0)) c.close();
  await run?.server.close();
  run = null;
});

function memoryStorage() {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
  };
}

function open(o: Parameters<typeof connectLive>[0]): LiveConnection {
  const c = connectLive(o);
  conns.push(c);
  return c;
}

const until = (c: LiveConnection, test: () => boolean) =>
  new Promise<void>((resolve) => {
    if (test()) return resolve();
    const off = c.store.subscribe(() => test() && (off(), resolve()));
  });

describe('the live client', () => {
  it('interview: ask, co-edit, and a reload rejoins the same session with the code', async () => {
    run = await start();
    const room = await createRoom(run.base, { kind: 'interview' });
    const host = open({ url: run.base, room: room.id, secret: room.secret, storage: null });
    const storage = memoryStorage();
    const cand = open({ url: run.base, room: room.id, storage });
    await until(cand, () => cand.store.getState().status === 'open');
    const api = createLiveApi();
    const off = registerLive({
      conn: host,
      questionText: (s) => (s === 'q1' ? 'What breaks?' : null),
    });
    await until(host, () => host.store.getState().status === 'open');
    await api.ask('q1');
    await expect(api.ask('nope')).rejects.toThrow('No question "nope"');
    await api.setCode('local count = 1');
    expect(api.state()).toMatchObject({ role: 'host', kind: 'interview', code: 'local count = 1' });
    await until(cand, () => cand.store.getState().code === 'local count = 1');
    expect(cand.store.getState().room?.question).toEqual({ slug: 'q1', text: 'What breaks?' });
    // The candidate types through Yjs; the host sees it.
    cand.text.insert(cand.text.length, '\nreturn count');
    await until(host, () => host.store.getState().code === 'local count = 1\nreturn count');
    off();
    // A reload: a fresh connection with the same tab storage is the same participant.
    const firstToken = cand.store.getState().you?.token;
    cand.close();
    const again = open({ url: run.base, room: room.id, storage });
    await until(again, () => again.store.getState().code === 'local count = 1\nreturn count');
    expect(again.store.getState().you?.token).toBe(firstToken);
    expect(again.store.getState().room?.learners).toBe(1);
  });

  it('a refused join says why and stops retrying', async () => {
    run = await start();
    const c = open({ url: run.base, room: 'ABCD2345', storage: null });
    await until(c, () => c.store.getState().status === 'refused');
    expect(c.store.getState().error).toContain('No room has the code');
  });

  it('workshop: next/back move the deck, predict collects, reveal shows the values', async () => {
    run = await start();
    const room = await createRoom(run.base, { kind: 'workshop', deck: 'make-it-atomic' });
    const pres = open({ url: run.base, room: room.id, secret: room.secret, storage: null });
    const learner = open({ url: run.base, room: room.id, nick: 'ana', storage: memoryStorage() });
    await until(pres, () => pres.store.getState().status === 'open');
    await until(learner, () => learner.store.getState().status === 'open');
    const api = createLiveApi();
    let off = registerLive({ conn: pres, lastStep: 1 });
    await api.next();
    await api.next();
    expect(pres.store.getState().room?.step ?? -1).toBeLessThanOrEqual(1);
    await until(learner, () => learner.store.getState().room?.step === 1);
    await api.back();
    await pres.send('predict:open');
    off();
    off = registerLive({ conn: learner });
    await api.predict(3);
    await expect(api.predict(Number.NaN)).rejects.toThrow(/value/);
    await until(pres, () => pres.store.getState().host?.predictions?.count === 1);
    expect(api.state()).toMatchObject({ role: 'learner', step: 0, predictions: { count: 1 } });
    expect(api.state()?.predictions?.values).toBeUndefined();
    await pres.send('predict:reveal');
    await until(learner, () => learner.store.getState().room?.predictions?.values !== undefined);
    expect(api.state()?.predictions).toEqual({ count: 1, values: [3] });
    off();
  });
});
