// A first visit's #/lab and #/editor are in index.html, drawn at build time
// (src/app/vitePluginFirstView.ts): the screen shows before the app's code has run, asks its
// question without giving the outcome away, and the app takes over from it without losing a
// key typed into it, the focus or the caret. Each test holds the screen's code back until it
// has checked the copy, so nothing here depends on how fast the machine is.
import type { Page } from '@playwright/test';
import { type EditorScreen, expect, LabView, test } from './pages';

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

/**
 * Opens #/editor with its screen's code held back (and Monaco's, unless `monacoFirst`), puts the
 * caret in the middle of the copy's first line and types "XY" there. Returns the script as the
 * copy opened, the caret's place and the release of the screen's code.
 */
async function typeIntoCopy(page: Page, editor: EditorScreen, monacoFirst = false) {
  const releaseMonaco = await hold(page, /\/assets\/MonacoLua-[^/]*\.js$/);
  if (monacoFirst) releaseMonaco();
  const release = await hold(page, /\/assets\/EditorPage-[^/]*\.js$/);
  await page.goto('./#/editor');
  const area = editor.codeIn(copyOf(page));
  await expect(area).toHaveValue(/return/);
  await expect(area).not.toHaveAttribute('readonly');
  await expect(page.locator('#root')).toBeEmpty();
  const before = await area.inputValue();
  const at = Math.floor(before.indexOf('\n') / 2);
  expect(at).toBeGreaterThan(0);
  await editor.caretAt(area, at);
  await page.keyboard.type('XY');
  await expect(area).toHaveValue(before.slice(0, at) + 'XY' + before.slice(at));
  return { before, at, release, releaseMonaco };
}

/** Monaco has taken over: a key typed in it lands right after `typed`, at the caret. */
async function monacoTypes(editor: EditorScreen, before: string, at: number, typed: string) {
  await expect(editor.monaco.readyMark).toBeVisible();
  await expect(editor.el('codeFallback')).toHaveCount(0);
  await editor.page.keyboard.type('W');
  const expected = before.slice(0, at) + typed + 'W' + before.slice(at);
  // What Monaco draws (a phone wraps the lines) is the script with every key, in order, from
  // its start up to the lines in view.
  const flat = (t: string) => t.replace(/\s+/g, '');
  const upToCaret = flat(expected.slice(0, at + typed.length + 1));
  await expect
    .poll(async () => {
      const drawn = await editor.drawnText();
      return drawn.length >= upToCaret.length && flat(expected).startsWith(drawn);
    })
    .toBe(true);
  await expect.poll(() => editor.savedScript()).toBe(expected);
}

test('#/editor: keys typed into its first view stay, at the caret, in the app and then in Monaco', async ({
  page,
  editor,
}) => {
  const { before, at, release, releaseMonaco } = await typeIntoCopy(page, editor);
  release();
  await expect(copyOf(page)).toHaveCount(0);
  const plain = editor.codeIn(page.locator('#root'));
  await expect(plain).toBeFocused();
  await page.keyboard.type('Z');
  await expect(plain).toHaveValue(before.slice(0, at) + 'XYZ' + before.slice(at));
  // Monaco then takes over with the same text and the caret.
  releaseMonaco();
  await monacoTypes(editor, before, at, 'XYZ');
});

test('#/editor: Monaco’s code in before the screen’s, the caret still goes through', async ({
  page,
  editor,
}) => {
  const { before, at, release } = await typeIntoCopy(page, editor, true);
  release();
  await expect(copyOf(page)).toHaveCount(0);
  await monacoTypes(editor, before, at, 'XY');
});

test('#/editor: keys typed while the app takes over all land, in order, at the caret', async ({
  page,
  editor,
}) => {
  const { before, at, release, releaseMonaco } = await typeIntoCopy(page, editor);
  // Each key lands in the copy or in the app, whichever has the page when it arrives.
  release();
  let typed = 'XY';
  for (let i = 0; i < 2000 && (await copyOf(page).count()) > 0; i++) {
    await page.keyboard.type('K');
    typed += 'K';
  }
  await page.keyboard.type('Z');
  typed += 'Z';
  await expect(copyOf(page)).toHaveCount(0);
  const plain = editor.codeIn(page.locator('#root'));
  await expect(plain).toBeFocused();
  await expect(plain).toHaveValue(before.slice(0, at) + typed + before.slice(at));
  releaseMonaco();
  await monacoTypes(editor, before, at, typed);
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
