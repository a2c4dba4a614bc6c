// The wire check: every frame a participant's connection receives is recorded, and none of
// them carries host data, whatever the host writes and whatever the participant sends.
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { createRoom, next, send, serverPerTest } from './testkit';

const kit = serverPerTest();
const { join } = kit;

/** Fields only a host's view has; a participant frame naming one is a leak. */
const HOST_KEYS = [
  '"notes"',
  '"marks"',
  '"verdict"',
  '"board"',
  '"secretHash"',
  '"participants"',
  '"met"',
  '"asked"',
];

function assertNoHostData(frames: string[], secrets: string[]): void {
  expect(frames.length).toBeGreaterThan(3);
  for (const f of frames) {
    for (const s of secrets) expect(f, `a participant frame carries "${s}"`).not.toContain(s);
    for (const k of HOST_KEYS) expect(f, `a participant frame names ${k}`).not.toContain(k);
  }
}

describe('no host data on a participant connection', () => {
  it('interview: notes, rubric ticks, verdict and the secret never reach the candidate', async () => {
    const run = await kit.start();
    const room = await createRoom(run.base, { kind: 'interview' });
    const host = join({ room: room.id, secret: room.secret });
    const cand = join({ room: room.id });
    await Promise.all([host.welcome, cand.welcome]);
    const secrets = ['NOTE-7f3a', 'RUBRIC-91bc', room.secret, 'strong-no'];
    expect(await send(host, 'notes', { text: 'NOTE-7f3a: hesitates on atomicity' })).toEqual({
      ok: true,
    });
    expect(await send(host, 'ask', { slug: 'atomic', text: 'Make this limiter atomic.' })).toEqual({
      ok: true,
    });
    expect(
      await send(host, 'mark', {
        slug: 'atomic',
        met: [true, false],
        notes: 'RUBRIC-91bc',
        asked: 1,
      }),
    ).toEqual({
      ok: true,
    });
    expect(await send(host, 'verdict', { verdict: 'strong-no' })).toEqual({ ok: true });
    // The candidate tries to read host data: every way is refused and nothing leaks.
    await send(cand, 'notes', { text: '' });
    await send(cand, 'host');
    await send(cand, 'welcome', { role: 'host' });
    const doc = new Y.Doc();
    doc.getText('code').insert(0, '-- candidate code');
    await send(cand, 'y', Y.encodeStateAsUpdate(doc));
    await send(host, 'scene', { data: { race: 1 } });
    await next(cand, 'state', (s: { scene: unknown }) => s.scene !== null);
    // The shared race scheduler and lab scene reach the candidate; host data still does not.
    const race = { slug: 'check-then-increment', schedule: [{ request: 0 }] };
    expect(await send(host, 'scene:race', { race })).toEqual({ ok: true });
    expect(
      await send(cand, 'scene:lab', {
        lab: { slug: 'atomic', scenario: { algorithm: 'fixed-window' }, now: 0, playing: true },
      }),
    ).toEqual({ ok: true });
    await next(cand, 'state', (s: { race: unknown; lab: unknown }) => !!s.race && !!s.lab);
    // A reload of the candidate's page gets the same public state, and still no host data.
    const again = join({
      room: room.id,
      token: ((await cand.welcome).you as { token: string }).token,
    });
    await again.welcome;
    await next(again, 'y');
    // The host does see its own data.
    const hv = await next<{ notes: string; verdict: string }>(
      host,
      'host',
      (h) => h.verdict === 'strong-no',
    );
    expect(hv.notes).toContain('NOTE-7f3a');
    expect(cand.frames.some((f) => f.includes('Make this limiter atomic.'))).toBe(true);
    assertNoHostData(cand.frames, secrets);
    assertNoHostData(again.frames, secrets);
  });

  it("workshop: a learner never sees the board, other learners' names or answers before the reveal", async () => {
    const run = await kit.start();
    const room = await createRoom(run.base, { kind: 'workshop', deck: 'make-it-atomic' });
    const host = join({ room: room.id, secret: room.secret });
    const a = join({ room: room.id, nick: 'NICK-ALPHA' });
    const b = join({ room: room.id, nick: 'NICK-BRAVO' });
    await Promise.all([host.welcome, a.welcome, b.welcome]);
    await send(host, 'predict:open');
    await send(a, 'predict', { value: 'ANSWER-ALPHA' });
    await send(a, 'progress', { problem: 'fixed-window-1', status: 'solved' });
    await send(a, 'stuck', { stuck: true });
    await send(b, 'predict', { value: 5 });
    const count = await next<{ predictions: { count: number; values?: unknown } }>(
      b,
      'state',
      (s) => s.predictions?.count === 2,
    );
    expect(count.predictions.values).toBeUndefined();
    assertNoHostData(b.frames, ['NICK-ALPHA', 'ANSWER-ALPHA', 'fixed-window-1', room.secret]);
    // After the reveal, the answers (with no names) reach everyone.
    await send(host, 'predict:reveal');
    const shown = await next<{ predictions: { values: unknown[] } }>(
      b,
      'state',
      (s) => s.predictions?.values !== undefined,
    );
    expect(shown.predictions.values).toEqual([5, 'ANSWER-ALPHA']);
    assertNoHostData(b.frames, ['NICK-ALPHA', 'fixed-window-1', room.secret]);
    const hv = await next<{
      board: Record<string, unknown>;
      learners: { nick: string; stuck: boolean }[];
    }>(host, 'host', (h) => h.learners.some((l) => l.stuck));
    expect(hv.board).toEqual({ 'fixed-window-1': { attempted: 1, solved: 1 } });
  });
});
