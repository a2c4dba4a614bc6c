import LZString from 'lz-string';
import type { Page } from '@playwright/test';
import { expect, gotoRoute, test } from './fixtures';

// Deterministic: every test pauses the clock and moves it with window.rateLab.advance.

const WORKED = (placement: string) => ({
  algorithm: 'fixed-window',
  params: { limit: 3, windowSeconds: 60 },
  placement,
  requests: ['A', 'B', 'A', 'B', 'A'].map((server, i) => ({ at: i + 1, server, key: 'client-1' })),
});

type Snap = {
  now: number;
  allowed: number;
  denied: number;
  decisions: { index: number; allowed: boolean }[];
};

async function lab(page: Page, hash = '#/lab') {
  await gotoRoute(page, hash);
  await expect(page.getByTestId('lab-page')).toBeVisible();
  await page.waitForFunction(() => window.rateLab?.version === 1);
}

const load = (page: Page, scenario: unknown) =>
  page.evaluate((s) => window.rateLab!.load(s), scenario);
const advance = (page: Page, s: number) => page.evaluate((x) => window.rateLab!.advance(x), s);
const snapshot = (page: Page) => page.evaluate(() => window.rateLab!.snapshot() as Snap);

async function showPanel(page: Page, name: 'Controls' | 'Request' | 'Charts') {
  const tab = page.getByRole('tab', { name });
  if (await tab.isVisible()) await tab.click();
}

test.describe('the lab', () => {
  test('opens on the worked example: 5 admitted locally, 3 + 2 x 429 shared', async ({ page }) => {
    await lab(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Two servers, one budget');
    await expect(page.getByRole('region', { name: 'Counter in each server' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'One shared counter' })).toBeVisible();
    await page.evaluate(async () => {
      await window.rateLab!.reset();
      await window.rateLab!.advance(10);
    });
    await expect(page.getByTestId('allowed-count')).toHaveText('3');
    await expect(page.getByTestId('denied-count')).toHaveText('2');
    await expect(page.getByTestId('lane-compare').locator('.o-allowed dd')).toHaveText('5');
    await expect(page.getByTestId('caption')).toContainText('counter in each server admitted 5');
    await expect(page.getByTestId('caption')).toContainText(
      'one shared counter admitted 3 and answered 2 with 429',
    );
    await expect(page.getByTestId('server-A')).toBeVisible();
    await expect(page.getByTestId('server-B')).toBeVisible();
    await expect(page.getByTestId('shared-store')).toBeVisible();
    await expect(page.getByTestId('clock-now')).toHaveText('10.00');
    await expect(page.getByRole('link', { name: /Start the lesson/ })).toHaveAttribute(
      'href',
      '#/lessons/two-servers-one-budget',
    );
  });

  test('window.rateLab runs the worked example headlessly (5 local, 3 shared)', async ({
    page,
  }) => {
    await lab(page);
    expect(await page.evaluate(() => window.rateLab!.version)).toBe(1);
    await load(page, WORKED('local'));
    let s = await snapshot(page);
    expect(s.now).toBe(0);
    expect(s.decisions).toHaveLength(0);
    await advance(page, 10);
    s = await snapshot(page);
    expect([s.allowed, s.denied]).toEqual([5, 0]);
    await expect(page.getByTestId('allowed-count')).toHaveText('5');
    await load(page, WORKED('shared'));
    await advance(page, 10);
    s = await snapshot(page);
    expect([s.allowed, s.denied]).toEqual([3, 2]);
    expect(s.decisions.map((d) => d.allowed)).toEqual([true, true, true, false, false]);
    await expect(page.getByTestId('allowed-count')).toHaveText('3');
    await expect(page.getByTestId('denied-count')).toHaveText('2');
    // Halfway: only the first two are decided.
    await page.evaluate(() => window.rateLab!.reset());
    await advance(page, 2.5);
    s = await snapshot(page);
    expect(s.decisions).toHaveLength(2);
  });

  test('load() rejects a bad scenario with the engine message, and the last run keeps going', async ({
    page,
  }) => {
    await lab(page);
    await load(page, WORKED('shared'));
    const bad = { ...WORKED('shared'), requests: [{ at: 0, cost: -1 }] };
    const msg = await page.evaluate(
      (s) =>
        window.rateLab!.load(s).then(
          () => 'ok',
          (e: Error) => e.message,
        ),
      bad,
    );
    expect(msg).toBe('requests[0].cost must be a finite number > 0');
    const unknown = await page.evaluate(
      (s) =>
        window.rateLab!.load(s).then(
          () => 'ok',
          (e: Error) => e.message,
        ),
      { ...WORKED('shared'), foo: 1 },
    );
    expect(unknown).toContain('scenario.foo is not a known field');
    await advance(page, 10);
    expect((await snapshot(page)).allowed).toBe(3);
  });

  test('a scenario loads from the URL, at the time in the link', async ({ page }) => {
    const enc = LZString.compressToEncodedURIComponent(JSON.stringify(WORKED('local')));
    await lab(page, `#/lab?scenario=${enc}&t=3.5`);
    const s = await snapshot(page);
    expect(s.now).toBe(3.5);
    expect(s.allowed).toBe(3);
    await expect(page.getByTestId('allowed-count')).toHaveText('3');
    await expect(page.getByTestId('clock-now')).toHaveText('3.50');
    await advance(page, 10);
    await expect(page.getByTestId('allowed-count')).toHaveText('5');
  });

  test('a damaged link says what is wrong and shows the worked example', async ({ page }) => {
    await lab(page, '#/lab?scenario=notlz');
    await expect(page.getByTestId('url-error')).toContainText('could not be loaded');
    await expect(page.getByTestId('allowed-count')).toBeVisible();
  });

  test('rewind and replay give identical counts', async ({ page }) => {
    await lab(page);
    await load(page, {
      algorithm: 'token-bucket',
      params: { capacity: 5, refillPerSecond: 1 },
      placement: 'shared-nonatomic',
      store: { latencySeconds: 0.05 },
      seed: 7,
      routing: 'random',
      servers: 3,
      traffic: [{ pattern: 'poisson', ratePerSecond: 4, from: 0, to: 20 }],
    });
    await advance(page, 12);
    const a = await snapshot(page);
    await advance(page, 10);
    // Rewind with the scrubber's keyboard and the API, then replay to the same moment.
    await page.evaluate(() => window.rateLab!.reset());
    await advance(page, 12);
    const b = await snapshot(page);
    expect(b).toEqual(a);
    await expect(page.getByTestId('allowed-count')).toHaveText(String(a.allowed));
    await page.evaluate(() => window.rateLab!.reset());
    await advance(page, 5);
    await advance(page, 7);
    expect(await snapshot(page)).toEqual(a);
  });

  test('a bad parameter shows the engine message next to the field; nothing breaks', async ({
    page,
    guard,
  }) => {
    await lab(page);
    await load(page, WORKED('shared'));
    await showPanel(page, 'Controls');
    const limit = page.getByTestId('field-params.limit');
    await limit.fill('-2');
    await expect(page.getByTestId('field-error')).toContainText(
      'params.limit must be a finite number > 0',
    );
    await expect(limit).toHaveAttribute('aria-invalid', 'true');
    await advance(page, 10);
    await expect(page.getByTestId('allowed-count')).toHaveText('3');
    await limit.fill('4');
    await expect(page.getByTestId('field-error')).toHaveCount(0);
    await expect(page.getByTestId('allowed-count')).toHaveText('4');
    expect(guard.consoleErrors).toEqual([]);
  });

  for (const [algorithm, params, kind] of [
    ['fixed-window', { limit: 3, windowSeconds: 10 }, 'fixed-window'],
    ['sliding-log', { limit: 3, windowSeconds: 10 }, 'sliding-log'],
    ['sliding-window-counter', { limit: 3, windowSeconds: 10 }, 'sliding-window-counter'],
    ['token-bucket', { capacity: 3, refillPerSecond: 0.5 }, 'token-bucket'],
    ['gcra', { ratePerSecond: 0.5, burst: 3 }, 'gcra'],
    ['leaky-bucket', { ratePerSecond: 0.5, burst: 2 }, 'leaky-bucket'],
    ['concurrency', { maxInFlight: 2 }, 'concurrency'],
  ] as const) {
    test(`the ${algorithm} state view renders`, async ({ page }) => {
      await lab(page);
      await load(page, {
        algorithm,
        params,
        placement: 'shared',
        traffic: [
          {
            pattern: 'steady',
            ratePerSecond: 2,
            from: 0,
            to: 6,
            key: 'client-1',
            ...(algorithm === 'concurrency' ? { duration: 1.5 } : {}),
          },
        ],
      });
      await advance(page, 3);
      await showPanel(page, 'Request');
      await expect(page.getByTestId('state-panel').getByTestId(`state-${kind}`)).toBeVisible();
      // The scene's store draws the same state.
      await expect(page.getByTestId('shared-store').locator('.sv')).toHaveCount(1);
      const label = await page
        .getByTestId('state-panel')
        .getByRole('img')
        .first()
        .getAttribute('aria-label');
      expect(label).toContain('client-1');
    });
  }

  test('the HTTP view shows a 429 with Retry-After and a problem+json body', async ({ page }) => {
    await lab(page);
    await load(page, WORKED('shared'));
    await advance(page, 10);
    await page
      .getByTestId('lane-main')
      .getByRole('button', { name: /Request 4 via server B/ })
      .click();
    await showPanel(page, 'Request');
    const http = page.getByTestId('http-response');
    await expect(http).toContainText('HTTP/1.1 429 Too Many Requests');
    await expect(http).toContainText('Retry-After: 56');
    await expect(http).toContainText('application/problem+json');
    await expect(http).toContainText('RateLimit-Policy: "main";q=3;w=60');
    await expect(http).toContainText('IETF draft');
  });

  test('a store outage failing closed answers 503, not 429', async ({ page }) => {
    await lab(page);
    await load(page, { ...WORKED('shared'), store: { outages: [{ from: 2.5, to: 4.5 }] } });
    await advance(page, 10);
    const s = await snapshot(page);
    expect(s.allowed).toBe(3);
    await page
      .getByTestId('lane-main')
      .getByRole('button', { name: /Request 3 via server A/ })
      .click();
    await showPanel(page, 'Request');
    await expect(page.getByTestId('http-response')).toContainText('503 Service Unavailable');
  });
});
