// The interview's shared scene: the race scheduler (puzzle and schedule) and the lab scene
// (scenario and clock) are driven by either side through the server, checked field by field,
// and the host's notes, rubric ticks and follow-ups are kept for the host alone.
import { describe, expect, it } from 'vitest';
import { createRoom, next, send, serverPerTest, refusal } from './testkit';

const kit = serverPerTest();
const { join, interview } = kit;

interface Pub {
  race: { slug: string; schedule: unknown[] } | null;
  lab: { slug: string; now: number; playing: boolean; scenario: unknown } | null;
}

const scenario = { algorithm: 'token-bucket', params: { capacity: 5 } };

describe('the shared scene', () => {
  it('either side drives the race scheduler and the lab clock; the other sees it', async () => {
    await kit.start();
    const { room, host, cand } = await interview();
    const schedule = [{ request: 0 }, { request: 1, crash: true }, { request: -1, pause: 1500 }];
    expect(
      await send(cand, 'scene:race', { race: { slug: 'check-then-increment', schedule } }),
    ).toEqual({ ok: true });
    const seen = await next<Pub>(host, 'state', (s) => s.race !== null);
    expect(seen.race).toEqual({ slug: 'check-then-increment', schedule });

    const lab = { slug: 'two-servers', scenario, now: 2400, playing: true };
    expect(await send(host, 'scene:lab', { lab })).toEqual({ ok: true });
    const got = await next<Pub>(cand, 'state', (s) => s.lab !== null);
    expect(got.lab).toEqual(lab);
    expect(got.race).toEqual({ slug: 'check-then-increment', schedule });

    // The candidate pauses; the host's page follows. A reload gets the scene in its welcome.
    expect(await send(cand, 'scene:lab', { lab: { ...lab, now: 3100, playing: false } })).toEqual({
      ok: true,
    });
    await next<Pub>(host, 'state', (s) => s.lab?.playing === false && s.lab.now === 3100);
    const again = join({ room: room.id });
    const w = (await again.welcome).room as unknown as Pub;
    expect(w.lab).toMatchObject({ now: 3100, playing: false });
    expect(w.race?.schedule).toHaveLength(3);
    // Either side clears a part.
    expect(await send(host, 'scene:race', { race: null })).toEqual({ ok: true });
    await next<Pub>(cand, 'state', (s) => s.race === null && s.lab !== null);
  });

  it.each([
    ['scene:race', { race: { slug: 'ok', schedule: 'all' } }, 'race.schedule'],
    ['scene:race', { race: { slug: 'Bad!', schedule: [] } }, 'race.slug'],
    [
      'scene:race',
      { race: { slug: 'ok', schedule: [{ request: 99 }] } },
      'race.schedule[0].request',
    ],
    ['scene:race', { race: { slug: 'ok', schedule: [{ request: -1 }] } }, 'race.schedule[0].pause'],
    [
      'scene:race',
      { race: { slug: 'ok', schedule: [{ request: 0 }, { request: 0, pause: 5 }] } },
      'race.schedule[1].pause',
    ],
    [
      'scene:race',
      { race: { slug: 'ok', schedule: [{ request: 0, who: 'host' }] } },
      'race.schedule[0].who',
    ],
    [
      'scene:race',
      { race: { slug: 'ok', schedule: Array.from({ length: 401 }, () => ({ request: 0 })) } },
      'race.schedule',
    ],
    ['scene:race', { race: { slug: 'ok', schedule: [] }, notes: 'x' }, 'notes'],
    ['scene:lab', { lab: { slug: 'ok', scenario: [], now: 0, playing: false } }, 'lab.scenario'],
    [
      'scene:lab',
      { lab: { slug: 'ok', scenario: { big: 'x'.repeat(13000) }, now: 0, playing: false } },
      'lab.scenario',
    ],
    ['scene:lab', { lab: { slug: 'ok', scenario, now: -1, playing: false } }, 'lab.now'],
    ['scene:lab', { lab: { slug: 'ok', scenario, now: 'soon', playing: false } }, 'lab.now'],
    ['scene:lab', { lab: { slug: 'ok', scenario, now: 0, playing: 'yes' } }, 'lab.playing'],
  ])('malformed %s (case %#): 400 naming %s, nothing changes', async (event, payload, field) => {
    await kit.start();
    const { host, cand } = await interview();
    expect(await send(cand, event, payload)).toEqual(refusal(400, field));
    expect(await send(host, 'scene:race', { race: { slug: 'ok', schedule: [] } })).toEqual({
      ok: true,
    });
    const s = await next<Pub>(cand, 'state', (p) => p.race !== null);
    expect(s.lab).toBeNull();
    expect(s.race).toEqual({ slug: 'ok', schedule: [] });
  });

  it('a workshop learner cannot drive the scene', async () => {
    const run = await kit.start();
    const room = await createRoom(run.base, { kind: 'workshop', deck: 'make-it-atomic' });
    const l = join({ room: room.id, nick: 'ada' });
    await l.welcome;
    expect(await send(l, 'scene:race', { race: null })).toEqual(refusal(403));
    expect(await send(l, 'scene:lab', { lab: null })).toEqual(refusal(403));
  });
});

describe("the host's notes live on the server", () => {
  it('a host that reloads gets back its notes, ticks, follow-ups and verdict; the candidate never', async () => {
    await kit.start();
    const { room, host, cand } = await interview();
    expect(await send(host, 'notes', { text: 'NOTE-51: clear on races' })).toEqual({ ok: true });
    expect(
      await send(host, 'mark', {
        slug: 'check-then-increment',
        met: [true, false, true],
        notes: 'MARK-88',
        asked: 2,
      }),
    ).toEqual({ ok: true });
    expect(await send(host, 'verdict', { verdict: 'yes' })).toEqual({ ok: true });
    expect(await send(host, 'mark', { slug: 'x', met: [], asked: 33 })).toEqual(
      refusal(400, 'asked'),
    );
    host.socket.disconnect();
    const back = join({ room: room.id, secret: room.secret });
    const w = await back.welcome;
    expect(w.host).toMatchObject({
      notes: 'NOTE-51: clear on races',
      verdict: 'yes',
      marks: { 'check-then-increment': { met: [true, false, true], notes: 'MARK-88', asked: 2 } },
    });
    for (const f of cand.frames) {
      expect(f).not.toContain('NOTE-51');
      expect(f).not.toContain('MARK-88');
      expect(f).not.toContain('"asked"');
    }
  });
});
