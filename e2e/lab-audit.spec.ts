// The lab bugs of issue 13's audit list, one test each, checked as a user sees them.
import { templateById } from '../src/core/playground/templates';
// lz-string is CommonJS: under Playwright's Node loader only its default export is available.
import LZString from 'lz-string';
import { expect, test, WORKED } from './pages';

const luaScenario = {
  algorithm: 'lua',
  params: {
    script: templateById('token-bucket')!.source,
    keys: ['rl:{key}'],
    args: ['3', '1', '{cost}'],
  },
  requests: [{ at: 0 }, { at: 0 }, { at: 0 }, { at: 0 }, { at: 1.5 }],
};

const link = (scenario: unknown, t = 10) =>
  `#/lab?scenario=${LZString.compressToEncodedURIComponent(JSON.stringify(scenario))}&t=${t}`;

test.describe('lab audit (issue 13)', () => {
  test('choosing concurrency in the Algorithm list sticks and runs', async ({ lab }) => {
    await lab.open();
    await lab.showPanel('Controls');
    const select = lab.el('algorithm');
    await select.selectOption('concurrency');
    await expect(select).toHaveValue('concurrency');
    await expect(lab.el('fieldError')).toHaveCount(0);
    await lab.pause();
    await lab.advance(10);
    const s = await lab.snapshot();
    expect(s.decisions).toHaveLength(5);
    // Every other algorithm sticks as well.
    for (const a of ['token-bucket', 'leaky-bucket', 'gcra', 'sliding-log', 'fixed-window']) {
      await select.selectOption(a);
      await expect(select).toHaveValue(a);
    }
  });

  test('the title counts the servers the scenario has', async ({ page, lab }) => {
    await lab.open();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Two servers, one budget');
    await lab.load(WORKED('shared', { servers: 4 }));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Four servers, one budget');
    await lab.load(WORKED('shared', { servers: 1, requests: [{ at: 1 }] }));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('One server, one budget');
  });

  test('a Lua scenario shows Lua as the algorithm and the script’s keys in the store', async ({
    lab,
  }) => {
    await lab.open();
    await lab.load(luaScenario);
    await lab.advance(5);
    await lab.showPanel('Controls');
    await expect(lab.el('algorithm')).toHaveValue('lua');
    await expect(lab.el('algorithm').locator('option:checked')).toHaveText(
      /lua \(the script below\)/,
    );
    await expect(lab.el('luaKeys')).toContainText('rl:{key}');
    const store = lab.el('sharedStore').first();
    await expect(store).toContainText('Lua');
    // The requests name no key: the script's KEYS[1] is rl:{key} with the default key.
    await expect(store).toContainText('rl:client');
    await expect(store).toContainText('tokens=');
    await expect(lab.caption).toContainText('the same Lua script');
    await expect(store).not.toContainText('lua state');
    await expect(store).not.toContainText('fixed-window');
  });

  test('during an outage the caption says 503 comes from the store, not from counting', async ({
    lab,
  }) => {
    await lab.open();
    await lab.load(WORKED('shared', { store: { outages: [{ from: 3.5, to: 20 }] } }));
    await lab.advance(10);
    const outage = lab.el('outageCaption');
    await expect(outage).toContainText('2 requests were answered 503');
    await expect(outage).toContainText('fails closed');
    // Whatever explains admissions over the limit never names the 503s.
    for (const o of await lab.el('overCaption').allTextContents())
      expect(o).not.toMatch(/503|unavailable/);
    // Both 503s are on the shared lane; the local lane admitted all five.
    await expect(lab.lane('main').locator('.o-unavailable .num')).toHaveText('2');
  });

  test('naive multi-policy shows the budget it wastes', async ({ page, lab }) => {
    await lab.open();
    const scenario = {
      placement: 'shared',
      multiPolicy: 'naive',
      policies: [
        {
          id: 'key',
          algorithm: 'fixed-window',
          params: { limit: 10, windowSeconds: 60 },
          scope: 'key',
        },
        {
          id: 'tenant',
          algorithm: 'fixed-window',
          params: { limit: 2, windowSeconds: 60 },
          scope: 'tenant',
        },
      ],
      requests: [1, 2, 3, 4, 5].map((at) => ({ at, key: 'client-1', tenant: 'acme' })),
    };
    expect(await lab.loadMessage(scenario)).toBe('ok');
    await lab.advance(10);
    const snap = await page.evaluate(() => window.rateLab!.snapshot());
    expect(snap.denied).toBe(3);
    // The key policy was charged for the 3 requests the tenant policy then denied.
    await expect(lab.el('wastedBudget')).toContainText('Naive charging wasted 3 units of budget');
    await expect(lab.el('wastedBudget')).toContainText('3 of “key”');
  });

  test('the HTTP view’s 429 carries Cache-Control: no-store', async ({ lab }) => {
    await lab.open();
    await lab.load(WORKED('shared'));
    await lab.advance(10);
    await lab.showPanel('Request');
    await lab.selectRequest(4, 'B');
    await expect(lab.http).toContainText('HTTP/1.1 429');
    await expect(lab.http).toContainText('Cache-Control: no-store');
    await expect(lab.http).toContainText('Retry-After:');
  });

  test('window.rateLab runs a Lua scenario on #/editor as on #/lab', async ({ page, editor }) => {
    await editor.open();
    await page.waitForFunction(() => window.rateLab?.version === 1);
    await page.evaluate((s) => window.rateLab!.load(s), luaScenario);
    await page.evaluate(() => window.rateLab!.advance(5));
    const snap = await page.evaluate(() => window.rateLab!.snapshot());
    expect([snap.allowed, snap.denied]).toEqual([4, 1]);
    expect(snap.unavailable).toBe(0);
    expect(snap.decisions.map((d) => d.outcome)).toEqual([
      'allowed',
      'allowed',
      'allowed',
      'denied',
      'allowed',
    ]);
  });

  test('the editor offers a leaky-bucket and a concurrency template', async ({ page, editor }) => {
    await editor.open();
    const options = await page.locator('select option').allTextContents();
    expect(options.join('\n')).toMatch(/leaky/i);
    expect(options.join('\n')).toMatch(/concurrency/i);
  });

  test('the token bucket’s refill rate is drawn whole, inside its box', async ({ lab }) => {
    await lab.open();
    await lab.load({
      algorithm: 'token-bucket',
      params: { capacity: 3, refillPerSecond: 0.05 },
      placement: 'shared',
      requests: [{ at: 1, key: 'client-1' }],
    });
    await lab.advance(3);
    const store = lab.el('sharedStore').first();
    await expect(store).toContainText('+0.05/s');
    // The text's box stays inside the store's box.
    const [box, texts] = await store.evaluate((g) => {
      const r = g.querySelector('rect.store-box')!.getBoundingClientRect();
      const t = [...g.querySelectorAll('text')].map((x) => x.getBoundingClientRect());
      return [{ l: r.left, r: r.right }, t.map((x) => ({ l: x.left, r: x.right }))] as const;
    });
    for (const t of texts) {
      expect(t.l).toBeGreaterThanOrEqual(box.l - 0.5);
      expect(t.r).toBeLessThanOrEqual(box.r + 0.5);
    }
  });

  test('a long lane title keeps the lane’s counters on one line beside or under it', async ({
    page,
    lab,
  }) => {
    await lab.open();
    // "One shared counter, read then write" beside "Counter in each server", with 503s and
    // bypasses so that every counter is there.
    await lab.load(
      WORKED('shared-nonatomic', {
        store: { latencySeconds: 0.8, outages: [{ from: 4.5, to: 20 }] },
      }),
    );
    await lab.advance(10);
    await expect(
      page.getByRole('heading', { name: 'One shared counter, read then write' }),
    ).toBeVisible();
    for (const head of await page.locator('.lane-head').all()) {
      const g = await head.evaluate((h) => {
        const lane = h.closest('.lane')!.getBoundingClientRect();
        const title = h.querySelector('h2')!.getBoundingClientRect();
        const counts = [...h.querySelectorAll('.lane-counts > .count')].map((e) =>
          e.getBoundingClientRect(),
        );
        return {
          wide: lane.width > 520,
          laneRight: lane.right,
          titleBottom: title.bottom,
          tops: counts.map((r) => Math.round(r.top)),
          rights: counts.map((r) => r.right),
        };
      });
      if (g.wide) {
        // Side by side: the title wraps in its column, the counters keep one line.
        expect(new Set(g.tops).size, 'counters on one row').toBe(1);
      } else {
        // A narrow lane (a phone) stacks the counters under the whole title, by design.
        for (const t of g.tops) expect(t).toBeGreaterThanOrEqual(Math.floor(g.titleBottom));
      }
      for (const r of g.rights) expect(r).toBeLessThanOrEqual(g.laneRight);
    }
  });

  test('a syntax error is listed once, also after running', async ({ editor }) => {
    await editor.open();
    await editor.setScript('local a = 1\nlocal b = = 2\nreturn a');
    await expect(editor.el('problemError').first()).toContainText('line 2');
    await editor.el('run').click();
    // The run has answered: every request failed on the compile error, and nothing runs on.
    await expect(editor.el('runSummary')).toContainText('does not compile', { timeout: 20_000 });
    await expect(editor.el('run')).not.toContainText('Running');
    await expect(editor.el('problemError')).toHaveCount(1);
  });

  test('the runaway message says its reason once', async ({ editor }) => {
    await editor.open();
    await editor.setScript('while true do end');
    await editor.el('run').click();
    const err = editor.el('problemError').first();
    await expect(err).toContainText('Runaway script stopped', { timeout: 20_000 });
    const text = (await err.textContent()) ?? '';
    expect(text.match(/Runaway script stopped/g)).toHaveLength(1);
    // No sentence is said twice.
    const sentences = text
      .split(/[.:;]\s+/)
      .map((x) => x.trim().toLowerCase())
      .filter((x) => x.length > 12);
    expect(new Set(sentences).size).toBe(sentences.length);
    await expect(editor.el('problemError')).toHaveCount(1);
  });

  test('from #/editor, a #/lab?scenario= link opens that scenario', async ({
    page,
    lab,
    editor,
  }) => {
    await editor.open();
    const tb = {
      algorithm: 'token-bucket',
      params: { capacity: 2, refillPerSecond: 0.1 },
      placement: 'shared',
      requests: [1, 2, 3, 4].map((at) => ({ at, key: 'client-1' })),
    };
    await page.evaluate((h) => (location.hash = h), link(tb, 10));
    await expect(lab.el('labPage')).toBeVisible();
    await expect(lab.allowedCount.first()).toHaveText('2');
    await expect(lab.deniedCount.first()).toHaveText('2');
    await lab.showPanel('Controls');
    await expect(lab.el('algorithm')).toHaveValue('token-bucket');
    const snap = await lab.snapshot();
    expect(snap.decisions).toHaveLength(4);
  });
});
