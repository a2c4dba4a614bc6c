// A live workshop: a presenter and 6 learner pages (own browser context each). Learners join
// with a nickname, follow the presenter's step (or explore and jump back), answer a prediction
// whose distribution the projector shows before the reveal, and fill the progress board.
import type { Browser, Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { createServer, type LabServer } from '../src/server/createServer';
import { expect, LabView, LiveView, openMachine, PresentView, type Root, test } from './pages';

const DIST = fileURLToPath(new URL('../dist', import.meta.url));
const LEARNERS = 6;
let server: LabServer;
let base = '';

test.beforeAll(async () => {
  server = createServer({ staticRoot: DIST, sweepEveryMs: 0, decks: ['why-local-counters-leak'] });
  base = `http://127.0.0.1:${await server.listen(0)}/`;
});
test.afterAll(async () => {
  await server.close();
});

/** A learner's or the presenter's own machine (its own browser context), guarded. */
const machine = (browser: Browser) =>
  openMachine(browser, { viewport: { width: 1000, height: 700 } });
const live = (root: Root) => new LiveView(root);
const present = (root: Root) => new PresentView(root);

const stepOf = (p: Page) => present(p).el('stage').getAttribute('data-step');

test('a presenter runs a deck with a predict step and the progress board for 6 learners', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const pres = await machine(browser);
  await pres.page.goto(`${base}#/present/deck/why-local-counters-leak`);
  await live(pres.page).el('openLiveRoom').click();
  await expect(live(pres.page).el('livePresenter')).toHaveAttribute('data-status', 'open');
  await expect(live(pres.page).el('joinQr')).toBeVisible();
  const code = (await live(pres.page).el('joinCode').textContent())!.trim();
  expect(code).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}$/);

  const learners = await Promise.all(Array.from({ length: LEARNERS }, () => machine(browser)));
  await Promise.all(
    learners.map(async (l, i) => {
      await l.page.goto(`${base}#/live/${code}`);
      await live(l.page).el('nickInput').fill(`<i>learner ${i}</i>`);
      await live(l.page).el('nickJoin').click();
      await expect(live(l.page).el('liveLearner')).toHaveAttribute('data-status', 'open');
    }),
  );
  await expect(live(pres.page).el('learnerCount')).toHaveText(String(LEARNERS));

  // Follow: the presenter's step drives every learner.
  await live(pres.page).el('liveNext').click();
  await live(pres.page).el('liveNext').click();
  for (const l of learners) await expect.poll(() => stepOf(l.page)).toBe('3');
  // One explores on their own and jumps back.
  const a = learners[0]!.page;
  await live(a).el('explore').click();
  await a.getByRole('button', { name: '← Back' }).click();
  await expect.poll(() => stepOf(a)).toBe('2');
  await live(a).el('follow').click();
  await expect.poll(() => stepOf(a)).toBe('3');

  // Predict: the projector sees the distribution before the reveal; learners see a count.
  await live(pres.page).el('predictOpen').click();
  await Promise.all(
    learners.map(async (l, i) => {
      await live(l.page)
        .el('predictInput')
        .fill(i < 4 ? '5' : '3');
      await live(l.page).el('predictSend').click();
      await expect(live(l.page).el('predictMine')).toContainText(i < 4 ? '5' : '3');
    }),
  );
  await expect(live(pres.page).el('predictionCount')).toHaveText(String(LEARNERS));
  await expect(live(pres.page).distributionBar(5)).toHaveAttribute('data-count', '4');
  await expect(live(learners[5]!.page).el('distribution')).toHaveCount(0);
  await live(pres.page).el('predictReveal').click();
  await expect(live(learners[5]!.page).distributionBar(3)).toHaveAttribute('data-count', '2');

  // Progress board and stuck signals; nicknames stay text.
  // The board comes from the practice grader's record in each learner's browser: here another
  // tab of the learner's (the practice page) records a passing grade, or a failing one.
  const problem = await live(learners[1]!.page).el('problemSelect').inputValue();
  const graded = async (l: (typeof learners)[number], solved: boolean) => {
    const tab = await l.context.newPage();
    await tab.goto(`${base}#/`);
    await tab.evaluate(
      ([slug, ok]) => {
        const at = new Date().toISOString();
        localStorage.setItem(
          'rate-lab:progress:v1',
          JSON.stringify({
            lessonsRead: {},
            problemsSolved: ok ? { [slug]: at } : {},
            saved: {},
            attempts: { [slug]: 1 },
          }),
        );
      },
      [problem, solved] as const,
    );
    await expect(l.page.locator(`[data-problem="${problem}"]`)).toHaveAttribute(
      'data-status',
      solved ? 'solved' : 'attempted',
    );
    await tab.close();
  };
  await graded(learners[1]!, true);
  await graded(learners[2]!, false);
  await live(learners[3]!.page).el('stuck').click();
  const board = live(pres.page).el('progressBoard');
  await expect(board.locator('tbody tr')).toHaveCount(1);
  await expect(board.locator('tbody tr td').nth(1)).toHaveText('2');
  await expect(board.locator('tbody tr td').nth(2)).toHaveText('1');
  await expect(live(pres.page).el('stuckList')).toHaveText('Stuck: <i>learner 3</i>');
  await expect(pres.page.locator('.live-presenter i')).toHaveCount(0);

  // A deck step that asks (step 4: how many of the 5 got through, left lane): the room answers
  // on the step's own prompt, and the projector hides the outcome until the reveal.
  await live(pres.page).el('liveNext').click();
  for (const l of learners) await expect.poll(() => stepOf(l.page)).toBe('4');
  const presStage = present(pres.page).el('stage');
  const ask = (p: Page) =>
    present(p)
      .el('stage')
      .getByRole('group', { name: /^Predict/ });
  await expect(ask(pres.page)).toHaveAccessibleName(
    'Predict: How many of these 5 requests get through in the Counter in each server lane?',
  );
  await expect(present(presStage).el('stageCaption')).toHaveCount(0);
  await live(pres.page).el('predictOpen').click();
  const phone = learners[5]!.page;
  await phone.setViewportSize({ width: 360, height: 740 });
  await Promise.all(
    learners.map(async (l, i) => {
      const g = ask(l.page);
      await g.getByRole('textbox').fill(i < 2 ? '5' : '3');
      if (l.page === phone) {
        await g.scrollIntoViewIfNeeded();
        await phone.screenshot({ path: 'test-results/shots/live-learner-predict-360.png' });
      }
      await g.getByRole('button', { name: 'Check my prediction' }).click();
      await expect(present(l.page).el('deckPredictSent')).toContainText(
        `You predicted ${i < 2 ? 5 : 3}.`,
      );
    }),
  );
  await expect(live(pres.page).el('predictionCount')).toHaveText(String(LEARNERS));
  // Before the reveal the projector shows the answers' spread, not the outcome.
  await expect(present(presStage).el('stageCaption')).toHaveCount(0);
  await expect(present(presStage).el('deckPredictRoom')).toHaveText(
    '6 answers so far: reveal when the room is ready.',
  );
  expect(await presStage.innerText()).not.toMatch(/got through|all five/i);
  await live(pres.page).el('predictReveal').click();
  await expect(new LabView(presStage).el('predictResult')).toHaveText(
    '2 of 6 answers were right: 5 requests of 5 got through.',
    { timeout: 30_000 },
  );
  await expect(present(presStage).el('stageCaption')).toContainText('all five got in');
  await expect(new LabView(learners[0]!.page).el('predictResult')).toHaveText(
    'Right: you predicted 5, and 5 requests of 5 got through.',
    { timeout: 30_000 },
  );
  await expect(new LabView(phone).el('predictResult')).toHaveText(
    'Not this time: you predicted 3, but 5 requests of 5 got through.',
    { timeout: 30_000 },
  );

  for (const m of [pres, ...learners]) {
    expect(m.problems).toEqual([]);
    await m.context.close();
  }
});
