// Progress: reading a lesson marks it, export and import as a JSON file, and damaged data is
// reported and set aside instead of blanking a screen.
import { readFileSync } from 'node:fs';
import { expect, gotoRoute, test } from './fixtures';

test.describe('progress', () => {
  test('reading to the end marks a lesson read, and export/import round-trips it', async ({
    page,
  }, info) => {
    await gotoRoute(page, '#/lessons/two-servers-one-budget');
    await page.getByTestId('lesson-end').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('rail-progress')).toContainText('1/');
    await gotoRoute(page, '#/lessons');
    await expect(page.getByTestId('progress-count')).toContainText('1 of');
    await expect(page.locator('[data-testid=lesson-card] .done-tag')).toHaveCount(1);

    const download = page.waitForEvent('download');
    await page.getByTestId('progress-export').click();
    const file = info.outputPath('progress.json');
    await (await download).saveAs(file);
    const exported = JSON.parse(readFileSync(file, 'utf8')) as {
      app: string;
      lessonsRead: Record<string, string>;
    };
    expect(exported.app).toBe('rate-limit-lab');
    expect(Object.keys(exported.lessonsRead)).toEqual(['two-servers-one-budget']);

    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await expect(page.getByTestId('progress-count')).toContainText('0 of');
    await page.getByTestId('progress-file').setInputFiles(file);
    await expect(page.getByTestId('progress-notice')).toContainText('Imported progress: 1 lesson');
    await expect(page.getByTestId('progress-count')).toContainText('1 of');
  });

  test('a corrupted import is refused with a clear message and kept aside', async ({ page }) => {
    await gotoRoute(page, '#/lessons');
    await page.getByTestId('progress-file').setInputFiles({
      name: 'bad.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"lessonsRead": [1, 2'),
    });
    await expect(page.getByTestId('progress-notice')).toContainText(
      'could not be imported: it is not valid JSON',
    );
    await expect(page.getByTestId('progress-count')).toContainText('0 of');
    const kept = await page.evaluate(() =>
      localStorage.getItem('rate-lab:progress:rejected-import'),
    );
    expect(kept).toBe('{"lessonsRead": [1, 2');
    await page.getByTestId('progress-file').setInputFiles({
      name: 'other.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"app": "some-other-app", "lessonsRead": {}}'),
    });
    await expect(page.getByTestId('progress-notice')).toContainText('belongs to another app');
  });

  test('corrupted stored progress shows a message, not a blank screen', async ({ page }) => {
    await gotoRoute(page, '#/lessons');
    // Wait until the lessons screen (a lazy chunk) has read progress, or it would find the
    // corrupt value on this first load instead of after the reload.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lessons');
    await page.evaluate(() => localStorage.setItem('rate-lab:progress:v1', '{not json'));
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lessons');
    await expect(page.getByTestId('progress-notice')).toContainText('could not be read');
    const aside = await page.evaluate(() => localStorage.getItem('rate-lab:progress:corrupt'));
    expect(aside).toBe('{not json');
  });
});
