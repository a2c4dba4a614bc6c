// A live interview across two machines (two browser contexts): the interviewer invites a remote
// candidate, the candidate's kiosk shows the question and the shared editor, both type, a
// reload rejoins, and no host data ever arrives on the candidate's WebSocket.
import { test, expect, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createServer, type LabServer } from '../src/server/createServer';
import {
  InterviewView,
  LabView,
  LiveView,
  openMachine as machine,
  RaceView,
  type Machine,
} from './pages';

/** A machine's page as the interview and live page objects see it. */
const views = (m: Machine) => ({ iv: new InterviewView(m.page), live: new LiveView(m.page) });

const DIST = fileURLToPath(new URL('../dist', import.meta.url));
let server: LabServer;
let base = '';

test.beforeAll(async () => {
  server = createServer({ staticRoot: DIST, sweepEveryMs: 0 });
  base = `http://127.0.0.1:${await server.listen(0)}/`;
});
test.afterAll(async () => {
  await server.close();
});

const liveState = (p: Page) => p.evaluate(() => window.rateLab!.live.state());

test('an interviewer and a remote candidate run a session; no host data reaches the candidate', async ({
  browser,
}) => {
  // A whole session on two machines: many steps, each waiting on the other side.
  test.slow();
  const host = await machine(browser);
  const cand = await machine(browser);
  const h = views(host);
  const c = views(cand);
  const frames: string[] = [];
  cand.page.on('websocket', (ws) =>
    ws.on('framereceived', (f) =>
      frames.push(typeof f.payload === 'string' ? f.payload : f.payload.toString('latin1')),
    ),
  );

  await host.page.goto(`${base}#/interview/host`);
  for (const id of ['check-then-increment', 'per-process-limiter']) await h.iv.pick(id).check();
  await h.iv.el('startSession').click();
  await h.live.el('inviteRemote').click();
  const joinUrl = (await h.live.el('joinUrl').textContent())!;
  expect(joinUrl).toMatch(/#\/live\/[2-9A-Z]{8}$/);
  // Host-only text on the interviewer's screen, to look for on the candidate's wire.
  const rubric = (await h.iv.rubric(0).locator('..').textContent())!.trim();
  const answer = (await h.iv.el('hostAnswer').textContent())!.slice(0, 60).trim();
  await h.iv.rubric(0).check();

  await cand.page.goto(joinUrl);
  await expect(c.iv.el('candidateQuestion')).toHaveAttribute('data-slug', 'check-then-increment');
  await expect(cand.page.locator('nav, header, a[href^="#/"]')).toHaveCount(0);
  await expect(h.live.el('liveHost')).toContainText('candidate joined');

  // Both type in the same editor.
  await expect(c.live.el('coEditorReady')).toBeVisible();
  await host.page.evaluate(() => window.rateLab!.live.setCode('local n = 1\n'));
  await expect.poll(async () => (await liveState(cand.page))?.code).toBe('local n = 1\n');
  await c.live.coEditorLines.click();
  await cand.page.keyboard.press('Control+End');
  await cand.page.keyboard.type('return n');
  await expect.poll(async () => (await liveState(host.page))?.code).toBe('local n = 1\nreturn n');

  // The race scheduler is shared: a round trip sent on either side shows on the other.
  const candRace = new RaceView(c.live.el('sharedRace'));
  const hostRace = new RaceView(h.live.el('sharedRace'));
  await candRace.step(0).click();
  await expect(hostRace.el('raceLog').locator('li')).toHaveCount(1);
  await hostRace.step(1).click();
  await expect(candRace.el('raceLog').locator('li')).toHaveCount(2);
  await expect(hostRace.el('raceLog').locator('li')).toHaveCount(2);

  // The interviewer's notes go to the lab server (for the host alone): a reload that lost
  // this browser's copy gets them back from there.
  const qNote = 'QNOTE-4e1d: asked about the TTL';
  const oNote = 'ONOTE-9b2c: strong on races';
  await h.iv.el('questionNotes').fill(qNote);
  await h.iv.el('overallNotes').fill(oNote);
  await expect(h.iv.el('notesKept')).toHaveAttribute('data-kept', 'kept');
  await host.page.evaluate(() => localStorage.removeItem('rateLab.interview.host'));
  await host.page.reload();
  await expect(h.iv.el('overallNotes')).toHaveValue(oNote);
  await expect(h.iv.el('questionNotes')).toHaveValue(qNote);
  await expect(h.iv.rubric(0)).toBeChecked();

  // The interviewer moves on; the candidate's screen follows.
  await h.iv.el('hostNext').click();
  await expect(c.iv.el('candidateQuestion')).toHaveAttribute('data-slug', 'per-process-limiter');

  // A reload rejoins the same session, with the code.
  await cand.page.reload();
  await expect(c.iv.el('candidateQuestion')).toHaveAttribute('data-slug', 'per-process-limiter');
  await expect.poll(async () => (await liveState(cand.page))?.code).toBe('local n = 1\nreturn n');
  expect(await liveState(cand.page)).toMatchObject({ role: 'candidate', kind: 'interview' });

  // The wire check: frames arrived, none carries what only the host has.
  expect(frames.some((f) => f.includes('per-process-limiter'))).toBe(true);
  for (const f of frames) {
    expect(f).not.toContain(rubric.slice(0, 40));
    expect(f).not.toContain(answer);
    expect(f).not.toContain('QNOTE-4e1d');
    expect(f).not.toContain('ONOTE-9b2c');
    for (const k of ['"notes"', '"marks"', '"verdict"', '"board"', '"secretHash"', '"asked"'])
      expect(f).not.toContain(k);
  }
  // The scorecard gains the candidate's code and the overall verdict.
  await h.iv.el('endSession').click();
  await h.live.el('verdictYes').check();
  const [json] = await Promise.all([
    host.page.waitForEvent('download'),
    h.iv.el('downloadJson').click(),
  ]);
  const card = JSON.parse(await readFile((await json.path())!, 'utf8')) as Record<string, unknown>;
  expect(card).toMatchObject({ verdict: 'yes', code: 'local n = 1\nreturn n' });

  expect(host.problems).toEqual([]);
  expect(cand.problems).toEqual([]);
  await host.context.close();
  await cand.context.close();
});

/** The host's session with one question, the remote candidate invited and joined. */
async function joined(host: Machine, cand: Machine, question: string): Promise<void> {
  const h = views(host);
  await host.page.goto(`${base}#/interview/host`);
  await h.iv.pick(question).check();
  await h.iv.el('startSession').click();
  await h.live.el('inviteRemote').click();
  await cand.page.goto((await h.live.el('joinUrl').textContent())!);
}

test("the lab scene's clock is shared: a move or a play on one side shows on the other", async ({
  browser,
}) => {
  const host = await machine(browser);
  const cand = await machine(browser);
  await joined(host, cand, 'fixed-window-burst');
  const hostLab = new LabView(views(host).live.el('sharedLab'));
  const candLab = new LabView(views(cand).live.el('sharedLab'));
  await expect(candLab.clock).toBeVisible();
  await expect(hostLab.clock).toBeVisible();

  // The interviewer steps to the next event: the candidate's clock goes there too.
  await hostLab.root.getByRole('button', { name: /^Next/ }).click();
  await hostLab.root.getByRole('button', { name: /^Next/ }).click();
  const at = (await hostLab.clock.textContent())!;
  await expect(candLab.clock).toHaveText(at);
  // The candidate plays it: the interviewer's scene plays; the candidate pauses: it stops.
  await candLab.playPause.click();
  await expect(hostLab.playPause).toHaveAttribute('aria-label', 'Pause');
  await candLab.playPause.click();
  await expect(hostLab.playPause).toHaveAttribute('aria-label', 'Play');
  await expect
    .poll(async () => [await hostLab.clock.textContent(), await candLab.clock.textContent()])
    .toEqual([await candLab.clock.textContent(), await candLab.clock.textContent()]);

  expect(host.problems).toEqual([]);
  expect(cand.problems).toEqual([]);
  await host.context.close();
  await cand.context.close();
});

test("on a phone the host's join link wraps inside the page", async ({ browser }) => {
  const host = await machine(browser);
  const h = views(host);
  await host.page.setViewportSize({ width: 360, height: 780 });
  await host.page.goto(`${base}#/interview/host`);
  await h.iv.pick('fixed-window-burst').check();
  await h.iv.el('startSession').click();
  await h.live.el('inviteRemote').click();
  const link = h.live.el('joinUrl');
  await expect(link).toContainText('#/live/');
  const box = (await link.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  expect(
    await host.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
  ).toBe(true);
  await host.page.screenshot({ path: test.info().outputPath('host-360.png') });
  await host.context.close();
});
