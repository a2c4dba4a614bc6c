// Predict first on the projector (issue 21): a lesson's lab presented at room size asks before
// it plays, as its widget does on the lesson's page, and a deck step's counters say nothing
// the question does not (no whole-run "decided / N" beside "how many of these 14").
import type { Page } from '@playwright/test';
import { expect, LabView, PresentView, type Root, test } from './pages';

const labOf = (root: Root) => new LabView(root);
const presentOf = (root: Root) => new PresentView(root);
const pendingOf = (page: Page) => page.evaluate(() => window.rateLab!.snapshot().predictPending);
const ZERO = /^\s*0(\.0+)?\s*s?\s*$/;

test("a lesson's lab on the projector asks first, then plays, compares and shows its caption", async ({
  page,
  present,
}) => {
  test.setTimeout(60_000);
  // Two servers and one budget, lab 1: five requests, a counter in each server on the left.
  await present.open('#/present/lesson/two-servers-one-budget?lab=1');
  const room = present.el('roomScene');
  const prompt = room.getByRole('group', { name: /^Predict/ });
  await expect(prompt).toHaveAccessibleName(
    'Predict: How many of these 5 requests get through on the left?',
  );
  expect(await pendingOf(page)).toBe(true);
  // The caption and the outcome wait: the scene at 0 s, no counts, no selected request.
  await expect(presentOf(room).el('roomCaption')).toHaveCount(0);
  await expect(labOf(room).el('clock')).toHaveText(ZERO);
  const left = labOf(labOf(room).el('laneMain'));
  await expect(left.el('allowedCount')).toBeHidden();
  await expect(presentOf(room).el('roomSelected')).toBeHidden();
  expect(await room.innerText()).not.toMatch(/over the limit|decided|\/ 5|Retry-After/i);

  // A bad answer is named; nothing moves.
  await labOf(room).predictAnswer('six');
  await expect(prompt.getByRole('alert')).toHaveText('"six" is not a whole number.');
  expect(await pendingOf(page)).toBe(true);
  await labOf(room).predictAnswer('3');
  await expect(prompt).toHaveCount(0);
  expect(await pendingOf(page)).toBe(false);
  // Played to the last decision: the engine's count, one sentence, then the lesson's caption.
  const result = labOf(room).el('predictResult');
  await expect(result).toHaveText(
    'Not this time: you predicted 3, but 5 requests of 5 got through.',
    { timeout: 30_000 },
  );
  await expect(left.el('allowedCount')).toHaveText('5');
  await expect(labOf(room).playPause).toHaveAccessibleName('Play');
  await expect(presentOf(room).el('roomCaption')).toContainText(
    'a counter inside each server admits 5',
  );

  // The next lab asks too; "Just show me" shows it at once, with its caption.
  await page.keyboard.press('PageDown');
  await expect(page).toHaveURL(/\?lab=2$/);
  const next = room.getByRole('group', { name: /^Predict/ });
  await expect(next).toBeVisible();
  await expect(presentOf(room).el('roomCaption')).toHaveCount(0);
  expect(await pendingOf(page)).toBe(true);
  await next.getByRole('button', { name: 'Just show me' }).click();
  await expect(result).toHaveText(/^Here is what happened: \d+ requests of \d+ got through\.$/);
  await expect(presentOf(room).el('roomCaption')).toContainText('sticky routing');
  expect(await pendingOf(page)).toBe(false);
  // Back to lab 1: answered while the page is open, it shows without asking again.
  await page.keyboard.press('PageUp');
  await expect(page).toHaveURL(/\?lab=1$/);
  await expect(presentOf(room).el('roomCaption')).toBeVisible();
  await expect(room.getByRole('group', { name: /^Predict/ })).toHaveCount(0);
});

test('a deck step that asks about the requests decided by its moment shows no whole-run count', async ({
  page,
  present,
}) => {
  test.setTimeout(60_000);
  // Step 6 of "Algorithms compared": a burst of 14 out of the scenario's 52 requests, at 0.5 s.
  await present.open('#/present/deck/algorithms-compared?step=6');
  const stage = present.stage;
  const prompt = stage.getByRole('group', { name: /^Predict/ });
  await expect(prompt).toHaveAccessibleName('Predict: How many of these 14 requests get through?');
  const text = await stage.innerText();
  // No count beside the question but the 14 it names.
  expect(text).not.toMatch(/\b52\b|decided/i);
  await prompt.getByRole('button', { name: 'Just show me' }).click();
  await expect(labOf(stage).el('predictResult')).toHaveText(
    'Here is what happened: 10 requests of 14 got through.',
  );
  // Answered: the lane's counts are back, the whole run's among them.
  await expect(labOf(stage).el('laneMain')).toContainText(/decided/i);
  await expect(labOf(stage).el('laneMain')).toContainText('/ 52');
  expect(await pendingOf(page)).toBe(false);
});
