// Progress: reading a lesson marks it, export and import as a JSON file, and damaged data is
// reported and set aside instead of blanking a screen.
import { readFileSync } from 'node:fs';
import { expect, test } from './pages';

test.describe('progress', () => {
  test('reading to the end marks a lesson read, and export/import round-trips it', async ({
    page,
    lessons,
  }, info) => {
    await lessons.open('#/lessons/two-servers-one-budget');
    await lessons.el('lessonEnd').scrollIntoViewIfNeeded();
    await expect(lessons.el('railProgress')).toContainText('1/');
    await lessons.open('#/lessons');
    await expect(lessons.el('progressCount')).toContainText('1 of');
    await expect(lessons.el('lessonCard').locator('.done-tag')).toHaveCount(1);

    const download = page.waitForEvent('download');
    await lessons.el('progressExport').click();
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
    await expect(lessons.el('progressCount')).toContainText('0 of');
    await lessons.el('progressFile').setInputFiles(file);
    await expect(lessons.el('progressNotice')).toContainText('Imported progress: 1 lesson');
    await expect(lessons.el('progressCount')).toContainText('1 of');
  });

  test('a corrupted import is refused with a clear message and kept aside', async ({
    page,
    lessons,
  }) => {
    await lessons.open('#/lessons');
    await lessons.el('progressFile').setInputFiles({
      name: 'bad.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"lessonsRead": [1, 2'),
    });
    await expect(lessons.el('progressNotice')).toContainText(
      'could not be imported: it is not valid JSON',
    );
    await expect(lessons.el('progressCount')).toContainText('0 of');
    const kept = await page.evaluate(() =>
      localStorage.getItem('rate-lab:progress:rejected-import'),
    );
    expect(kept).toBe('{"lessonsRead": [1, 2');
    await lessons.el('progressFile').setInputFiles({
      name: 'other.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"app": "some-other-app", "lessonsRead": {}}'),
    });
    await expect(lessons.el('progressNotice')).toContainText('belongs to another app');
  });

  test('corrupted stored progress shows a message, not a blank screen', async ({
    page,
    lessons,
  }) => {
    await lessons.open('#/lessons');
    // Wait until the lessons screen (a lazy chunk) has read progress, or it would find the
    // corrupt value on this first load instead of after the reload.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lessons');
    await page.evaluate(() => localStorage.setItem('rate-lab:progress:v1', '{not json'));
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lessons');
    await expect(lessons.el('progressNotice')).toContainText('could not be read');
    const aside = await page.evaluate(() => localStorage.getItem('rate-lab:progress:corrupt'));
    expect(aside).toBe('{not json');
  });
});
