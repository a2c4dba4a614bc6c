// The production views of the lab (issue 15): each renders from a scenario with its feature and
// shows the engine's own numbers (computed here with the same engine, headless); each lesson
// widget with a production feature renders; each production practice problem grades.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDoc } from '../src/core/content/parseDoc';
import { answerSubmission } from '../src/core/grading/submission';
import { productionReport } from '../src/core/production/report';
import { signals } from '../src/core/production/signals';
import { runScenario } from '../src/core/lab/labRun';
import { parseScenario } from '../src/core/scenario/validate';
import type { Page } from '@playwright/test';
import { expect, gotoRoute, test } from './fixtures';

const HERE = fileURLToPath(new URL('.', import.meta.url));

const report = (sc: unknown) => {
  const run = runScenario(parseScenario(sc), { seekable: false });
  return { p: productionReport(run.engine), s: signals(run.engine), c: run.countsAt(Infinity) };
};

async function lab(page: Page, scenario: unknown) {
  await gotoRoute(page, '#/lab');
  await expect(page.getByTestId('lab-page')).toBeVisible();
  await page.waitForFunction(() => window.rateLab?.version === 1);
  await page.evaluate((s) => window.rateLab!.load(s), scenario);
  // the panels are a tab on a phone
  const tab = page.getByRole('tab', { name: 'Production' });
  if (await tab.isVisible()) await tab.click();
}
const end = (page: Page) => page.evaluate(() => window.rateLab!.advance(120));

const FAILOVER = {
  algorithm: 'fixed-window',
  params: { limit: 60, windowSeconds: 10 },
  traffic: [{ pattern: 'steady', ratePerSecond: 10, from: 0, to: 10 }],
  store: { replica: { lagSeconds: 0.5 }, failover: { at: 3.05, downSeconds: 0 } },
};

test('failover: the replica and its lag, the promotion and the writes lost', async ({ page }) => {
  const { p } = report(FAILOVER);
  expect(p.failover!.writesLost).toBe(5); // the hand-checked case
  await lab(page, FAILOVER);
  await expect(page.getByTestId('lab-title')).toHaveText('A failover forgets recent counts');
  const main = page.getByTestId('lane-main');
  await expect(main.getByRole('heading', { level: 2 })).toHaveText(
    'One shared counter, with a failover',
  );
  await page.evaluate(() => window.rateLab!.advance(2));
  await expect(page.getByTestId('replica')).toHaveAttribute('data-phase', 'replicating');
  await expect(page.getByTestId('in-flight')).toHaveText(/^\d+ in flight$/);
  await end(page);
  await expect(page.getByTestId('replica')).toHaveAttribute('data-phase', 'promoted');
  await expect(page.getByTestId('writes-lost')).toHaveText(String(p.failover!.writesLost));
  await expect(page.getByTestId('store-title')).toHaveText('Promoted replica');
  await expect(page.getByTestId('failover-writes-lost')).toHaveText(String(p.failover!.writesLost));
  await expect(page.getByTestId('failover-overage')).toContainText(String(p.overage![0]!.overage));
  await expect(page.getByTestId('failover-compare')).toContainText('Token bucket');
});

const CLOCKS = {
  algorithm: 'token-bucket',
  params: { capacity: 10, refillPerSecond: 2 },
  traffic: [{ pattern: 'steady', ratePerSecond: 10, from: 0, to: 10 }],
  timeSource: 'app',
  servers: [
    { name: 'A', clockOffsetSeconds: -2 },
    { name: 'B', clockOffsetSeconds: 1.5, clockDriftPpm: 200 },
  ],
  store: { clockSteps: [{ at: 4, bySeconds: -3 }] },
};

test('clocks: each server’s offset and drift, the time source and the store’s step', async ({
  page,
}) => {
  await lab(page, CLOCKS);
  await expect(page.getByTestId('lab-title')).toHaveText('Whose clock does the limiter read?');
  await expect(page.getByTestId('clock-row-A')).toContainText('−2 s');
  await expect(page.getByTestId('clock-row-B')).toContainText('+200 ppm');
  await expect(page.getByTestId('clock-steps')).toContainText('steps back 3 s');
  await expect(page.getByTestId('time-source')).toContainText(/own clock|app/i);
});

const SHARDED = {
  algorithm: 'fixed-window',
  params: { limit: 30, windowSeconds: 10 },
  traffic: [{ pattern: 'steady', ratePerSecond: 10, from: 0, to: 10 }],
  placement: 'sharded',
  shards: 4,
  shardBudget: 'split',
  store: { cluster: { nodes: 3, hashTags: true } },
};

test('shards: per-shard load in the store and the cluster view', async ({ page }) => {
  const { p } = report(SHARDED);
  await lab(page, SHARDED);
  await expect(page.getByTestId('lab-title')).toHaveText('A hot key split into shards');
  await expect(page.getByTestId('lane-main').getByRole('heading', { level: 2 })).toHaveText(
    '4 shards, budget split',
  );
  await end(page);
  for (const k of p.shards!.keys) {
    await expect(page.getByTestId(`shard-row-${k.shard}`)).toContainText(String(k.requests));
    await expect(page.getByTestId(`shard-${k.shard}`)).toHaveAttribute(
      'data-requests',
      String(k.requests),
    );
  }
  // hash tags: every shard of the key in one slot, so on one node
  await expect(page.getByTestId('cluster-view')).toBeVisible();
  const busy = p.shards!.nodes.find((n) => n.requests > 0)!;
  await expect(page.getByTestId(`cluster-node-${busy.node}`)).toContainText(String(busy.requests));
});

const LEASED = {
  algorithm: 'token-bucket',
  params: { capacity: 20, refillPerSecond: 5 },
  traffic: [{ pattern: 'steady', ratePerSecond: 10, from: 0, to: 10 }],
  placement: 'leased',
  lease: { size: 5, ttlSeconds: 2 },
};

test('leases: store calls saved, tokens held and stranded per server', async ({ page }) => {
  const { p } = report(LEASED);
  await lab(page, LEASED);
  await expect(page.getByTestId('lab-title')).toHaveText(
    'Token leases: fewer store calls, stranded tokens',
  );
  await end(page);
  await expect(page.getByTestId('lease-store-calls')).toHaveText(String(p.leases!.storeCalls));
  await expect(page.getByTestId('lease-stranded')).toContainText(String(p.leases!.tokensStranded));
  for (const s of p.leases!.servers)
    await expect(page.getByTestId(`lease-row-${s.server}`)).toContainText(String(s.leases));
});

const SHADOW = {
  policies: [
    {
      id: 'tenant',
      algorithm: 'fixed-window',
      params: { limit: 60, windowSeconds: 60 },
      scope: 'tenant',
      enforce: false,
    },
  ],
  seed: 3,
  traffic: [
    {
      pattern: 'multi-tenant',
      tenants: 6,
      ratePerSecond: 1,
      noisyTenant: 0,
      noisyFactor: 8,
      from: 0,
      to: 120,
    },
  ],
};

test('shadow mode: nothing denied, would-be rejections per tenant', async ({ page }) => {
  const { p, c } = report(SHADOW);
  expect(c.denied).toBe(0);
  await lab(page, SHADOW);
  await expect(page.getByTestId('lab-title')).toHaveText(
    'Shadow mode: what would have been denied',
  );
  await end(page);
  await expect(page.getByTestId('denied-count')).toHaveText('0');
  await expect(page.getByTestId('shadow-would-deny')).toContainText(String(p.shadow!.wouldDeny));
  const top = p.shadow!.topTenants[0]!;
  const row = page.locator(`[data-testid="shadow-tenant"][data-tenant="${top.tenant}"]`);
  await expect(row).toContainText(String(top.wouldDeny));
});

const SIGNALS = {
  algorithm: 'token-bucket',
  params: { capacity: 10, refillPerSecond: 5 },
  traffic: [{ pattern: 'steady', ratePerSecond: 10, from: 0, to: 10 }],
  failureMode: 'fail-open',
  store: { latencySeconds: 0.002, timeoutSeconds: 0.05, outages: [{ from: 4, to: 6 }] },
};

test('signals: denials and decision errors apart, labels without the key', async ({ page }) => {
  const { s } = report(SIGNALS);
  await lab(page, SIGNALS);
  await end(page);
  await expect(page.getByTestId('sig-errors')).toContainText(String(s.overall.errors));
  await expect(page.getByTestId('sig-fail-open')).toContainText(String(s.overall.failOpen));
  await expect(page.getByTestId('label-note')).toContainText('never the key');
  await page.getByText('As a /metrics endpoint would serve them').click();
  const text = await page.getByTestId('metrics-text').textContent();
  expect(text).toContain('outcome="fail_open"');
  expect(text).not.toMatch(/key=|tenant=/);
});

test('controls: the new options are validated inline with the engine’s message', async ({
  page,
}) => {
  await lab(page, LEASED);
  const ctl = page.getByRole('tab', { name: 'Controls' });
  if (await ctl.isVisible()) await ctl.click();
  const size = page.getByLabel('Lease size');
  await size.fill('0');
  await expect(page.getByTestId('field-error').first()).toContainText('lease.size');
  await size.fill('4');
  await expect(page.getByTestId('field-error')).toHaveCount(0);
  const snap = await page.evaluate(() => window.rateLab!.snapshot());
  expect(snap).toBeTruthy();
});

const PROBLEMS = [
  'failover-replica-lag',
  'lease-size',
  'shard-hot-key',
  'clock-skew-threshold',
  'shadow-enforce-false',
  'signals-alert',
];

for (const slug of PROBLEMS) {
  test(`practice ${slug}: the starter fails, the worked answer passes`, async ({ page }) => {
    const path = resolve(HERE, `../lessons/practice/${slug}.md`);
    const doc = parseDoc(`lessons/practice/${slug}.md`, readFileSync(path, 'utf8'));
    await gotoRoute(page, `#/practice/${slug}`);
    await page.getByTestId('grade').click();
    await expect(page.getByTestId('grade-result')).toHaveAttribute('data-passed', 'false', {
      timeout: 20_000,
    });
    const params = (answerSubmission(doc)!.params ?? {}) as Record<string, unknown>;
    for (const [k, v] of Object.entries(params)) {
      const input = page.locator(`[data-field="params.${k}"]`);
      if (await input.count()) await input.fill(String(v));
      else {
        const group = page.locator(`[data-choice="params.${k}"]`);
        if ((await group.evaluate((el) => el.tagName)) === 'SELECT')
          await group.selectOption(String(v));
        else await group.getByRole('radio', { name: String(v), exact: true }).check();
      }
    }
    await page.getByTestId('grade').click();
    await expect(page.getByTestId('grade-result')).toHaveAttribute('data-passed', 'true', {
      timeout: 20_000,
    });
  });
}

/** A lesson's lab block by its title, as the engine scenario (widget options stripped). */
function lessonLab(slug: string, title: string): Record<string, unknown> {
  const doc = parseDoc(
    `lessons/${slug}.md`,
    readFileSync(resolve(HERE, `../lessons/${slug}.md`), 'utf8'),
  );
  for (const b of doc.blocks)
    if (b.kind === 'directive' && b.name === 'lab') {
      const j = b.json as Record<string, unknown>;
      if (j.title !== title) continue;
      const { title: _t, caption: _c, compare: _o, lanes: _l, ...sc } = j;
      return sc;
    }
  throw new Error(`no lab "${title}" in ${slug}`);
}

async function widget(page: Page, slug: string, title: string) {
  await gotoRoute(page, `#/lessons/${slug}`);
  const w = page.getByTestId('lab-widget').filter({ hasText: title });
  await w.scrollIntoViewIfNeeded();
  await expect(w.getByTestId('lane-main')).toBeVisible();
  // A widget whose caption states an outcome asks for a prediction first
  // (e2e/predict-first.spec.ts): these tests read the caption, so they skip the question.
  const ask = w.getByRole('group', { name: /^Predict/ });
  if ((await ask.count()) > 0) await ask.getByRole('button', { name: 'Just show me' }).click();
  return w;
}

test('lesson widget: a failover in limiter-failure', async ({ page }) => {
  const title = 'A replica one second behind, then a failover';
  const { p } = report(lessonLab('limiter-failure', title));
  const w = await widget(page, 'limiter-failure', title);
  await expect(w.getByTestId('lane-main').getByTestId('replica')).toBeVisible();
  await expect(w.getByTestId('caption-failover')).toContainText(
    `without the last ${p.failover!.writesLost} writes`,
  );
});

test('lesson widget: the signals of an outage in limiter-failure', async ({ page }) => {
  const title = 'The signals of an outage under fail-open';
  const { s } = report(lessonLab('limiter-failure', title));
  expect(s.overall.errors).toBeGreaterThan(0);
  const w = await widget(page, 'limiter-failure', title);
  // The signals follow the clock (issue 21, audit 5): at the end of the run they are the run's.
  await w.getByTestId('scrubber').focus();
  await page.keyboard.press('End');
  await expect(w.getByTestId('caption-signals')).toContainText(
    `${s.overall.errors} decision errors`,
  );
});

test('lesson widget: skewed clocks in time-and-clocks', async ({ page }) => {
  const w = await widget(page, 'time-and-clocks', 'Two skewed servers sharing one bucket');
  await expect(w.getByTestId('caption-clocks')).toContainText("each server's own clock");
  await expect(w.getByTestId('lane-main').getByTestId('server-clock-A')).toContainText('+1.5');
});

test('lesson widget: shards of a global cap in multiple-policies', async ({ page }) => {
  const title = 'A global cap of 20 per 10 s over four shard keys';
  const { p } = report(lessonLab('multiple-policies', title));
  const w = await widget(page, 'multiple-policies', title);
  await expect(w.getByTestId('lane-main').getByTestId('shard-bars')).toBeVisible();
  await expect(w.getByTestId('caption-shards')).toContainText(`${p.shards!.count} shard keys`);
});

test('lesson widget: token leases in where-the-decision-lives', async ({ page }) => {
  const title = 'Leases of four tokens from one shared bucket';
  const { p } = report(lessonLab('where-the-decision-lives', title));
  const w = await widget(page, 'where-the-decision-lives', title);
  await expect(w.getByTestId('caption-leases')).toContainText(
    `${p.leases!.storeCalls} store calls for ${p.leases!.requests} requests`,
  );
});

test('lesson widget: shadow mode in rolling-out', async ({ page }) => {
  const title = 'A per-tenant limit in shadow, then enforced';
  const { p } = report(lessonLab('rolling-out', title));
  const w = await widget(page, 'rolling-out', title);
  await expect(w.getByTestId('caption-shadow')).toContainText(
    `${p.shadow!.wouldDeny} of ${p.shadow!.requests} requests would have been denied`,
  );
});
