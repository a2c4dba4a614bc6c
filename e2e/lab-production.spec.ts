import LZString from 'lz-string';
import type { Page } from '@playwright/test';
import { expect, test } from './pages';

// Issue 12's hostile store input and issue 15's production scenarios in the lab page: a bad
// number is refused with the field named (no crash), and every production feature loads,
// runs and seeks without an error on the page.

type Snap = { now: number; allowed: number; denied: number; decisions: { allowed: boolean }[] };

const tryLoad = (page: Page, s: unknown) =>
  page.evaluate(
    (x) =>
      window.rateLab!.load(x).then(
        () => 'ok',
        (e: Error) => e.message,
      ),
    s,
  );
const advance = (page: Page, s: number) => page.evaluate((x) => window.rateLab!.advance(x), s);
const snapshot = (page: Page) => page.evaluate(() => window.rateLab!.snapshot() as Snap);

const fw = { algorithm: 'fixed-window', params: { limit: 30, windowSeconds: 10 } };
const steady = [{ pattern: 'steady', ratePerSecond: 10, from: 0, to: 10 }];

test('store.latencySeconds 1e308 is refused by name; the lab keeps answering', async ({
  page,
  lab,
}) => {
  await lab.open();
  expect(await tryLoad(page, { ...fw, traffic: steady })).toBe('ok');
  expect(await tryLoad(page, { ...fw, traffic: steady, store: { latencySeconds: 1e308 } })).toBe(
    'store.latencySeconds must be at most 60',
  );
  await advance(page, 10);
  expect((await snapshot(page)).allowed).toBe(30);
  await expect(lab.el('allowedCount')).toHaveText('30');
});

test('a shared link with a hostile store latency opens with the message, not a dead page', async ({
  page,
  lab,
}) => {
  const enc = LZString.compressToEncodedURIComponent(
    JSON.stringify({ ...fw, traffic: steady, store: { latencySeconds: 1e308 } }),
  );
  await lab.open(`#/lab?scenario=${enc}`);
  await expect(page.getByText('store.latencySeconds must be at most 60').first()).toBeVisible();
  expect(await tryLoad(page, { ...fw, traffic: steady })).toBe('ok');
  await advance(page, 10);
  await expect(lab.el('allowedCount')).toHaveText('30');
});

test('failover, clocks, shards, leases, shadow mode and dry run load and run in the lab', async ({
  page,
  lab,
}) => {
  await lab.open();
  const scenarios: [unknown, number][] = [
    // failover with lag 0.5 s: the 5 forgotten writes are admitted again
    [
      { ...fw, traffic: steady, store: { replica: { lagSeconds: 0.5 }, failover: { at: 2.5 } } },
      35,
    ],
    [
      {
        ...fw,
        traffic: steady,
        servers: [{ name: 'A', clockOffsetSeconds: -2, clockDriftPpm: 50 }, { name: 'B' }],
        timeSource: 'app',
        store: { clockSteps: [{ at: 4, bySeconds: -3 }] },
      },
      -1,
    ],
    [{ ...fw, traffic: steady, placement: 'sharded', shards: 4, shardBudget: 'copy' }, -1],
    [{ ...fw, traffic: steady, placement: 'leased', lease: { size: 5, ttlSeconds: 2 } }, 30],
    [{ ...fw, traffic: steady, enforce: false }, 100],
    [
      {
        algorithm: 'leaky-bucket',
        params: { ratePerSecond: 2, burst: 3, dryRun: true },
        traffic: steady,
      },
      100,
    ],
  ];
  for (const [s, allowed] of scenarios) {
    expect(await tryLoad(page, s)).toBe('ok');
    await advance(page, 12);
    const snap = await snapshot(page);
    expect(snap.decisions).toHaveLength(100);
    if (allowed >= 0) expect(snap.allowed).toBe(allowed);
    await expect(lab.el('allowedCount')).toHaveText(String(snap.allowed));
    // seeking back through the run (checkpoints, a failover's restore) keeps the page alive
    await page.evaluate(() => window.rateLab!.reset());
    await advance(page, 3);
    await expect(lab.el('clock')).toHaveText('3.00');
  }
});
