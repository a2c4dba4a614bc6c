import LZString from 'lz-string';
import { expect, test, WORKED } from './pages/lab';

// Deterministic: every test pauses the clock and moves it with window.rateLab.advance.

test.describe('the lab', () => {
  test('opens on the worked example: 5 admitted locally, 3 + 2 x 429 shared', async ({
    page,
    lab,
  }) => {
    await lab.open();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Two servers, one budget');
    await expect(page.getByRole('region', { name: 'Counter in each server' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'One shared counter' })).toBeVisible();
    await lab.reset();
    await lab.advance(10);
    await expect(lab.allowedCount).toHaveText('3');
    await expect(lab.deniedCount).toHaveText('2');
    await expect(lab.lane('compare').locator('.o-allowed dd')).toHaveText('5');
    await expect(lab.caption).toContainText('counter in each server admitted 5');
    await expect(lab.caption).toContainText(
      'one shared counter admitted 3 and answered 2 with 429',
    );
    await expect(lab.server('A')).toBeVisible();
    await expect(lab.server('B')).toBeVisible();
    await expect(lab.el('sharedStore')).toBeVisible();
    await expect(lab.clock).toHaveText('10.00');
    await expect(page.getByRole('link', { name: /Start the lesson/ })).toHaveAttribute(
      'href',
      '#/lessons/two-servers-one-budget',
    );
  });

  test('window.rateLab runs the worked example headlessly (5 local, 3 shared)', async ({
    page,
    lab,
  }) => {
    await lab.open();
    expect(await page.evaluate(() => window.rateLab!.version)).toBe(1);
    await lab.load(WORKED('local'));
    let s = await lab.snapshot();
    expect(s.now).toBe(0);
    expect(s.decisions).toHaveLength(0);
    await lab.advance(10);
    s = await lab.snapshot();
    expect([s.allowed, s.denied]).toEqual([5, 0]);
    await expect(lab.allowedCount).toHaveText('5');
    await lab.load(WORKED('shared'));
    await lab.advance(10);
    s = await lab.snapshot();
    expect([s.allowed, s.denied]).toEqual([3, 2]);
    expect(s.decisions.map((d) => d.allowed)).toEqual([true, true, true, false, false]);
    await expect(lab.allowedCount).toHaveText('3');
    await expect(lab.deniedCount).toHaveText('2');
    // Halfway: only the first two are decided.
    await lab.reset();
    await lab.advance(2.5);
    s = await lab.snapshot();
    expect(s.decisions).toHaveLength(2);
  });

  test('load() rejects a bad scenario with the engine message, and the last run keeps going', async ({
    lab,
  }) => {
    await lab.open();
    await lab.load(WORKED('shared'));
    const bad = { ...WORKED('shared'), requests: [{ at: 0, cost: -1 }] };
    const msg = await lab.loadMessage(bad);
    expect(msg).toBe('requests[0].cost must be a finite number > 0');
    const unknown = await lab.loadMessage({ ...WORKED('shared'), foo: 1 });
    expect(unknown).toContain('scenario.foo is not a known field');
    await lab.advance(10);
    expect((await lab.snapshot()).allowed).toBe(3);
  });

  test('a scenario loads from the URL, at the time in the link', async ({ lab }) => {
    const enc = LZString.compressToEncodedURIComponent(JSON.stringify(WORKED('local')));
    await lab.open(`#/lab?scenario=${enc}&t=3.5`);
    const s = await lab.snapshot();
    expect(s.now).toBe(3.5);
    expect(s.allowed).toBe(3);
    await expect(lab.allowedCount).toHaveText('3');
    await expect(lab.clock).toHaveText('3.50');
    await lab.advance(10);
    await expect(lab.allowedCount).toHaveText('5');
  });

  test('a damaged link says what is wrong and shows the worked example', async ({ lab }) => {
    await lab.open('#/lab?scenario=notlz');
    await expect(lab.el('urlError')).toContainText('could not be loaded');
    await expect(lab.allowedCount).toBeVisible();
  });

  test('rewind and replay give identical counts', async ({ lab }) => {
    await lab.open();
    await lab.load({
      algorithm: 'token-bucket',
      params: { capacity: 5, refillPerSecond: 1 },
      placement: 'shared-nonatomic',
      store: { latencySeconds: 0.05 },
      seed: 7,
      routing: 'random',
      servers: 3,
      traffic: [{ pattern: 'poisson', ratePerSecond: 4, from: 0, to: 20 }],
    });
    await lab.advance(12);
    const a = await lab.snapshot();
    await lab.advance(10);
    // Rewind with the scrubber's keyboard and the API, then replay to the same moment.
    await lab.reset();
    await lab.advance(12);
    const b = await lab.snapshot();
    expect(b).toEqual(a);
    await expect(lab.allowedCount).toHaveText(String(a.allowed));
    await lab.reset();
    await lab.advance(5);
    await lab.advance(7);
    expect(await lab.snapshot()).toEqual(a);
  });

  test('a bad parameter shows the engine message next to the field; nothing breaks', async ({
    guard,
    lab,
  }) => {
    await lab.open();
    await lab.load(WORKED('shared'));
    await lab.showPanel('Controls');
    const limit = lab.field('params.limit');
    await limit.fill('-2');
    await expect(lab.el('fieldError')).toContainText('params.limit must be a finite number > 0');
    await expect(limit).toHaveAttribute('aria-invalid', 'true');
    await lab.advance(10);
    await expect(lab.allowedCount).toHaveText('3');
    await limit.fill('4');
    await expect(lab.el('fieldError')).toHaveCount(0);
    await expect(lab.allowedCount).toHaveText('4');
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
    test(`the ${algorithm} state view renders`, async ({ lab }) => {
      await lab.open();
      await lab.load({
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
      await lab.advance(3);
      await lab.showPanel('Request');
      await expect(lab.stateView(kind)).toBeVisible();
      // The scene's store draws the same state.
      await expect(lab.el('sharedStore').locator('.sv')).toHaveCount(1);
      const label = await lab.el('statePanel').getByRole('img').first().getAttribute('aria-label');
      expect(label).toContain('client-1');
    });
  }

  test('the HTTP view shows a 429 with Retry-After and a problem+json body', async ({ lab }) => {
    await lab.open();
    await lab.load(WORKED('shared'));
    await lab.advance(10);
    await lab.selectRequest(4, 'B');
    await lab.showPanel('Request');
    const http = lab.http;
    await expect(http).toContainText('HTTP/1.1 429 Too Many Requests');
    await expect(http).toContainText('Retry-After: 56');
    await expect(http).toContainText('application/problem+json');
    await expect(http).toContainText('RateLimit-Policy: "main";q=3;w=60');
    await expect(http).toContainText('IETF draft');
  });

  test('a store outage failing closed answers 503, not 429', async ({ lab }) => {
    await lab.open();
    await lab.load({ ...WORKED('shared'), store: { outages: [{ from: 2.5, to: 4.5 }] } });
    await lab.advance(10);
    const s = await lab.snapshot();
    expect(s.allowed).toBe(3);
    await lab.selectRequest(3, 'A');
    await lab.showPanel('Request');
    await expect(lab.http).toContainText('503 Service Unavailable');
  });

  test('failing open: the counts keep allowed and bypass apart, in the snapshot and on screen', async ({
    lab,
  }) => {
    await lab.open();
    await lab.load({
      ...WORKED('shared'),
      failureMode: 'fail-open',
      store: { outages: [{ from: 2.5, to: 4.5 }] },
    });
    await lab.advance(10);
    const s = await lab.snapshot();
    expect(s).toMatchObject({ allowed: 3, bypass: 2, admitted: 5, denied: 0, unavailable: 0 });
    expect(s.decisions.map((d) => d.outcome)).toEqual([
      'allowed',
      'allowed',
      'bypass',
      'bypass',
      'allowed',
    ]);
    expect(s.decisions.map((d) => d.allowed)).toEqual([true, true, true, true, true]);
    await expect(lab.allowedCount).toHaveText('3');
    await expect(lab.bypassCount).toHaveText('2');
    await expect(lab.caption).toContainText('admitted 5 (2 of them bypassing the limiter)');
    await lab.selectRequest(3, 'A');
    await lab.showPanel('Request');
    await expect(lab.http).toContainText('X-RateLimit-Bypass');
  });

  test('a link with t=1e308 is refused with a message and opens at the end', async ({ lab }) => {
    const enc = LZString.compressToEncodedURIComponent(JSON.stringify(WORKED('shared')));
    await lab.open(`#/lab?scenario=${enc}&t=1e308`);
    await expect(lab.el('urlError')).toContainText(
      "The link's time t=1e308 is past the end of this run",
    );
    const s = await lab.snapshot();
    expect(s.now).toBeLessThan(20);
    expect([s.allowed, s.denied]).toEqual([3, 2]);
    await expect(lab.allowedCount).toHaveText('3');
    // The page still answers.
    await lab.advance(0);
    await expect(lab.clock).toHaveText(s.now.toFixed(2));
  });
});
