// Interview practice (one person): one question at a time, the answer hidden until revealed.
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test } from './pages';

const HERE = fileURLToPath(new URL('.', import.meta.url));

const hasInterview = existsSync(resolve(HERE, '../lessons/interview.md'));

test.describe('interview practice mode', () => {
  test('reveal, next and previous work with the mouse and the keyboard', async ({
    page,
    lessons,
    interview,
  }) => {
    expect(hasInterview, 'lessons/interview.md must exist').toBeTruthy();
    await interview.open('#/interview/practice');
    await expect(interview.el('timer')).toHaveText(/^\d\d:\d\d$/);
    const first = await interview.el('interviewQuestion').textContent();
    await expect(interview.el('interviewAnswer')).toHaveCount(0);
    await lessons.el('reveal').click();
    await expect(interview.el('interviewAnswer')).toBeVisible();
    await expect(interview.el('interviewLessonLink')).toHaveAttribute('href', /^#\/lessons\//);
    await page.keyboard.press('ArrowRight');
    await expect(interview.el('interviewQuestion')).not.toHaveText(first ?? '');
    await expect(interview.el('interviewAnswer')).toHaveCount(0);
    await page.keyboard.press('r');
    await expect(interview.el('interviewAnswer')).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(interview.el('interviewQuestion')).toHaveText(first ?? '');
    await interview.el('interviewLessonLink').or(lessons.el('reveal')).first().click();
  });
});
