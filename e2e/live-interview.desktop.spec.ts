// A live interview across two machines (two browser contexts): the interviewer invites a remote
// candidate, the candidate's kiosk shows the question and the shared editor, both type, a
// reload rejoins, and no host data ever arrives on the candidate's WebSocket.
import { test, expect, type Browser, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createServer, type LabServer } from '../src/server/createServer';

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

/** A page in its own context (its own machine), failing on console errors or outside requests. */
async function machine(browser: Browser) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const problems: string[] = [];
  await page.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === '127.0.0.1' || /^(data|blob):/.test(url.protocol)) return route.continue();
    problems.push(url.href);
    return route.abort('blockedbyclient');
  });
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  return { context, page, problems };
}

const liveState = (p: Page) => p.evaluate(() => window.rateLab!.live.state());

test('an interviewer and a remote candidate run a session; no host data reaches the candidate', async ({
  browser,
}) => {
  // A whole session on two machines: many steps, each waiting on the other side.
  test.slow();
  const host = await machine(browser);
  const cand = await machine(browser);
  const frames: string[] = [];
  cand.page.on('websocket', (ws) =>
    ws.on('framereceived', (f) =>
      frames.push(typeof f.payload === 'string' ? f.payload : f.payload.toString('latin1')),
    ),
  );

  await host.page.goto(`${base}#/interview/host`);
  for (const id of ['check-then-increment', 'per-process-limiter'])
    await host.page.getByTestId(`pick-${id}`).check();
  await host.page.getByTestId('start-session').click();
  await host.page.getByTestId('invite-remote').click();
  const joinUrl = (await host.page.getByTestId('join-url').textContent())!;
  expect(joinUrl).toMatch(/#\/live\/[2-9A-Z]{8}$/);
  // Host-only text on the interviewer's screen, to look for on the candidate's wire.
  const rubric = (await host.page.getByTestId('rubric-0').locator('..').textContent())!.trim();
  const answer = (await host.page.getByTestId('host-answer').textContent())!.slice(0, 60).trim();
  await host.page.getByTestId('rubric-0').check();

  await cand.page.goto(joinUrl);
  await expect(cand.page.getByTestId('candidate-question')).toHaveAttribute(
    'data-slug',
    'check-then-increment',
  );
  await expect(cand.page.locator('nav, header, a[href^="#/"]')).toHaveCount(0);
  await expect(host.page.getByTestId('live-host')).toContainText('candidate joined');

  // Both type in the same editor.
  await expect(cand.page.getByTestId('co-editor-ready')).toBeVisible();
  await host.page.evaluate(() => window.rateLab!.live.setCode('local n = 1\n'));
  await expect.poll(async () => (await liveState(cand.page))?.code).toBe('local n = 1\n');
  await cand.page.locator('.co-editor .view-lines').click();
  await cand.page.keyboard.press('Control+End');
  await cand.page.keyboard.type('return n');
  await expect.poll(async () => (await liveState(host.page))?.code).toBe('local n = 1\nreturn n');

  // The race scheduler is shared: a round trip sent on either side shows on the other.
  const candRace = cand.page.getByTestId('shared-race');
  const hostRace = host.page.getByTestId('shared-race');
  await candRace.getByTestId('race-step-0').click();
  await expect(hostRace.getByTestId('race-log').locator('li')).toHaveCount(1);
  await hostRace.getByTestId('race-step-1').click();
  await expect(candRace.getByTestId('race-log').locator('li')).toHaveCount(2);
  await expect(hostRace.getByTestId('race-log').locator('li')).toHaveCount(2);

  // The interviewer's notes go to the lab server (for the host alone): a reload that lost
  // this browser's copy gets them back from there.
  const qNote = 'QNOTE-4e1d: asked about the TTL';
  const oNote = 'ONOTE-9b2c: strong on races';
  await host.page.getByTestId('question-notes').fill(qNote);
  await host.page.getByTestId('overall-notes').fill(oNote);
  await expect(host.page.getByTestId('notes-kept')).toHaveAttribute('data-kept', 'kept');
  await host.page.evaluate(() => localStorage.removeItem('rateLab.interview.host'));
  await host.page.reload();
  await expect(host.page.getByTestId('overall-notes')).toHaveValue(oNote);
  await expect(host.page.getByTestId('question-notes')).toHaveValue(qNote);
  await expect(host.page.getByTestId('rubric-0')).toBeChecked();

  // The interviewer moves on; the candidate's screen follows.
  await host.page.getByTestId('host-next').click();
  await expect(cand.page.getByTestId('candidate-question')).toHaveAttribute(
    'data-slug',
    'per-process-limiter',
  );

  // A reload rejoins the same session, with the code.
  await cand.page.reload();
  await expect(cand.page.getByTestId('candidate-question')).toHaveAttribute(
    'data-slug',
    'per-process-limiter',
  );
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
  await host.page.getByTestId('end-session').click();
  await host.page.getByTestId('verdict-yes').check();
  const [json] = await Promise.all([
    host.page.waitForEvent('download'),
    host.page.getByTestId('download-json').click(),
  ]);
  const card = JSON.parse(await readFile((await json.path())!, 'utf8')) as Record<string, unknown>;
  expect(card).toMatchObject({ verdict: 'yes', code: 'local n = 1\nreturn n' });

  expect(host.problems).toEqual([]);
  expect(cand.problems).toEqual([]);
  await host.context.close();
  await cand.context.close();
});

test("the lab scene's clock is shared: a move or a play on one side shows on the other", async ({
  browser,
}) => {
  const host = await machine(browser);
  const cand = await machine(browser);
  await host.page.goto(`${base}#/interview/host`);
  await host.page.getByTestId('pick-fixed-window-burst').check();
  await host.page.getByTestId('start-session').click();
  await host.page.getByTestId('invite-remote').click();
  await cand.page.goto((await host.page.getByTestId('join-url').textContent())!);
  const hostLab = host.page.getByTestId('shared-lab');
  const candLab = cand.page.getByTestId('shared-lab');
  await expect(candLab.getByTestId('clock-now')).toBeVisible();
  await expect(hostLab.getByTestId('clock-now')).toBeVisible();

  // The interviewer steps to the next event: the candidate's clock goes there too.
  await hostLab.getByRole('button', { name: /^Next/ }).click();
  await hostLab.getByRole('button', { name: /^Next/ }).click();
  const at = (await hostLab.getByTestId('clock-now').textContent())!;
  await expect(candLab.getByTestId('clock-now')).toHaveText(at);
  // The candidate plays it: the interviewer's scene plays; the candidate pauses: it stops.
  await candLab.getByTestId('play-pause').click();
  await expect(hostLab.getByTestId('play-pause')).toHaveAttribute('aria-label', 'Pause');
  await candLab.getByTestId('play-pause').click();
  await expect(hostLab.getByTestId('play-pause')).toHaveAttribute('aria-label', 'Play');
  await expect
    .poll(async () => [
      await hostLab.getByTestId('clock-now').textContent(),
      await candLab.getByTestId('clock-now').textContent(),
    ])
    .toEqual([
      await candLab.getByTestId('clock-now').textContent(),
      await candLab.getByTestId('clock-now').textContent(),
    ]);

  expect(host.problems).toEqual([]);
  expect(cand.problems).toEqual([]);
  await host.context.close();
  await cand.context.close();
});

test("on a phone the host's join link wraps inside the page", async ({ browser }) => {
  const host = await machine(browser);
  await host.page.setViewportSize({ width: 360, height: 780 });
  await host.page.goto(`${base}#/interview/host`);
  await host.page.getByTestId('pick-fixed-window-burst').check();
  await host.page.getByTestId('start-session').click();
  await host.page.getByTestId('invite-remote').click();
  const link = host.page.getByTestId('join-url');
  await expect(link).toContainText('#/live/');
  const box = (await link.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  expect(
    await host.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
  ).toBe(true);
  await host.page.screenshot({ path: test.info().outputPath('host-360.png') });
  await host.context.close();
});
