// The live channel: roles come from the handshake, every message is checked, and each attack
// below is refused while the connection keeps working.
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { closed, createRoom, next, send, type Client, serverPerTest, refusal } from './testkit';

const kit = serverPerTest();
const { join, interview, workshop } = kit;

describe('the live channel', () => {
  it('gives each side its role from the handshake; the host puts up a question the candidate sees', async () => {
    await kit.start();
    const { host, cand } = await interview();
    expect((await host.welcome).role).toBe('host');
    expect((await cand.welcome).role).toBe('candidate');
    expect(
      await send(host, 'ask', { slug: 'two-servers', text: 'Why do five get through?' }),
    ).toEqual({ ok: true });
    const st = await next<{ question: { slug: string } | null }>(
      cand,
      'state',
      (s) => s.question !== null,
    );
    expect(st.question).toEqual({ slug: 'two-servers', text: 'Why do five get through?' });
  });

  it('co-edits the code: a Yjs update from one side reaches the other, and a rejoin gets the whole text', async () => {
    await kit.start();
    const { room, host, cand } = await interview();
    const doc = new Y.Doc();
    const before = Y.encodeStateVector(doc);
    doc.getText('code').insert(0, 'return 1');
    const update = Y.encodeStateAsUpdate(doc, before);
    expect(await send(cand, 'y', update)).toEqual({ ok: true });
    const hostDoc = new Y.Doc();
    await new Promise<void>((resolve) => {
      const check = () => hostDoc.getText('code').toString() === 'return 1' && resolve();
      for (const e of host.events)
        if (e.name === 'y') Y.applyUpdate(hostDoc, new Uint8Array(e.args[0] as ArrayBuffer));
      check();
      host.socket.on('y', (u: ArrayBuffer) => (Y.applyUpdate(hostDoc, new Uint8Array(u)), check()));
    });
    expect(await send(host, 'code', { text: 'return 2' })).toEqual({ ok: true });
    cand.socket.disconnect();
    const again = join({
      room: room.id,
      token: ((await cand.welcome).you as { token: string }).token,
    });
    await again.welcome;
    const y = await next<ArrayBuffer>(again, 'y');
    const fresh = new Y.Doc();
    Y.applyUpdate(fresh, new Uint8Array(y));
    expect(fresh.getText('code').toString()).toBe('return 2');
  });

  it('a learner rejoining with its token keeps its nickname and answers', async () => {
    await kit.start();
    const { room, host, learners } = await workshop(1);
    const l = learners[0]!;
    const token = ((await l.welcome).you as { token: string }).token;
    expect(await send(host, 'predict:open')).toEqual({ ok: true });
    expect(await send(l, 'predict', { value: 3 })).toEqual({ ok: true });
    l.socket.disconnect();
    const back = join({ room: room.id, token });
    const w = await back.welcome;
    expect(w.you).toMatchObject({ nick: 'learner 0', prediction: 3, token });
    expect((w.room as { learners: number }).learners).toBe(1);
  });

  it("a new prediction empties each learner's own answer, and each hears so", async () => {
    await kit.start();
    const { host, learners } = await workshop(2);
    expect(await send(host, 'predict:open')).toEqual({ ok: true });
    expect(await send(learners[0]!, 'predict', { value: 3 })).toEqual({ ok: true });
    expect(await send(learners[1]!, 'predict', { value: 5 })).toEqual({ ok: true });
    const cleared = learners.map((l) =>
      next<{ prediction: unknown }>(l, 'you', (y) => y.prediction === null),
    );
    expect(await send(host, 'predict:open')).toEqual({ ok: true });
    for (const y of await Promise.all(cleared)) expect(y.prediction).toBeNull();
  });

  describe('hostile messages', () => {
    it('forged role: a candidate cannot ask, note, mark or close, and keeps working', async () => {
      await kit.start();
      const { cand } = await interview();
      expect(await send(cand, 'ask', { slug: 'x', text: 'pwned' })).toEqual(refusal(403));
      expect(await send(cand, 'notes', { text: 'pwned' })).toEqual(refusal(403));
      expect(await send(cand, 'mark', { slug: 'x', met: [true] })).toEqual(refusal(403));
      expect(await send(cand, 'verdict', { verdict: 'strong-yes' })).toEqual(refusal(403));
      expect(await send(cand, 'close')).toEqual(refusal(403));
      expect(await send(cand, 'ask', { slug: 'x', text: 'y', role: 'host' })).toEqual(refusal(403));
      expect(await send(cand, 'scene', { data: { step: 1 } })).toEqual({ ok: true });
    });

    it('forged role in the handshake: a role field or a wrong secret is refused', async () => {
      const run = await kit.start();
      const room = await createRoom(run.base, { kind: 'interview' });
      await expect(join({ room: room.id, role: 'host' }).welcome).rejects.toMatchObject({
        data: { status: 400, field: 'auth.role' },
      });
      await expect(join({ room: room.id, secret: 'guess' }).welcome).rejects.toMatchObject({
        data: { status: 403, field: 'secret' },
      });
      await expect(join({ room: 'not a code' }).welcome).rejects.toMatchObject({
        data: { status: 400, field: 'room' },
      });
    });

    it('deck position from a learner is refused; the presenter moves it', async () => {
      await kit.start();
      const { host, learners } = await workshop(2);
      expect(await send(learners[0]!, 'step', { index: 5 })).toEqual(refusal(403));
      expect(await send(learners[0]!, 'predict:reveal')).toEqual(refusal(403));
      expect(await send(host, 'step', { index: 2 })).toEqual({ ok: true });
      expect((await next<{ step: number }>(learners[1]!, 'state', (s) => s.step === 2)).step).toBe(
        2,
      );
    });

    it("another participant's answers: no message can name another learner", async () => {
      await kit.start();
      const { host, learners } = await workshop(2);
      await send(host, 'predict:open');
      const [a, b] = learners as [Client, Client];
      const bId = ((await b.welcome).you as { token: string }).token;
      expect(await send(a, 'predict', { value: 9, learner: bId })).toEqual(refusal(400, 'learner'));
      expect(await send(a, 'predict', { value: 9, token: bId })).toEqual(refusal(400, 'token'));
      expect(await send(a, 'predict', { value: 4 })).toEqual({ ok: true });
      const hv = await next<{ learners: { nick: string; prediction: unknown }[] }>(
        host,
        'host',
        (h) => h.learners.some((l) => l.prediction === 4),
      );
      expect(hv.learners.find((l) => l.nick === 'learner 1')!.prediction).toBeNull();
      // The host cannot answer for a learner either.
      expect(await send(host, 'predict', { value: 1 })).toEqual(refusal(403));
    });

    it.each([
      ['ask', 'not an object', 'payload'],
      ['ask', { slug: 'Bad Slug', text: 'q' }, 'slug'],
      ['ask', { slug: 'ok', text: 42 }, 'text'],
      ['ask', { slug: 'ok', text: 'x'.repeat(5000) }, 'text'],
      ['notes', { text: 'a\u0000b' }, 'text'],
      ['mark', { slug: 'ok', met: [true, 'yes'] }, 'met[1]'],
      ['mark', { slug: 'ok', met: new Array(40).fill(true) }, 'met'],
      ['verdict', { verdict: 'maybe' }, 'verdict'],
      ['y', 'text', 'update'],
      ['y', Buffer.from([255, 255, 255, 255, 1, 2, 3]), 'update'],
      ['awareness', Buffer.from([9, 9, 9]), 'update'],
      ['code', { text: 'x'.repeat(20001) }, 'text'],
      ['scene', { data: { big: 'x'.repeat(17000) } }, 'data'],
    ])(
      'malformed %s (case %#): 400 naming the field, and the connection keeps working',
      async (event, payload, field) => {
        await kit.start();
        const { host } = await interview();
        expect(await send(host, event, payload)).toEqual(refusal(400, field));
        expect(await send(host, 'notes', { text: 'still here' })).toEqual({ ok: true });
      },
    );

    it('an unknown event, two payloads, or no acknowledgement still get an answer', async () => {
      await kit.start();
      const { host } = await interview();
      expect(await send(host, 'become-host', {})).toEqual(refusal(400));
      const two = (await host.socket
        .timeout(10_000)
        .emitWithAck('notes', { text: 'a' }, { text: 'b' })) as unknown;
      expect(two).toEqual(refusal(400, 'payload'));
      host.socket.emit('ask', { slug: 'x' });
      const p = await next<{ event: string; field: string }>(host, 'problem');
      expect(p).toMatchObject({ event: 'ask', field: 'text', status: 400 });
    });

    it('a Yjs update that adds anything but the shared code is refused', async () => {
      await kit.start();
      const { cand } = await interview();
      const doc = new Y.Doc();
      doc.getMap('host').set('notes', 'forged');
      expect(await send(cand, 'y', Y.encodeStateAsUpdate(doc))).toEqual(refusal(400, 'update'));
    });

    it('an oversized message is refused: the server drops that connection, others carry on', async () => {
      await kit.start({ limits: { messageBytes: 8 * 1024 } });
      const { host, cand } = await interview();
      const gone = closed(cand);
      cand.socket.emit('scene', { data: 'x'.repeat(20 * 1024) });
      expect(await gone).toBeTruthy();
      expect(await send(host, 'notes', { text: 'fine' })).toEqual({ ok: true });
    });

    it('each connection is rate limited; the clock refills it', async () => {
      const run = await kit.start({ limits: { messages: { capacity: 3, refillPerSecond: 1 } } });
      const { host, cand } = await interview();
      for (let i = 0; i < 3; i++)
        expect(await send(cand, 'scene', { data: i })).toEqual({ ok: true });
      const r = await send(cand, 'scene', { data: 4 });
      expect(r).toEqual(refusal(429));
      expect(!r.ok && r.error.message).toContain('retry after 1 s');
      expect(await send(host, 'notes', { text: 'the host has its own bucket' })).toEqual({
        ok: true,
      });
      run.clock.advance(1000);
      expect(await send(cand, 'scene', { data: 5 })).toEqual({ ok: true });
    });

    it('join codes resist guessing: after 10 wrong codes, even the right one waits', async () => {
      const run = await kit.start();
      const room = await createRoom(run.base, { kind: 'workshop', deck: 'd' });
      for (let i = 0; i < 10; i++)
        await expect(
          join({ room: i % 2 ? `ZZZZ2${i}22`.replace(/[01]/, 'Q') : 'not-a-code', nick: 'x' })
            .welcome,
        ).rejects.toMatchObject({
          data: { status: i % 2 ? 404 : 400 },
        });
      await expect(join({ room: room.id, nick: 'x' }).welcome).rejects.toMatchObject({
        data: { status: 429 },
      });
      run.clock.advance(6000);
      await expect(join({ room: room.id, nick: 'x' }).welcome).resolves.toMatchObject({
        role: 'learner',
      });
    });

    it('a learner needs a sane nickname; markup in it stays text', async () => {
      const run = await kit.start();
      const room = await createRoom(run.base, { kind: 'workshop', deck: 'd' });
      await expect(join({ room: room.id }).welcome).rejects.toMatchObject({
        data: { field: 'nick' },
      });
      await expect(join({ room: room.id, nick: '   ' }).welcome).rejects.toMatchObject({
        data: { field: 'nick' },
      });
      await expect(join({ room: room.id, nick: 'x'.repeat(30) }).welcome).rejects.toMatchObject({
        data: { field: 'nick' },
      });
      const w = await join({ room: room.id, nick: '<b onclick=x>hi</b>' }).welcome;
      expect((w.you as { nick: string }).nick).toBe('<b onclick=x>hi</b>');
    });
  });

  it('an idle room expires: its connections are told and closed, and joining is refused 410', async () => {
    const run = await kit.start({ idleMs: 60_000 });
    const { room, host, cand } = await interview();
    expect((await host.welcome).room).toMatchObject({ idleSeconds: 60 });
    run.clock.advance(30_000);
    await send(host, 'notes', { text: 'activity' });
    run.clock.advance(45_000);
    await run.server.sweep();
    expect(cand.socket.connected).toBe(true);
    run.clock.advance(15_000);
    const gone = closed(cand);
    await run.server.sweep();
    expect(await next<{ status: number }>(cand, 'closed')).toMatchObject({ status: 410 });
    await gone;
    await expect(join({ room: room.id }).welcome).rejects.toMatchObject({ data: { status: 410 } });
  });

  it('the host closes the room: everyone is told, and it answers 410', async () => {
    const run = await kit.start();
    const { room, host, cand } = await interview();
    expect(await send(host, 'close')).toEqual({ ok: true });
    expect(await next<{ code: string }>(cand, 'closed')).toMatchObject({ code: 'room-closed' });
    expect((await fetch(`${run.base}/api/rooms/${room.id}`)).status).toBe(410);
  });
});
