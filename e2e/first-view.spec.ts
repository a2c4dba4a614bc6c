// A first visit's #/lab is in index.html, drawn at build time
// (src/app/vitePluginFirstView.ts): the screen shows before the app's code has run, asks its
// question without giving the outcome away, and the app takes over from it without losing a
// key typed into it, the focus or the caret. Each test holds the screen's code back until it
// has checked the copy, so nothing here depends on how fast the machine is.
import type { Page } from '@playwright/test';
import { expect, LabView, test } from './pages';

/** Holds the requests for files matching `re` until the returned function is called. */
async function hold(page: Page, re: RegExp): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route(re, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

const copyOf = (page: Page) => page.locator('#first-view');

test('#/lab shows its first view before its code, asks first, and keeps a guess typed early', async ({
  page,
}) => {
  const release = await hold(page, /\/assets\/LabPage-[^/]*\.js$/);
  await page.goto('./#/lab');
  const copy = new LabView(copyOf(page));
  await expect(copy.predict).toHaveAccessibleName(
    'Predict: How many of these 5 requests get through?',
  );
  await expect(copyOf(page).locator('.lab-lanes svg.scene')).toHaveCount(2);
  await expect(copyOf(page).locator('.lab-lanes svg.scene').first()).toBeVisible();
  // The app has not drawn anything yet, and the copy gives no outcome away.
  await expect(page.locator('#root')).toBeEmpty();
  expect(await copy.el('labPage').innerText()).not.toMatch(
    /admitted \d|over the limit|got through|answered \d+ with|\b[1-9]\d*%/i,
  );
  // Its buttons wait for the app (a click is not swallowed); its text field takes a guess.
  await expect(copy.predict.getByRole('button', { name: 'Check my prediction' })).toHaveJSProperty(
    'inert',
    true,
  );
  const guess = copy.predict.getByRole('textbox');
  await guess.click();
  await page.keyboard.type('3');
  await expect(guess).toHaveValue('3');

  release();
  await expect(copyOf(page)).toHaveCount(0);
  const app = new LabView(page.locator('#root'));
  const field = app.predict.getByRole('textbox');
  await expect(field).toHaveValue('3');
  await expect(field).toBeFocused();
  // The app took the guess as typed: pressing Enter there answers it.
  await page.keyboard.type('\n');
  await expect(app.predict).toHaveCount(0);
  await expect(app.el('predictResult')).toContainText('You predicted 3.');
});

test('#/editor opens as before: no first-view copy', async ({ page, editor }) => {
  await page.goto('./#/editor');
  await expect(editor.el('codeFallback')).toHaveValue(/return/);
  await expect(copyOf(page)).toHaveCount(0);
});

test('a returning learner’s page has no first-view copy (their saved state decides)', async ({
  page,
  lab,
}) => {
  await lab.open();
  await lab.skipPredict();
  await expect(lab.predict).toHaveCount(0);
  // Kept with progress (how soon it is written is not assumed: the reload waits for it).
  await expect
    .poll(() =>
      page.evaluate(() => Object.keys(localStorage).some((k) => k.startsWith('rate-lab:progress'))),
    )
    .toBe(true);
  await page.reload();
  await expect(page.locator('#root main#main')).toBeVisible();
  await expect(copyOf(page)).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.dataset.firstView)).toBeUndefined();
});
