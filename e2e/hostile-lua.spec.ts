// Hostile learner Lua (issue 12) in a short share link and through window.rateLab on every
// route: each settles with a message naming what happened (the step budget or the deadline),
// while the page keeps answering clicks (the script runs in the lab's Lua worker, never on the
// page's thread). Nothing here is timed by the wall clock: a busy machine only decides which
// of the two stops the script first. How long the lab takes to settle (KILL_CAP deadlines) is
// tested on injected timers and a real worker thread in src/worker and src/cli/labThread.test.ts.
// lz-string is CommonJS: under Playwright's Node loader only its default export is available.
import LZString from 'lz-string';
import { expect, test } from './pages';

const HOSTILE: [string, string][] = [
  ['an endless loop', 'while true do end'],
  [
    'a catastrophic pattern inside one string.find call',
    'return string.find(string.rep("a", 26), string.rep("a?", 26) .. string.rep("a", 26) .. "b")',
  ],
  [
    'a __gc handler that never returns',
    "redis.call('SET', KEYS[1], 'x') setmetatable({}, {__gc = function() while true do end end}) collectgarbage() while true do end",
  ],
  ['a string a billion times empty', "return #string.rep('', 2^31 - 1)"],
];

const scenarioOf = (script: string) => ({
  algorithm: 'lua',
  params: { script },
  requests: [0, 1, 2, 3, 4, 5, 6, 7].map((at) => ({ at })),
});
const linkOf = (script: string) =>
  `#/lab?scenario=${LZString.compressToEncodedURIComponent(JSON.stringify(scenarioOf(script)))}&t=9`;

for (const [what, script] of HOSTILE) {
  test(`a share link with ${what} settles with a message and the page keeps answering`, async ({
    lab,
    page,
  }) => {
    await lab.open();
    const link = linkOf(script);
    expect(link.length).toBeLessThan(400);
    await page.evaluate((h) => (location.hash = h), link);
    // The script runs in the lab's Lua worker, not on the page's thread.
    await expect.poll(() => page.workers().some((w) => /labWorker/.test(w.url()))).toBe(true);
    // Meanwhile the page answers: the speed control moves (loading a scenario keeps the speed,
    // so nothing else sets it; 10^1 = 10x).
    await lab.el('speed').first().fill('1');
    await expect(lab.el('speedValue').first()).toHaveText('10×');
    const notes = lab.el('scriptNotes');
    // Far from its real time (at most 3 stopped runs of 750 ms each).
    await expect(notes).toBeVisible({ timeout: 30_000 });
    await expect(notes).toContainText(
      /Request 1 \(at 0 s\): the script (used up its step budget|ran past the lab's 750 ms deadline)/,
    );
    await expect(notes).toContainText('After 3 stopped runs, the other 5 Lua decisions');
    await expect(notes).toContainText('3 times in the other lane, so its 8 decisions here');
    // The whole scenario is decided: failing closed, every request got a 503.
    // (The link's time, past the last request, is applied as the run settles.)
    await expect.poll(async () => (await lab.snapshot()).decisions.length).toBe(8);
    const snap = await lab.snapshot();
    expect(snap.unavailable).toBe(8);
  });
}

test('window.rateLab.load of a hostile script on #/editor resolves', async ({ page, editor }) => {
  await page.goto('./#/editor');
  await page.waitForFunction(() => window.rateLab?.version === 1);
  await page.evaluate((s) => window.rateLab!.load(s), scenarioOf(HOSTILE[0]![1]));
  await page.evaluate(() => window.rateLab!.advance(10));
  const snap = await page.evaluate(() => window.rateLab!.snapshot());
  expect(snap.unavailable).toBe(8);
  // The editor still answers a click: its own run goes through.
  await editor.el('run').click();
  await expect(editor.el('runSummary')).toBeVisible();
});
