// Interview practice (one person): one question at a time, the answer hidden until revealed.
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, gotoRoute, test } from './fixtures';

const HERE = fileURLToPath(new URL('.', import.meta.url));

const hasInterview = existsSync(resolve(HERE, '../lessons/interview.md'));

test.describe('interview practice mode', () => {
  test('reveal, next and previous work with the mouse and the keyboard', async ({ page }) => {
    expect(hasInterview, 'lessons/interview.md must exist').toBeTruthy();
    await gotoRoute(page, '#/interview/practice');
    await expect(page.getByTestId('timer')).toHaveText(/^\d\d:\d\d$/);
    const first = await page.getByTestId('interview-question').textContent();
    await expect(page.getByTestId('interview-answer')).toHaveCount(0);
    await page.getByTestId('reveal').click();
    await expect(page.getByTestId('interview-answer')).toBeVisible();
    await expect(page.getByTestId('interview-lesson-link')).toHaveAttribute(
      'href',
      /^#\/lessons\//,
    );
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('interview-question')).not.toHaveText(first ?? '');
    await expect(page.getByTestId('interview-answer')).toHaveCount(0);
    await page.keyboard.press('r');
    await expect(page.getByTestId('interview-answer')).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByTestId('interview-question')).toHaveText(first ?? '');
    await page.getByTestId('interview-lesson-link').or(page.getByTestId('reveal')).first().click();
  });
});
