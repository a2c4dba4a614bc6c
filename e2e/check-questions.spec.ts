// "Check yourself" questions: a wrong answer is told so and may try again, never told the
// answer; the answer comes with a right answer or a "Show the answer"; a miss joins the review
// queue on the Practice page.
import { expect, LessonsView, test } from './pages';

test('a wrong answer is not given the answer; showing it files the question for review', async ({
  page,
  lessons,
  practice,
}) => {
  await lessons.open('#/lessons/two-servers-one-budget');
  const q = lessons.el('question').first();
  const qv = new LessonsView(q);
  await q.getByRole('textbox').fill('3');
  await q.getByRole('button', { name: 'Check' }).click();
  const verdict = qv.el('verdict');
  await expect(verdict).toContainText('Not quite');
  await expect(verdict).not.toContainText('7');
  await expect(verdict).not.toContainText('A sees requests');
  // Another try, still wrong, then give up.
  await q.getByRole('textbox').fill('9');
  await q.getByRole('button', { name: 'Check again' }).click();
  await expect(verdict).toContainText('Not quite');
  await qv.el('reveal').click();
  await expect(verdict).toContainText('The answer: 7');
  await expect(verdict).toContainText('A sees requests');
  await practice.open('#/practice');
  await expect(practice.el('reviewQueue')).toContainText('Two servers and one budget: question 1');
  await practice.el('reviewQueue').getByRole('link').first().click();
  await expect(page).toHaveURL(/#\/lessons\/two-servers-one-budget\?q=1$/);
});

test('every lesson ends with its practice problems, and a problem links back', async ({
  lessons,
  practice,
}) => {
  await lessons.open('#/lessons/token-bucket');
  const links = lessons.el('lessonPractice');
  await expect(links.getByRole('link', { name: /burst 20, sustain 5/ })).toBeVisible();
  await links.getByRole('link', { name: /burst 20, sustain 5/ }).click();
  await expect(
    practice.el('problemLessons').getByRole('link', { name: 'The token bucket' }),
  ).toBeVisible();
});
