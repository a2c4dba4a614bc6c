// Issue 22, "nothing crashes, nothing freezes": hostile share links on every screen that reads
// one, forged channel messages, and a link to the documented 5-million-request cap.
import LZString from 'lz-string';
import type { Page } from '@playwright/test';
import { expect, gotoRoute, LabView, ShellScreen, test } from './pages';

// lz-string is CommonJS: under Playwright's Node loader only its default export is available.
const enc = (v: unknown): string => LZString.compressToEncodedURIComponent(JSON.stringify(v));

const SCENARIO = {
  algorithm: 'fixed-window',
  params: { limit: 3, windowSeconds: 60 },
  requests: [{ at: 0 }, { at: 1 }, { at: 2 }, { at: 3 }],
};

/** Values a hand-made link can carry where a scenario (or a script) belongs. */
const HOSTILE: [string, unknown, RegExp][] = [
  ['null', null, /not null/],
  ['a number', 7, /not a number/],
  ['an array', [SCENARIO], /not an array/],
  ['absurd numbers', { ...SCENARIO, params: { limit: 1e308, windowSeconds: -1 } }, /params\.limit/],
  [
    'NaN as a string',
    { ...SCENARIO, params: { limit: 'NaN', windowSeconds: 60 } },
    /params\.limit/,
  ],
  ['a huge array', { ...SCENARIO, requests: new Array(60_000).fill({ at: 0 }) }, /at most 50,000/],
];

async function expectNoCrash(page: Page) {
  await expect(new ShellScreen(page).el('errorBoundary')).toHaveCount(0);
}

/** The lab still works after a bad link: a good scenario loads and runs. */
async function labStillWorks(page: Page) {
  await page.evaluate(async (s) => {
    await window.rateLab!.load(s);
    await window.rateLab!.advance(10);
  }, SCENARIO);
  await expect(new LabView(page).allowedCount).toHaveText('3');
}

test('hostile scenario links: the lab and the presenter say what is wrong and keep working', async ({
  page,
  lab,
}) => {
  for (const [name, value, words] of HOSTILE) {
    await gotoRoute(page, `#/lab?scenario=${enc(value)}`);
    await expect(lab.el('urlError'), name).toContainText("The link's scenario could not be loaded");
    await expect(lab.el('urlError'), name).toContainText(words);
    await expectNoCrash(page);
    await gotoRoute(page, `#/present/lab/scene?scenario=${enc(value)}`);
    await expect(page.locator('.room-message'), name).toContainText(words);
    await expectNoCrash(page);
  }
  await gotoRoute(page, '#/lab');
  await labStillWorks(page);
});

test('hostile editor, races and practice links are messages, not crashes', async ({
  page,
  editor,
  races,
}) => {
  for (const v of [null, 7, [1], { source: 1e308 }]) {
    await gotoRoute(page, `#/editor?s=${enc(v)}`);
    await expect(editor.el('notice')).toContainText('The link could not be opened');
    await expectNoCrash(page);
    await races.open(`#/races?s=${enc(v)}`);
    await expect(races.el('raceLinkError')).toContainText('This link cannot be opened');
    await expectNoCrash(page);
  }
  // Back in the editor (its last run may have been cut short by leaving): the script runs.
  await gotoRoute(page, '#/editor');
  await expect(editor.el('runAllowed')).toBeVisible({ timeout: 20_000 });
  await expectNoCrash(page);
  for (const seed of ['1e308', '-1', 'NaN', 'abc']) {
    await gotoRoute(page, `#/practice/predict-local-vs-shared?seed=${seed}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoCrash(page);
  }
});

test('window.rateLab rejects bad input with a message naming it', async ({ page }) => {
  await gotoRoute(page, '#/lab');
  const errors = await page.evaluate(async () => {
    const out: string[] = [];
    const api = window.rateLab!;
    for (const f of [
      () => api.load(null),
      () => api.load(42),
      () => api.load({ algorithm: 'fixed-window', params: { limit: 1e308, windowSeconds: 1 } }),
      () => api.advance(Number.NaN),
      () => api.advance(1e308),
    ])
      await f().then(
        () => out.push('resolved'),
        (e: unknown) =>
          out.push(e instanceof Error && e.constructor === Error ? e.message : `raw ${String(e)}`),
      );
    return out;
  });
  expect(errors[0]).toMatch(/scenario must be a JSON object of scenario fields, not null/);
  expect(errors[1]).toMatch(/not a number/);
  expect(errors[2]).toMatch(/params\.limit must be at most/);
  expect(errors[3]).toMatch(/advance\(seconds\) needs a finite number >= 0, not NaN/);
  expect(errors[4]).toMatch(/at most 1000000000/);
  await labStillWorks(page);
});

test('forged messages on the presenter and interview channels are ignored', async ({
  page,
  context,
}) => {
  await gotoRoute(page, '#/present/deck/make-it-atomic?step=2');
  const candidate = await context.newPage();
  await gotoRoute(candidate, '#/interview/candidate');
  const forger = await context.newPage();
  await gotoRoute(forger, '#/lessons');
  await forger.evaluate(() => {
    const junk: unknown[] = [
      null,
      0,
      'pos',
      [],
      {},
      { t: 'pos', p: null },
      { t: 'pos', p: { v: 1, deck: 'make-it-atomic', step: 'x', rev: 1e308 } },
      { t: 'hello', deck: 5 },
      { t: 'pub', s: null },
      { t: 'pub', s: { v: 1, id: 7, order: null } },
      { t: 'priv', s: 'x' },
      { t: 'clear', id: null },
    ];
    for (const name of ['rateLab.present', 'rateLab.interview', 'rateLab.interview.host']) {
      const ch = new BroadcastChannel(name);
      for (const m of junk) ch.postMessage(m);
      ch.close();
    }
  });
  // Both pages keep working (the fixture fails the test on any page error).
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/make-it-atomic/);
  await expectNoCrash(page);
  await expectNoCrash(candidate);
  await candidate.close();
  await forger.close();
});

/**
 * Opens a lab link in place and returns the CPU time (ms) the page's main thread spent until it
 * is in (Chromium's ThreadTime metric). Work a link makes the page do is counted in full, where a
 * frame gap in ms would also count the time a busy machine gave the page no core at all.
 */
async function mainThreadMs(page: Page, scenario: unknown, loaded: () => Promise<void>) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const threadMs = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return 1000 * (metrics.find((m) => m.name === 'ThreadTime')?.value ?? NaN);
  };
  const before = await threadMs();
  await page.evaluate((h) => (location.hash = h), `#/lab?scenario=${enc(scenario)}`);
  await loaded();
  // Two more frames, so a task still running is counted.
  await page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
  );
  const used = (await threadMs()) - before;
  await cdp.detach();
  return used;
}

test('a link to 5 million requests is refused at once and the page keeps answering', async ({
  page,
  lab,
}) => {
  await gotoRoute(page, '#/lab');
  await expect(lab.el('labPage')).toBeVisible();
  const huge = {
    algorithm: 'fixed-window',
    params: { limit: 10, windowSeconds: 1 },
    traffic: [{ pattern: 'steady', ratePerSecond: 1000, from: 0, to: 5000 }],
  };
  const error = lab.el('urlError');
  const spent: { tiny: number; huge: number }[] = [];
  // The same page opening a 4-request link is the yardstick: on a slower machine both grow.
  for (let i = 0; i < 2; i++) {
    const tiny = await mainThreadMs(page, { ...SCENARIO, seed: i }, () =>
      expect(error).toHaveCount(0),
    );
    const big = await mainThreadMs(page, { ...huge, seed: i }, () =>
      expect(error).toContainText(
        'makes about 5,000,000 requests; the lab page runs and draws at most 50,000',
      ),
    );
    expect(tiny, "Chromium's ThreadTime metric").not.toBeNaN();
    spent.push({ tiny, huge: big });
  }
  await expect(error).toContainText('lower traffic[0].ratePerSecond');
  // A click still answers.
  await page.getByRole('button', { name: 'Play' }).first().click();
  await expect(page.getByRole('button', { name: 'Pause' }).first()).toBeVisible();
  test.info().annotations.push({
    type: 'main-thread CPU (ms)',
    description: JSON.stringify(spent),
  });
  // The goal is 200 ms (docs/ui-notes.md). The bound is generous: 1 s of the main thread's CPU,
  // or four times what the 4-request link took on this machine just before, whichever is larger
  // (before the fix the 5-million link held the page for about 9 s). CPU time, not wall time:
  // other processes on a busy machine cannot add to it.
  const best = spent.reduce((a, b) => (b.huge < a.huge ? b : a));
  expect(best.huge).toBeLessThan(Math.max(1000, 4 * best.tiny));
});
