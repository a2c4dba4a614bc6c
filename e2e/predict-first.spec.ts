// Predict first (issue 21): a scene whose caption states an outcome asks for a prediction
// before it plays, hides what would give the outcome away while it waits, then plays and
// compares. Predictions are kept with progress and reset with it.
import type { Page } from '@playwright/test';
import {
  expect,
  LabView,
  LessonsScreen,
  LessonsView,
  PresentScreen,
  PresentView,
  type Root,
  test,
} from './pages';

const labOf = (root: Root) => new LabView(root);
const presentOf = (root: Root) => new PresentView(root);
const lessonsOf = (root: Root) => new LessonsView(root);
const pendingOf = (page: Page) => page.evaluate(() => window.rateLab!.snapshot().predictPending);

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

test('a deck step asks first on the projector, then plays to its moment and compares', async ({
  page,
}) => {
  test.setTimeout(60_000);
  // Step 6 of "Algorithms compared": a burst of 14 into a token bucket of 10, at 0.5 s.
  await new PresentScreen(page).open('#/present/deck/algorithms-compared?step=6');
  const stage = presentOf(page).el('stage');
  const prompt = stage.getByRole('group', { name: /^Predict/ });
  await expect(prompt).toHaveAccessibleName('Predict: How many of these 14 requests get through?');
  expect(await pendingOf(page)).toBe(true);
  // The caption and the outcome wait: the scene is at 0 s, its setup only (the burst is decided
  // at 0 s, so its counts, decisions and the bucket's state are not drawn).
  await expect(presentOf(stage).el('stageCaption')).toHaveCount(0);
  await expect(labOf(stage).el('clock')).toHaveText(/^\s*0(\.0+)?\s*s?\s*$/);
  await expect(labOf(labOf(stage).el('laneMain')).el('allowedCount')).toBeHidden();
  expect(await labOf(stage).el('laneMain').innerText()).not.toMatch(/\b(10|4|14)\b|tokens/);
  await page.screenshot({ path: 'test-results/shots/deck-predict-pending.png' });
  // A bad answer is named; the clicker's keys still move the deck from the stage.
  await prompt.getByRole('textbox').fill('99');
  await prompt.getByRole('button', { name: 'Check my prediction' }).click();
  await expect(prompt.getByRole('alert')).toHaveText(
    '99 is not between 0 and 14: there are 14 requests.',
  );
  await prompt.getByRole('textbox').fill('12');
  await prompt.getByRole('button', { name: 'Check my prediction' }).click();
  await expect(prompt).toHaveCount(0);
  expect(await pendingOf(page)).toBe(false);
  // Played to the step's moment: the engine's count, one sentence, then the caption.
  const result = labOf(stage).el('predictResult');
  await expect(result).toHaveText(
    'Not this time: you predicted 12, but 10 requests of 14 got through.',
    {
      timeout: 20_000,
    },
  );
  await expect(labOf(labOf(stage).el('laneMain')).el('allowedCount')).toHaveText('10');
  await expect(presentOf(stage).el('stageCaption')).toContainText('10 go through at once');
  await page.screenshot({ path: 'test-results/shots/deck-predict-revealed.png' });

  // The next step asks again; "Just show me" shows it at once, at the step's time.
  await page.keyboard.press('ArrowRight');
  await expect(presentOf(page).el('stagePosition')).toHaveText(/^7 \//);
  const next = stage.getByRole('group', { name: /^Predict/ });
  await expect(next).toBeVisible();
  await next.getByRole('button', { name: 'Just show me' }).click();
  await expect(result).toHaveText(/^Here is what happened: \d+ requests of \d+ got through\.$/);
  await expect(labOf(stage).el('clock')).toHaveText(/^\s*20(\.0+)?\s*s?\s*$/);
  await expect(presentOf(stage).el('stageCaption')).toBeVisible();
  // Back to step 6: answered on this page, it shows without asking again.
  await page.keyboard.press('ArrowLeft');
  await expect(presentOf(page).el('stagePosition')).toHaveText(/^6 \//);
  await expect(presentOf(stage).el('stageCaption')).toBeVisible();
  await expect(stage.getByRole('group', { name: /^Predict/ })).toHaveCount(0);
  // Kept with progress.
  await new LessonsScreen(page).open('#/lessons');
  await expect(lessonsOf(page).el('predictScore')).toHaveText('You predicted 0 of 1 right.');
});

test('a narrated step whose caption states an outcome asks its own prediction first', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await new LessonsScreen(page).open('#/lessons/fixed-window');
  // The steps narrate the lesson's second lab: its own question first ("Just show me").
  const w = page.locator('#lab-2');
  await w.scrollIntoViewIfNeeded();
  await w.getByRole('button', { name: 'Just show me' }).click();
  const steps = lessonsOf(page).el('steps').first();
  await steps.scrollIntoViewIfNeeded();
  const ask = steps.getByRole('group', { name: /^Predict/ });
  // Step 2 states no outcome: it shows at once.
  await lessonsOf(steps).el('stepNext').click();
  await expect(lessonsOf(steps).el('stepCurrent')).toHaveAttribute('data-step', '2');
  await expect(ask).toHaveCount(0);
  await expect(lessonsOf(steps).el('stepCaption')).toBeVisible();
  // Step 3 ("request 4 is admitted") asks first: its caption and state wait, the scene stays
  // at step 2's moment.
  await lessonsOf(steps).el('stepNext').click();
  await expect(ask).toHaveAccessibleName(
    /^Predict: How many of the \d+ requests decided by t = 60\.1 s get through\?$/,
  );
  expect(await pendingOf(page)).toBe(true);
  await expect(lessonsOf(steps).el('stepCaption')).toBeHidden();
  await expect(labOf(w).el('clock')).toHaveText('59.90');
  await expect(labOf(w).el('widgetStepCaption')).toHaveCount(0);
  const total = Number(/the (\d+) requests/.exec((await ask.getAttribute('aria-label'))!)![1]);
  await ask.getByRole('textbox').fill(String(total));
  await ask.getByRole('button', { name: 'Check my prediction' }).click();
  // Played to the step's moment: the comparison, then the step's caption on both widgets.
  await expect(labOf(steps).el('predictResult')).toHaveText(
    `Right: you predicted ${total}, and ${total} requests of ${total} got through.`,
    { timeout: 20_000 },
  );
  await expect(ask).toHaveCount(0);
  await expect(lessonsOf(steps).el('stepCaption')).toBeVisible();
  await expect(lessonsOf(steps).el('stepCaption')).toContainText('request 4 is admitted');
  await expect(labOf(w).el('clock')).toHaveText('60.10');
  await expect(labOf(w).el('widgetSelected')).toContainText('Request 4');
  await expect(labOf(w).el('widgetStepCaption')).toContainText('Step 3 of 5');
  // Kept with progress: the widget's "just show me" has no score, the step's answer has.
  await new LessonsScreen(page).open('#/lessons');
  await expect(lessonsOf(page).el('predictScore')).toHaveText('You predicted 1 of 1 right.');
});
