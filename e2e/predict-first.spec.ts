// Predict first (issue 21): a scene whose caption states an outcome asks for a prediction
// before it plays, hides what would give the outcome away while it waits, then plays and
// compares. Predictions are kept with progress and reset with it.
import { expect, LabView, LessonsView, test } from './pages';

test('#/lab asks first, hides the outcome, then plays and compares', async ({ lab, lessons }) => {
  await lab.open();
  const pending = () => lab.predictPending();
  const prompt = lab.predict;
  await expect(prompt).toBeVisible();
  await expect(prompt).toHaveAccessibleName('Predict: How many of these 5 requests get through?');
  expect(await pending()).toBe(true);
  // The opening play waits for the answer.
  await expect(lab.playPause.first()).toHaveAccessibleName('Play');
  expect((await lab.snapshot()).now).toBe(0);
  // Nothing on screen gives the outcome away.
  const text = await lab.el('labPage').innerText();
  expect(text).not.toMatch(/admitted \d|over the limit|got through|answered \d+ with|\b[1-9]\d*%/i);
  await expect(lab.caption).toHaveCount(0);

  // A bad answer is named, and nothing moves.
  await lab.predictAnswer('lots');
  await expect(prompt.getByRole('alert')).toHaveText('"lots" is not a whole number.');
  expect(await pending()).toBe(true);

  await lab.predictAnswer('3');
  await expect(prompt).toHaveCount(0);
  expect(await pending()).toBe(false);
  // On a phone the play waits until the scene is on the screen.
  await lab.sceneInView();
  const result = lab.el('predictResult');
  await expect(result).toContainText('You predicted 3. Watch what happens.');
  // Played to the deciding moment: the comparison, then the lab's caption saying why.
  await expect(result).toContainText(/you predicted 3, but \d+ requests of 5 got through\./, {
    timeout: 20_000,
  });
  const got = Number(/but (\d+) requests/.exec((await result.textContent())!)![1]);
  // The engine's own count for the left lane (a counter in each server), said by the caption.
  await expect(lab.caption).toContainText(`counter in each server admitted ${got}`);
  await expect(lab.el('overCaption')).toBeVisible();

  // Kept with progress; asked once.
  await lessons.open('#/lessons');
  await expect(lessons.el('predictScore')).toHaveText('You predicted 0 of 1 right.');
  await lab.open();
  await expect(lab.caption).toBeVisible();
  await expect(lab.predict).toHaveCount(0);
  expect(await pending()).toBe(false);

  // Reset clears it.
  await lessons.open('#/lessons');
  await lessons.el('progressReset').click();
  await lessons.el('progressResetConfirm').click();
  await expect(lessons.el('predictScore')).toHaveCount(0);
  await expect(lessons.el('progressCount')).toContainText('0 of');
});

test('"Just show me" on #/lab plays without a score', async ({ lab, lessons }) => {
  await lab.open();
  await lab.skipPredict();
  await lab.sceneInView();
  await expect(lab.el('predictResult')).toContainText(
    /Here is what happened: \d+ requests of 5 got through\./,
    { timeout: 20_000 },
  );
  await lessons.open('#/lessons');
  await expect(lessons.el('predictScore')).toHaveCount(0);
});

test('a lesson widget asks first; its narrated steps wait; an answer plays and compares', async ({
  lab,
  lessons,
}) => {
  await lessons.open('#/lessons/fixed-window');
  const box = lessons.widgets.first();
  const w = new LabView(box);
  const prompt = w.predict;
  await expect(prompt).toBeVisible();
  expect(await lab.predictPending()).toBe(true);
  await expect(w.clock).toHaveText('0.00');
  // No caption, legend or selected request while it waits.
  await expect(box.locator('.widget-note')).toHaveCount(0);
  await expect(box.getByRole('list', { name: 'Legend' })).toHaveCount(0);
  await expect(w.el('widgetSelected')).toHaveCount(0);
  expect(await box.innerText()).not.toMatch(/admitted|refused|Retry-After/);

  // Narrated steps of a widget still asking keep their captions hidden; Next shows them.
  const stepsBox = lessons.el('steps').first();
  const steps = new LessonsView(stepsBox);
  await stepsBox.scrollIntoViewIfNeeded();
  await expect(steps.el('stepsPredict')).toBeVisible();
  await expect(steps.el('stepCaption')).toBeHidden();
  await steps.el('stepNext').click();
  await expect(steps.el('stepCaption')).toBeVisible();
  await expect(steps.el('stepsPredict')).toHaveCount(0);

  await box.scrollIntoViewIfNeeded();
  await w.predictAnswer('2');
  await expect(w.el('predictResult')).toContainText(
    /(Right|Not this time): you predicted 2, (and|but) \d+ requests? of \d+ got through\./,
    { timeout: 20_000 },
  );
  // Stopped at the last decision, and the caption says why.
  await expect(w.playPause).toHaveAccessibleName('Play');
  await expect(box.locator('.widget-note')).toBeVisible();
});
