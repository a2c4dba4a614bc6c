import AxeBuilder from '@axe-core/playwright';
import { fileURLToPath } from 'node:url';
import { createServer, type LabServer } from '../src/server/createServer';
import { realRedisPlugin } from '../src/server/real/plugin';
import {
  redisCli,
  startCluster,
  whyNoRedis,
  type RealCluster,
} from '../src/server/real/testing/servers';
import { expect, PRODUCTION_IDS, ProductionView, test, testIdCss } from './pages';

const DIST = fileURLToPath(new URL('../dist', import.meta.url));

const HOW = /REDIS_URL=redis:\/\/127\.0\.0\.1:6379 npm start/;

test.describe('Run on real Redis (editor)', () => {
  test('the static app asks nothing until pressed, then says how to point the lab at a Redis', async ({
    page,
    guard,
    editor,
  }) => {
    const api: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/')) api.push(r.url());
    });
    await editor.open();
    await expect(editor.el('runAllowed')).toBeVisible({ timeout: 20_000 });
    await expect(editor.el('runReal')).toBeVisible();
    expect(api).toEqual([]);
    await editor.el('runReal').click();
    await expect(editor.el('realMessage')).toContainText(HOW);
    expect(api).toHaveLength(1);
    // The static server answers 404 for the API: the browser logs that failed load, nothing else.
    const rest = guard.consoleErrors.filter((e) => !/Failed to load resource.*404/.test(e));
    guard.consoleErrors.splice(0, guard.consoleErrors.length, ...rest);
  });

  test('with a lab server, shows both sides per request and marks where they part', async ({
    page,
    editor,
  }) => {
    const same = {
      reply: [1, 4, 0],
      keys: [{ key: 'rl:client-1', type: 'hash', value: [['tokens', '4']], ttlMs: 60000 }],
    };
    await page.route('**/api/real/redis', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          results: [
            {
              name: 'editor run',
              realReplies: ['[1,4,0]', '[1,"3.5",0]'],
              steps: [
                { command: ['EVAL'], model: same, real: same, differences: [] },
                {
                  command: ['EVAL'],
                  model: { reply: [1, '3.50', 0], keys: [] },
                  real: { reply: [1, '3.5', 0], keys: [] },
                  differences: [
                    {
                      where: 'reply',
                      note: 'the same number written differently at [1]: "3.50" and "3.5"',
                    },
                  ],
                },
              ],
            },
          ],
        }),
      }),
    );
    await editor.open();
    await expect(editor.el('runAllowed')).toBeVisible({ timeout: 20_000 });
    await editor.el('runReal').click();
    await expect(editor.el('realSummary')).toContainText('They part on 1 of 2 requests');
    await expect(editor.el('realStep')).toHaveCount(2);
    await expect(editor.el('realDifference')).toContainText('written differently');
    await expect(editor.el('realSame')).toHaveCount(1);
  });
});

test.describe('Run it for real (race scheduler)', () => {
  test('without a lab server it says how to point the lab at a Redis', async ({ guard, races }) => {
    await races.open('#/races/check-then-incr');
    await races.runForReal('0');
    await expect(races.el('raceRealMessage')).toContainText('Trials must be a whole number');
    await races.runForReal('20');
    await expect(races.el('raceRealMessage')).toContainText(HOW);
    const rest = guard.consoleErrors.filter((e) => !/Failed to load resource.*404/.test(e));
    guard.consoleErrors.splice(0, guard.consoleErrors.length, ...rest);
  });

  test('with a lab server, shows the trials beside the explorer', async ({ page, races }) => {
    let sent: unknown = null;
    await page.route('**/api/real/explore', async (route) => {
      sent = route.request().postDataJSON();
      await route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          result: {
            trials: 20,
            violations: 0,
            admitted: { '1': 20 },
            allowed: 1,
            complete: true,
            trialsPerSecond: 50,
            explorer: { schedules: 4, violations: 2, complete: true },
          },
        }),
      });
    });
    await races.open('#/races/check-then-incr');
    await races.runForReal('20');
    await expect(races.el('raceRealResult')).toContainText('20 trials on real Redis, 0 broke');
    await expect(races.el('raceRealResult')).toContainText('a bad ordering exists');
    expect(sent).toMatchObject({
      trials: 20,
      delayMs: 0,
      lockstep: false,
      input: { requests: [{}, {}] },
    });
  });
});

/** A sharded scene with two policies charged at once (all-or-nothing): a multi-key step. */
const SHARDED = (hashTags: boolean) => ({
  policies: [
    { id: 'per-second', algorithm: 'fixed-window', params: { limit: 5, windowSeconds: 1 } },
    { id: 'per-minute', algorithm: 'fixed-window', params: { limit: 60, windowSeconds: 60 } },
  ],
  traffic: [{ pattern: 'steady', ratePerSecond: 4, from: 0, to: 3 }],
  placement: 'sharded',
  shards: 4,
  store: { cluster: { nodes: 3, hashTags } },
});

test.describe('Run on the real cluster (lab, sharded scene)', () => {
  test('without a lab server it says how to start one with REDIS_CLUSTER_URL', async ({
    lab,
    guard,
  }) => {
    await lab.open();
    await lab.load(SHARDED(false));
    await lab.showPanel('Production');
    const panel = new ProductionView(lab.page).el('realClusterPanel');
    const inPanel = new ProductionView(panel);
    await expect(panel).toContainText('REDIS_CLUSTER_URL');
    await inPanel.el('realClusterRun').click();
    await expect(inPanel.el('realClusterMessage')).toContainText(
      /REDIS_CLUSTER_URL=redis:\/\/127\.0\.0\.1:7000/,
    );
    const rest = guard.consoleErrors.filter((e) => !/Failed to load resource.*404/.test(e));
    guard.consoleErrors.splice(0, guard.consoleErrors.length, ...rest);
  });

  test.describe('with a lab server on a real 3-master cluster', () => {
    // Never skipped: without redis-server and redis-cli these tests fail, naming what is missing.
    const missing = whyNoRedis();
    let cluster: RealCluster;
    let server: LabServer;
    let base = '';
    test.beforeAll(async () => {
      test.setTimeout(120_000);
      if (missing) throw new Error(`a real cluster cannot start here: ${missing}`);
      cluster = await startCluster();
      await redisCli(cluster.ports[0]!, '-c', 'SET', 'rl:per-second:client-1:0', 'outsider');
      server = createServer({
        staticRoot: DIST,
        sweepEveryMs: 0,
        plugins: [realRedisPlugin({ REDIS_CLUSTER_URL: cluster.url })],
      });
      base = `http://127.0.0.1:${await server.listen(0)}/`;
    });
    test.afterAll(async () => {
      await server?.close();
      cluster?.stop();
    });

    test("shows each key's node beside the model's, and the multi-key step's CROSSSLOT on both sides", async ({
      lab,
    }) => {
      // Two runs on a real cluster (each with the model's Lua worker) and an axe scan, on a busy
      // machine: a cap far from their real time.
      test.setTimeout(180_000);
      await lab.page.goto(`${base}#/lab`);
      await expect(lab.el('labPage')).toBeVisible();
      await lab.page.waitForFunction(() => window.rateLab?.version === 1);
      await lab.load(SHARDED(false));
      await lab.showPanel('Production');
      const panel = new ProductionView(lab.page).el('realClusterPanel');
      const inPanel = new ProductionView(panel);
      await inPanel.el('realClusterRun').click();
      // A real cluster on a busy machine: a generous cap, far from the run's real time.
      await expect(inPanel.el('realClusterSummary')).toContainText(
        /^All \d+ keys are on the node the model predicted\./,
        { timeout: 60_000 },
      );
      await expect(inPanel.el('realClusterRow').first()).toHaveAttribute('data-agree', 'true');
      for (const side of ['model', 'real'])
        await expect(inPanel.realClusterMultikey(side)).toHaveText(
          "error CROSSSLOT Keys in request don't hash to the same slot",
        );
      const axe = await new AxeBuilder({ page: lab.page })
        .include(testIdCss(PRODUCTION_IDS.realClusterPanel))
        .analyze();
      expect(
        axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
      ).toEqual([]);
      // With hash tags the two policies' keys share a slot: the script runs on one node.
      await lab.load(SHARDED(true));
      await lab.showPanel('Production');
      await expect(inPanel.el('realClusterResult')).toHaveCount(0);
      await inPanel.el('realClusterRun').click();
      await expect(inPanel.realClusterMultikey('real')).toHaveText('2', {
        timeout: 60_000,
      });
      await expect(inPanel.realClusterMultikey('model')).toHaveText('2');
      // Nothing outside the lab's prefix was touched, and nothing of the lab's is left.
      expect(await redisCli(cluster.ports[0]!, '-c', 'GET', 'rl:per-second:client-1:0')).toBe(
        'outsider',
      );
      let keys = 0;
      for (const p of cluster.ports) keys += Number(await redisCli(p, 'DBSIZE'));
      expect(keys).toBe(1);
    });
  });
});
