// Predict first on a deck's race steps (issue 21): on the projector, each race step of
// make-it-atomic whose caption states an outcome asks before it plays, with the caption hidden
// and the scheduler held before its first round trip; an answer (or "Just show me") plays the
// schedule to the end of the race, then one sentence compares the prediction with the
// scheduler's own verdict, and the caption says why. In a live room the room answers on its
// devices and the presenter's reveal plays it.
import type { Browser, Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { createServer, type LabServer } from '../src/server/createServer';
import { expect, LabView, LiveView, openMachine, PresentScreen, PresentView, test } from './pages';

test.use({ viewport: { width: 1920, height: 1080 } });

const pendingOf = (page: Page) => page.evaluate(() => window.rateLab!.snapshot().predictPending);

/** The step asks: the prompt, no caption, the scheduler before its first round trip. */
async function expectAsking(page: Page, present: PresentView, question: string) {
  const ask = present.scene;
  await expect(ask.predict).toHaveAccessibleName(`Predict: ${question}`);
  await expect(present.el('stageCaption')).toHaveCount(0);
  const race = present.el('stageRace');
  await expect(present.race.server(0)).toBeVisible();
  await expect(race).toHaveAttribute('data-turn', '0');
  await expect(present.race.el('raceVerdict')).toHaveCount(0);
  await expect(present.race.el('raceLog').locator('li')).toHaveCount(0);
  expect(await pendingOf(page)).toBe(true);
  // Sending a round trip by hand waits for the answer too.
  await expect(present.race.server(0).getByRole('button', { name: /Send it/ })).toBeDisabled();
}

/** Played to the end of the race: the whole schedule, the verdict, the caption, no prompt. */
async function expectPlayed(page: Page, present: PresentView, total: number) {
  const race = present.el('stageRace');
  await expect(race).toHaveAttribute('data-turn', String(total), { timeout: 30_000 });
  await expect(race).toHaveAttribute('data-finished', 'true', { timeout: 30_000 });
  await expect(present.race.el('raceVerdict')).toBeVisible();
  await expect(present.el('stageCaption')).toBeVisible();
  await expect(present.scene.predict).toHaveCount(0);
  expect(await pendingOf(page)).toBe(false);
  const overflow = await page.evaluate(() => document.documentElement.scrollHeight - innerHeight);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('race steps on the projector', () => {
  test('"Play the scheduler" asks how many get through, then compares with the verdict', async ({
    page,
    present,
  }) => {
    await present.open('#/present/deck/make-it-atomic?step=5');
    await expectAsking(
      page,
      present,
      'With this schedule, how many of these 2 requests get through?',
    );
    await page.screenshot({ path: 'test-results/shots/present-race-predict-1920.png' });
    // A bad answer is named, and nothing plays.
    await present.scene.predictAnswer('9');
    await expect(present.scene.predict.getByRole('alert')).toHaveText(
      '9 is not between 0 and 2: there are 2 requests.',
    );
    await present.scene.predictAnswer('1');
    await expectPlayed(page, present, 4);
    // The sentence's count is the scheduler's own verdict.
    const admitted = (await present.race.el('raceAdmitted').textContent())!.trim();
    const allowed = (await present.race.el('raceAllowed').textContent())!.trim();
    await expect(present.scene.el('predictResult')).toHaveText(
      `Not this time: you predicted 1, but ${admitted} requests of 2 got through, though the limit allows ${allowed}.`,
    );
    await expect(present.el('stageCaption')).toContainText('Both write, and both admit.');
    await page.screenshot({ path: 'test-results/shots/present-race-predicted-1920.png' });
  });

  test('the crash step asks whether the key is left with no expiry; "Just show me" shows it', async ({
    page,
    present,
  }) => {
    await present.open('#/present/deck/make-it-atomic?step=7');
    await expectAsking(
      page,
      present,
      'With this schedule, is the key "fw:client" left with no expiry? (1 for yes, 0 for no)',
    );
    await present.scene.predictAnswer('maybe');
    await expect(present.scene.predict.getByRole('alert')).toHaveText(
      '"maybe" is not yes or no: type 1 for yes or 0 for no.',
    );
    await present.scene.skipPredict();
    await expectPlayed(page, present, 2);
    await expect(present.race.el('raceVerdict')).toHaveAttribute('data-broken', /allKeysHaveTtl/);
    await expect(present.scene.el('predictResult')).toHaveText(
      'Here is what happened: server A crashed, and the key "fw:client" was left with no expiry, so its count never resets.',
    );
    await expect(present.el('stageCaption')).toContainText('the counter never expires');
  });

  test('"No schedule to win" asks about three requests; a right answer says so', async ({
    page,
    present,
  }) => {
    await present.open('#/present/deck/make-it-atomic?step=8');
    await expectAsking(
      page,
      present,
      'With this schedule, how many of these 3 requests get through?',
    );
    await present.scene.predictAnswer('2');
    await expectPlayed(page, present, 3);
    await expect(present.race.el('raceAdmitted')).toHaveText('2');
    await expect(present.scene.el('predictResult')).toHaveText(
      'Right: you predicted 2, and 2 requests of 3 got through, as many as the limit allows.',
    );
    await expect(present.el('stageCaption')).toContainText('exactly the two that fit get in');
  });

  test("the presenter's own advance skips the question and plays by hand; the speaker view says what is asked", async ({
    page,
    context,
    present,
  }) => {
    await present.open('#/present/deck/make-it-atomic?step=5');
    await expect(present.scene.predict).toBeVisible();
    const speakerPage = await context.newPage();
    const speaker = new PresentScreen(speakerPage);
    await speaker.open('#/present/deck/make-it-atomic/speaker');
    await expect(speaker.el('speakerPredict')).toContainText(
      'With this schedule, how many of these 2 requests get through?',
    );
    await speaker.el('speakerNext').click();
    await expect(present.el('stageRace')).toHaveAttribute('data-turn', '1');
    await expect(present.scene.predict).toHaveCount(0);
    expect(await pendingOf(page)).toBe(false);
    // The presenter plays the round trips; the race's end shows what happened and why.
    await expect(present.scene.el('predictResult')).toHaveText('Watch what happens.');
    await expect(present.el('stageCaption')).toHaveCount(0);
    for (let k = 2; k <= 4; k++) {
      await page.keyboard.press('ArrowRight');
      await expect(present.el('stageRace')).toHaveAttribute('data-turn', String(k));
    }
    await expectPlayed(page, present, 4);
    await expect(present.scene.el('predictResult')).toHaveText(
      'Here is what happened: 2 requests of 2 got through, though the limit allows 1.',
    );
  });
});

test.describe('a race step in a live room', () => {
  const DIST = fileURLToPath(new URL('../dist', import.meta.url));
  let server: LabServer;
  let base = '';
  test.beforeAll(async () => {
    server = createServer({ staticRoot: DIST, sweepEveryMs: 0, decks: ['make-it-atomic'] });
    base = `http://127.0.0.1:${await server.listen(0)}/`;
  });
  test.afterAll(async () => {
    await server.close();
  });
  const machine = (browser: Browser) =>
    openMachine(browser, { viewport: { width: 1000, height: 700 } });
  const live = (p: Page) => new LiveView(p);
  const stage = (p: Page) => new PresentView(p);

  test('the room answers a race step on its devices and the reveal plays it', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const pres = await machine(browser);
    await pres.page.goto(`${base}#/present/deck/make-it-atomic`);
    await live(pres.page).el('openLiveRoom').click();
    await expect(live(pres.page).el('livePresenter')).toHaveAttribute('data-status', 'open');
    const code = (await live(pres.page).el('joinCode').textContent())!.trim();
    const learners = await Promise.all([machine(browser), machine(browser)]);
    for (const [i, l] of learners.entries()) {
      await l.page.goto(`${base}#/live/${code}`);
      await live(l.page).el('nickInput').fill(`learner ${i}`);
      await live(l.page).el('nickJoin').click();
      await expect(live(l.page).el('liveLearner')).toHaveAttribute('data-status', 'open');
    }
    for (let k = 0; k < 4; k++) await live(pres.page).el('liveNext').click();
    const question = 'Predict: With this schedule, how many of these 2 requests get through?';
    for (const m of [pres, ...learners]) {
      await expect(stage(m.page).el('stage')).toHaveAttribute('data-step', '5');
      await expect(new LabView(stage(m.page).stage).predict).toHaveAccessibleName(question);
      await expect(stage(m.page).el('stageCaption')).toHaveCount(0);
    }
    await live(pres.page).el('predictOpen').click();
    for (const [i, l] of learners.entries()) {
      const ask = new LabView(stage(l.page).stage);
      await ask.predictAnswer(i === 0 ? '2' : '1');
      await expect(stage(l.page).el('deckPredictSent')).toContainText(
        `You predicted ${i === 0 ? 2 : 1}.`,
      );
    }
    await expect(live(pres.page).el('predictionCount')).toHaveText('2');
    await expect(stage(pres.page).el('deckPredictRoom')).toHaveText(
      '2 answers so far: reveal when the room is ready.',
    );
    await expect(stage(pres.page).race.el('raceVerdict')).toHaveCount(0);
    await live(pres.page).el('predictReveal').click();
    const result = (p: Page) => new LabView(stage(p).stage).el('predictResult');
    await expect(result(pres.page)).toHaveText(
      '1 of 2 answers were right: 2 requests of 2 got through, though the limit allows 1.',
      { timeout: 30_000 },
    );
    await expect(stage(pres.page).race.el('raceAdmitted')).toHaveText('2');
    await expect(stage(pres.page).el('stageCaption')).toContainText('both admit');
    await expect(result(learners[0]!.page)).toHaveText(
      'Right: you predicted 2, and 2 requests of 2 got through, though the limit allows 1.',
      { timeout: 30_000 },
    );
    await expect(result(learners[1]!.page)).toHaveText(
      'Not this time: you predicted 1, but 2 requests of 2 got through, though the limit allows 1.',
      { timeout: 30_000 },
    );
    for (const m of [pres, ...learners]) {
      expect(m.problems).toEqual([]);
      await m.context.close();
    }
  });
});
