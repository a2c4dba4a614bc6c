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
});
