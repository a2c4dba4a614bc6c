// A live workshop: a presenter and 6 learner pages (own browser context each). Learners join
// with a nickname, follow the presenter's step (or explore and jump back), answer a prediction
// whose distribution the projector shows before the reveal, and fill the progress board.
import { test, expect, type Browser, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { createServer, type LabServer } from '../src/server/createServer';

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

async function machine(browser: Browser) {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport: { width: 1000, height: 700 },
  });
  const page = await context.newPage();
  const problems: string[] = [];
  await page.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === '127.0.0.1' || /^(data|blob):/.test(url.protocol)) return route.continue();
    problems.push(url.href);
    return route.abort('blockedbyclient');
  });
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  return { context, page, problems };
}

const stepOf = (p: Page) => p.getByTestId('stage').getAttribute('data-step');

test('a presenter runs a deck with a predict step and the progress board for 6 learners', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const pres = await machine(browser);
  await pres.page.goto(`${base}#/present/deck/why-local-counters-leak`);
  await pres.page.getByTestId('open-live-room').click();
  await expect(pres.page.getByTestId('live-presenter')).toHaveAttribute('data-status', 'open');
  await expect(pres.page.getByTestId('join-qr')).toBeVisible();
  const code = (await pres.page.getByTestId('join-code').textContent())!.trim();
  expect(code).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}$/);

  const learners = await Promise.all(Array.from({ length: LEARNERS }, () => machine(browser)));
  await Promise.all(
    learners.map(async (l, i) => {
      await l.page.goto(`${base}#/live/${code}`);
      await l.page.getByTestId('nick-input').fill(`<i>learner ${i}</i>`);
      await l.page.getByTestId('nick-join').click();
      await expect(l.page.getByTestId('live-learner')).toHaveAttribute('data-status', 'open');
    }),
  );
  await expect(pres.page.getByTestId('learner-count')).toHaveText(String(LEARNERS));

  // Follow: the presenter's step drives every learner.
  await pres.page.getByTestId('live-next').click();
  await pres.page.getByTestId('live-next').click();
  for (const l of learners) await expect.poll(() => stepOf(l.page)).toBe('3');
  // One explores on their own and jumps back.
  const a = learners[0]!.page;
  await a.getByTestId('explore').click();
  await a.getByRole('button', { name: '← Back' }).click();
  await expect.poll(() => stepOf(a)).toBe('2');
  await a.getByTestId('follow').click();
  await expect.poll(() => stepOf(a)).toBe('3');

  // Predict: the projector sees the distribution before the reveal; learners see a count.
  await pres.page.getByTestId('predict-open').click();
  await Promise.all(
    learners.map(async (l, i) => {
      await l.page.getByTestId('predict-input').fill(i < 4 ? '5' : '3');
      await l.page.getByTestId('predict-send').click();
      await expect(l.page.getByTestId('predict-mine')).toContainText(i < 4 ? '5' : '3');
    }),
  );
  await expect(pres.page.getByTestId('prediction-count')).toHaveText(String(LEARNERS));
  await expect(
    pres.page.locator('[data-testid="distribution"] li[data-value="5"]'),
  ).toHaveAttribute('data-count', '4');
  await expect(learners[5]!.page.getByTestId('distribution')).toHaveCount(0);
  await pres.page.getByTestId('predict-reveal').click();
  await expect(
    learners[5]!.page.locator('[data-testid="distribution"] li[data-value="3"]'),
  ).toHaveAttribute('data-count', '2');

  // Progress board and stuck signals; nicknames stay text.
  // The board comes from the practice grader's record in each learner's browser: here another
  // tab of the learner's (the practice page) records a passing grade, or a failing one.
  const problem = await learners[1]!.page.getByTestId('problem-select').inputValue();
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
  await learners[3]!.page.getByTestId('stuck').click();
  const board = pres.page.getByTestId('progress-board');
  await expect(board.locator('tbody tr')).toHaveCount(1);
  await expect(board.locator('tbody tr td').nth(1)).toHaveText('2');
  await expect(board.locator('tbody tr td').nth(2)).toHaveText('1');
  await expect(pres.page.getByTestId('stuck-list')).toHaveText('Stuck: <i>learner 3</i>');
  await expect(pres.page.locator('.live-presenter i')).toHaveCount(0);

  // A deck step that asks (step 4: how many of the 5 got through, left lane): the room answers
  // on the step's own prompt, and the projector hides the outcome until the reveal.
  await pres.page.getByTestId('live-next').click();
  for (const l of learners) await expect.poll(() => stepOf(l.page)).toBe('4');
  const presStage = pres.page.getByTestId('stage');
  const ask = (p: Page) => p.getByTestId('stage').getByRole('group', { name: /^Predict/ });
  await expect(ask(pres.page)).toHaveAccessibleName(
    'Predict: How many of these 5 requests get through in the Counter in each server lane?',
  );
  await expect(presStage.getByTestId('stage-caption')).toHaveCount(0);
  await pres.page.getByTestId('predict-open').click();
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
      await expect(l.page.getByTestId('deck-predict-sent')).toContainText(
        `You predicted ${i < 2 ? 5 : 3}.`,
      );
    }),
  );
  await expect(pres.page.getByTestId('prediction-count')).toHaveText(String(LEARNERS));
  // Before the reveal the projector shows the answers' spread, not the outcome.
  await expect(presStage.getByTestId('stage-caption')).toHaveCount(0);
  await expect(presStage.getByTestId('deck-predict-room')).toHaveText(
    '6 answers so far: reveal when the room is ready.',
  );
  expect(await presStage.innerText()).not.toMatch(/got through|all five/i);
  await pres.page.getByTestId('predict-reveal').click();
  await expect(presStage.getByTestId('predict-result')).toHaveText(
    '2 of 6 answers were right: 5 requests of 5 got through.',
    { timeout: 30_000 },
  );
  await expect(presStage.getByTestId('stage-caption')).toContainText('all five got in');
  await expect(learners[0]!.page.getByTestId('predict-result')).toHaveText(
    'Right: you predicted 5, and 5 requests of 5 got through.',
    { timeout: 30_000 },
  );
  await expect(phone.getByTestId('predict-result')).toHaveText(
    'Not this time: you predicted 3, but 5 requests of 5 got through.',
    { timeout: 30_000 },
  );

  for (const m of [pres, ...learners]) {
    expect(m.problems).toEqual([]);
    await m.context.close();
  }
});
