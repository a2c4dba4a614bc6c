import type { Page } from '@playwright/test';
import { expect, gotoRoute, test } from './fixtures';

async function openEditor(page: Page) {
  await gotoRoute(page, '#/editor');
  await expect(page.getByTestId('monaco-ready')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('run-allowed')).toBeVisible({ timeout: 20_000 });
}

async function setScript(page: Page, text: string) {
  await page.locator('.monaco-editor .view-lines').first().click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

test.describe('the editor helps with the Redis API', () => {
  test('completion offers the commands the model supports inside redis.call', async ({ page }) => {
    await openEditor(page);
    await setScript(page, 'local state = redis.call("');
    await page.keyboard.type('HMG');
    const suggest = page.locator('.monaco-editor .suggest-widget');
    await expect(suggest).toBeVisible();
    await expect(suggest).toContainText('HMGET');
    await page.keyboard.press('Escape');
    await setScript(page, 'local x = redis.');
    await page.keyboard.type('er');
    await expect(suggest).toBeVisible();
    await expect(suggest).toContainText('error_reply');
  });

  test('hovering a command name explains it', async ({ page }) => {
    await openEditor(page);
    await setScript(page, 'return redis.call("INCRBY", KEYS[1], 2)');
    await page.keyboard.press('Escape');
    await page.locator('.monaco-editor .view-line span', { hasText: 'INCRBY' }).last().hover();
    const hover = page.locator('.monaco-editor .monaco-hover').filter({ hasText: 'INCRBY' });
    await expect(hover.first()).toBeVisible();
  });

  test('completion and hover read the model command table: new commands, arguments, no MULTI', async ({
    page,
  }) => {
    await openEditor(page);
    await setScript(page, 'local i = redis.call("');
    await page.keyboard.type('LPO');
    const suggest = page.locator('.monaco-editor .suggest-widget');
    await expect(suggest).toBeVisible();
    await expect(suggest).toContainText('LPOS');
    await page.keyboard.press('Escape');
    await setScript(page, 'local i = redis.call("');
    await page.keyboard.type('MULT');
    // MULTI is refused inside scripts, so the editor does not offer it.
    await expect(suggest.getByText('MULTI', { exact: true })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await setScript(page, 'return redis.call("ZRANGESTORE", KEYS[1], KEYS[2], 0, -1)');
    await page.keyboard.press('Escape');
    await page.locator('.monaco-editor .view-line span', { hasText: 'ZRANGESTORE' }).last().hover();
    const hover = page.locator('.monaco-editor .monaco-hover').filter({ hasText: 'ZRANGESTORE' });
    await expect(hover.first()).toBeVisible();
    await expect(hover.first()).toContainText('dst src min max');
    await expect(hover.first()).toContainText('writes');
    if (process.env.SCREENSHOTS) {
      await page.screenshot({
        path: `test-results/editor-hover-${page.viewportSize()?.width}.png`,
      });
    }
  });
});
