// The first ten seconds of #/lab (UI.md): an outline of the two lanes while the code arrives
// (no bare "Loading..." with the footer floating under it), then the worked example playing on
// its own: the lanes differ within 5 s of playback and the local lane's 4th and 5th admissions
// are marked over the limit of 3, from the engine's numbers.
import { expect, test } from './pages/lab';

test('while the lab’s code arrives: the outline of both lanes, the footer below the fold', async ({
  page,
  lab,
}) => {
  let release: () => void = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/LabPage-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('./#/lab');
  const skeleton = page.getByRole('status', { name: 'Opening the lab' });
  await expect(skeleton).toBeVisible();
  await expect(skeleton).toContainText('Two servers, one budget');
  await expect(skeleton).toContainText('Counter in each server');
  await expect(skeleton).toContainText('One shared counter');
  const footerTop = await page
    .locator('footer')
    .first()
    .evaluate((f) => f.getBoundingClientRect().top);
  expect(footerTop).toBeGreaterThanOrEqual(page.viewportSize()!.height);
  release();
  await expect(lab.el('labPage')).toBeVisible();
  await expect(skeleton).toHaveCount(0);
});

test('it plays by itself; the lanes differ within 5 s and the 4th and 5th go over', async ({
  page,
  lab,
}) => {
  await lab.open();
  // The first view asks for a prediction before it plays (e2e/predict-first.spec.ts): the
  // playback starts with the answer.
  await lab.skipPredict();
  // On a phone the opening play waits until the scene is on the screen (audit 21, item 7).
  await lab.sceneInView();
  await expect(lab.playPause.first()).toHaveAccessibleName('Pause');
  await expect(lab.el('speedValue').first()).toHaveText('0.5×');
  // The engine decides the shared lane's first 429 (the 4th request) at t = 2 s: at 0.5x that
  // is 4 s of playback. (How long that takes on this machine's clock is not asserted: the
  // playback's rate is the page's frames, and a busy machine only makes it wait longer.)
  await expect
    .poll(async () => Number(await lab.clock.first().textContent()), { timeout: 30_000 })
    .toBeGreaterThan(2.05);
  await lab.pause();
  const firstDenied = await page.evaluate(() => {
    const s = window.rateLab!.snapshot();
    return s.decisions.find((d) => d.outcome === 'denied')?.at ?? null;
  });
  expect(firstDenied).not.toBeNull();
  // Model time / speed = seconds of playback before the lanes differ.
  expect(firstDenied! / 0.5).toBeLessThanOrEqual(5);
  // Look at it just after the 4th (the poll above may have let it run on).
  await lab.reset();
  await lab.advance(2.2);
  await expect(lab.lane('main').locator('.o-denied .num')).toHaveText('1');
  await expect(lab.lane('compare').locator('.o-allowed .num')).toHaveText('4');
  await expect(
    lab
      .lane('compare')
      .getByRole('button', { name: /Request 4 via server B.*over the limit of 3/ }),
  ).toBeVisible();
  // By the 5th, the caption names both, from the engine's numbers.
  await lab.advance(0.5);
  await expect(
    lab
      .lane('compare')
      .getByRole('button', { name: /Request 5 via server A.*over the limit of 3/ }),
  ).toBeVisible();
  await expect(lab.el('overCaption')).toContainText(
    'The 4th and 5th admissions of “Counter in each server” are over the limit of 3',
  );
  await expect(lab.el('overCount')).toHaveText('2');
});
