import { expect, test } from './pages';

test.describe('the editor helps with the Redis API', () => {
  test('completion offers the commands the model supports inside redis.call', async ({
    page,
    editor,
  }) => {
    await editor.open();
    await editor.setScript('local state = redis.call("');
    await page.keyboard.type('HMG');
    const suggest = page.locator('.monaco-editor .suggest-widget');
    await expect(suggest).toBeVisible();
    await expect(suggest).toContainText('HMGET');
    await page.keyboard.press('Escape');
    await editor.setScript('local x = redis.');
    await page.keyboard.type('er');
    await expect(suggest).toBeVisible();
    await expect(suggest).toContainText('error_reply');
  });

  test('hovering a command name explains it', async ({ page, editor }) => {
    await editor.open();
    await editor.setScript('return redis.call("INCRBY", KEYS[1], 2)');
    await page.keyboard.press('Escape');
    await page.locator('.monaco-editor .view-line span', { hasText: 'INCRBY' }).last().hover();
    const hover = page.locator('.monaco-editor .monaco-hover').filter({ hasText: 'INCRBY' });
    await expect(hover.first()).toBeVisible();
  });

  test('completion and hover read the model command table: new commands, arguments, no MULTI', async ({
    page,
    editor,
  }) => {
    await editor.open();
    await editor.setScript('local i = redis.call("');
    await page.keyboard.type('LPO');
    const suggest = page.locator('.monaco-editor .suggest-widget');
    await expect(suggest).toBeVisible();
    await expect(suggest).toContainText('LPOS');
    await page.keyboard.press('Escape');
    await editor.setScript('local i = redis.call("');
    await page.keyboard.type('MULT');
    // MULTI is refused inside scripts, so the editor does not offer it.
    await expect(suggest.getByText('MULTI', { exact: true })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await editor.setScript('return redis.call("ZRANGESTORE", KEYS[1], KEYS[2], 0, -1)');
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
