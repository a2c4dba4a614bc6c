import { expect, gotoRoute, test } from './fixtures';
import type { Page } from '@playwright/test';

async function openEditor(page: Page, hash = '#/editor') {
  await gotoRoute(page, hash);
  await expect(page.getByTestId('monaco-ready')).toBeVisible({ timeout: 20_000 });
  // The page runs the current script once on arrival.
  await expect(page.getByTestId('run-allowed')).toBeVisible({ timeout: 20_000 });
}

/** Replace the editor's text (insertText: no auto-closing brackets or auto-indent). */
async function setScript(page: Page, text: string) {
  await page.locator('.monaco-editor .view-lines').first().click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

async function run(page: Page) {
  await page.getByTestId('run').click();
}

test.describe('the Lua editor', () => {
  test('a typed script runs and drives the scene', async ({ page }) => {
    await openEditor(page);
    await setScript(
      page,
      '-- admit every other request\nlocal n = redis.call("INCR", KEYS[1])\nreturn n % 2',
    );
    await run(page);
    await expect(page.getByTestId('run-allowed')).toHaveText('10');
    await expect(page.getByTestId('run-denied')).toHaveText('10');
    // The trace lists the call and its reply.
    await page.getByTestId('pick-3').click();
    await expect(page.getByTestId('trace-calls')).toContainText('INCR rl:client-1');
    await expect(page.getByTestId('trace-calls')).toContainText('(integer) 3');
    // The key inspector shows the counter.
    await expect(page.getByTestId('key-inspector')).toContainText('rl:client-1');
    // Ctrl/Cmd+Enter runs too.
    await setScript(page, 'return 0');
    await page.keyboard.press('ControlOrMeta+Enter');
    await expect(page.getByTestId('run-allowed')).toHaveText('0');
    // The scene counts what the script decided: step to the first decision.
    await page.getByRole('button', { name: 'Pause' }).click();
    await page.getByRole('button', { name: 'Step back to the previous event' }).click();
    await page.getByTestId('pick-1').click();
    await expect(page.getByTestId('allowed-count')).toHaveText('0');
    await expect(page.getByTestId('denied-count')).toHaveText('1');
  });

  test('a syntax error is marked on its line; Lua 5.3 syntax gets a warning', async ({ page }) => {
    await openEditor(page);
    await setScript(page, 'local a = 1\nlocal b = = 2\nreturn a');
    const err = page.getByTestId('problem-error').first();
    await expect(err).toContainText('line 2');
    await expect(page.locator('.monaco-editor .squiggly-error').first()).toBeAttached();
    await setScript(page, 'local a = 7 // 2\nreturn a');
    await expect(page.getByTestId('problem-warning').first()).toContainText('Lua 5.3');
    await expect(page.locator('.monaco-editor .squiggly-warning').first()).toBeAttached();
    // A runtime error names its line too.
    await setScript(page, 'local x = 1\nreturn redis.call("NOSUCH")');
    await run(page);
    await expect(page.getByTestId('problem-error').first()).toContainText('line 2', {
      timeout: 15_000,
    });
    await expect(page.getByTestId('problem-error').first()).toContainText('Unknown Redis command');
  });

  test('an endless loop is stopped and the time controls still respond', async ({ page }) => {
    await openEditor(page);
    await setScript(page, 'while true do end');
    await run(page);
    await expect(page.getByTestId('runaway')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('problem-error').first()).toContainText('Runaway script stopped');
    const clock = page.getByTestId('clock-now');
    const before = await clock.textContent();
    await page.getByRole('button', { name: 'Step to the next event' }).click();
    await expect(clock).not.toHaveText(before ?? '');
    // The editor still takes input and runs again.
    await setScript(page, 'return 1');
    await run(page);
    await expect(page.getByTestId('run-allowed')).toHaveText('20');
  });

  test('autosave keeps the script across a reload; reset can be undone', async ({ page }) => {
    await openEditor(page);
    await setScript(page, '-- my own limiter\nreturn 1');
    await expect(page.getByTestId('saved')).toHaveText('Saved in this browser');
    await page.reload();
    await expect(page.getByTestId('monaco-ready')).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('.monaco-editor .view-lines')).toContainText('my own limiter');
    await page.getByTestId('reset').click();
    await expect(page.locator('.monaco-editor .view-lines')).toContainText('Token bucket');
    await page.getByTestId('undo').click();
    await expect(page.locator('.monaco-editor .view-lines')).toContainText('my own limiter');
  });

  test('a bad upload keeps the script and says why', async ({ page }) => {
    await openEditor(page);
    await setScript(page, '-- keep me\nreturn 1');
    await page.getByTestId('upload-input').setInputFiles({
      name: 'photo.png',
      mimeType: 'image/png',
      buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]),
    });
    await expect(page.getByTestId('notice')).toContainText('not a .lua file');
    await expect(page.locator('.monaco-editor .view-lines')).toContainText('keep me');
    await page.getByTestId('upload-input').setInputFiles({
      name: 'mine.lua',
      mimeType: 'text/plain',
      buffer: Buffer.from('-- uploaded\nreturn 0\n'),
    });
    await expect(page.locator('.monaco-editor .view-lines')).toContainText('uploaded');
  });

  test('a share link carries the script', async ({ page }) => {
    await openEditor(page);
    await setScript(page, '-- shared script\nreturn 1');
    await page.getByTestId('share').click();
    const link = await page.getByTestId('editor-share-link').inputValue();
    expect(link).toContain('#/editor?s=');
    await page.evaluate(() => localStorage.clear());
    await page.goto(link);
    await expect(page.getByTestId('monaco-ready')).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('.monaco-editor .view-lines')).toContainText('shared script');
  });

  test('the seed token bucket admits exactly what the built-in token bucket admits', async ({
    page,
  }) => {
    await openEditor(page);
    await expect(page.getByTestId('template')).toHaveValue('token-bucket');
    await page.getByTestId('compare-run').click();
    await expect(page.getByTestId('compare-same')).toBeVisible();
    await expect(page.getByTestId('compare-result')).toContainText(
      'Script admitted 14, token-bucket admitted 14 of 20',
    );
    // A change that breaks it shows the first difference in the scene.
    await page.getByTestId('args-input').fill('3, 1, {cost}');
    await run(page);
    await page.getByTestId('compare-params').fill('{"capacity": 5, "refillPerSecond": 1}');
    await page.getByTestId('compare-run').click();
    await expect(page.getByTestId('compare-diffs')).toBeVisible();
    await expect(page.getByTestId('trace')).toContainText('Trace: request');
  });

  test('GET then SET double-spends as app-server code under latency, not as a script', async ({
    page,
  }) => {
    await openEditor(page);
    await page.getByTestId('template').selectOption('get-then-set');
    await page.getByTestId('traffic').selectOption('race');
    await page.getByTestId('latency').fill('100');
    await page.getByTestId('mode-script').click();
    await expect(page.getByTestId('run-allowed')).toHaveText('3');
    await page.getByTestId('mode-app').click();
    await expect(page.getByTestId('run-stale')).not.toHaveText('0');
    const admitted = Number(await page.getByTestId('run-allowed').textContent());
    expect(admitted).toBeGreaterThan(3);
  });
});
