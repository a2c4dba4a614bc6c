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
import { labRun } from '../src/core/lab/labRun';
import { parseScenario } from '../src/core/scenario/validate';
import { expect, type LabScreen, LabView, type LessonsScreen, ProductionView, test } from './pages';

const HERE = fileURLToPath(new URL('.', import.meta.url));

const report = (sc: unknown) => {
  const run = labRun(parseScenario(sc), { seekable: false });
  return { p: productionReport(run.engine), s: signals(run.engine), c: run.countsAt(Infinity) };
};

/** The lab with a scenario loaded and its production views shown; they are read from `pv`. */
async function open(lab: LabScreen, scenario: unknown) {
  await lab.open();
  await lab.load(scenario);
  // the panels are a tab on a phone
  await lab.showPanel('Production');
  return new ProductionView(lab.page);
}
const end = (lab: LabScreen) => lab.advance(120);

const FAILOVER = {
  algorithm: 'fixed-window',
  params: { limit: 60, windowSeconds: 10 },
  traffic: [{ pattern: 'steady', ratePerSecond: 10, from: 0, to: 10 }],
  store: { replica: { lagSeconds: 0.5 }, failover: { at: 3.05, downSeconds: 0 } },
};

test('failover: the replica and its lag, the promotion and the writes lost', async ({ lab }) => {
  const { p } = report(FAILOVER);
  expect(p.failover!.writesLost).toBe(5); // the hand-checked case
  const pv = await open(lab, FAILOVER);
  await expect(lab.el('labTitle')).toHaveText('A failover forgets recent counts');
  const main = lab.lane('main');
  await expect(main.getByRole('heading', { level: 2 })).toHaveText(
    'One shared counter, with a failover',
  );
  await lab.advance(2);
  await expect(pv.el('replica')).toHaveAttribute('data-phase', 'replicating');
  await expect(pv.el('inFlight')).toHaveText(/^\d+ in flight$/);
  await end(lab);
  await expect(pv.el('replica')).toHaveAttribute('data-phase', 'promoted');
  await expect(pv.el('writesLost')).toHaveText(String(p.failover!.writesLost));
  await expect(pv.el('storeTitle')).toHaveText('Promoted replica');
  await expect(pv.el('failoverWritesLost')).toHaveText(String(p.failover!.writesLost));
  await expect(pv.el('failoverOverage')).toContainText(String(p.overage![0]!.overage));
  await expect(pv.el('failoverCompare')).toContainText('Token bucket');
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
  lab,
}) => {
  const pv = await open(lab, CLOCKS);
  await expect(lab.el('labTitle')).toHaveText('Whose clock does the limiter read?');
  await expect(pv.clockRow('A')).toContainText('−2 s');
  await expect(pv.clockRow('B')).toContainText('+200 ppm');
  await expect(pv.el('clockSteps')).toContainText('steps back 3 s');
  await expect(pv.el('timeSource')).toContainText(/own clock|app/i);
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

test('shards: per-shard load in the store and the cluster view', async ({ lab }) => {
  const { p } = report(SHARDED);
  const pv = await open(lab, SHARDED);
  await expect(lab.el('labTitle')).toHaveText('A hot key split into shards');
  await expect(lab.lane('main').getByRole('heading', { level: 2 })).toHaveText(
    '4 shards, budget split',
  );
  await end(lab);
  for (const k of p.shards!.keys) {
    await expect(pv.shardRow(k.shard)).toContainText(String(k.requests));
    await expect(pv.shard(k.shard)).toHaveAttribute('data-requests', String(k.requests));
  }
  // hash tags: every shard of the key in one slot, so on one node
  await expect(pv.el('clusterView')).toBeVisible();
  const busy = p.shards!.nodes.find((n) => n.requests > 0)!;
  await expect(pv.clusterNode(busy.node)).toContainText(String(busy.requests));
});

const LEASED = {
  algorithm: 'token-bucket',
  params: { capacity: 20, refillPerSecond: 5 },
  traffic: [{ pattern: 'steady', ratePerSecond: 10, from: 0, to: 10 }],
  placement: 'leased',
  lease: { size: 5, ttlSeconds: 2 },
};

test('leases: store calls saved, tokens held and stranded per server', async ({ lab }) => {
  const { p } = report(LEASED);
  const pv = await open(lab, LEASED);
  await expect(lab.el('labTitle')).toHaveText('Token leases: fewer store calls, stranded tokens');
  await end(lab);
  await expect(pv.el('leaseStoreCalls')).toHaveText(String(p.leases!.storeCalls));
  await expect(pv.el('leaseStranded')).toContainText(String(p.leases!.tokensStranded));
  for (const s of p.leases!.servers)
    await expect(pv.leaseRow(s.server)).toContainText(String(s.leases));
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

test('shadow mode: nothing denied, would-be rejections per tenant', async ({ lab }) => {
  const { p, c } = report(SHADOW);
  expect(c.denied).toBe(0);
  const pv = await open(lab, SHADOW);
  await expect(lab.el('labTitle')).toHaveText('Shadow mode: what would have been denied');
  await end(lab);
  await expect(lab.deniedCount).toHaveText('0');
  await expect(pv.el('shadowWouldDeny')).toContainText(String(p.shadow!.wouldDeny));
  const top = p.shadow!.topTenants[0]!;
  const row = pv.shadowTenant(top.tenant);
  await expect(row).toContainText(String(top.wouldDeny));
});

const SIGNALS = {
  algorithm: 'token-bucket',
  params: { capacity: 10, refillPerSecond: 5 },
  traffic: [{ pattern: 'steady', ratePerSecond: 10, from: 0, to: 10 }],
  failureMode: 'fail-open',
  store: { latencySeconds: 0.002, timeoutSeconds: 0.05, outages: [{ from: 4, to: 6 }] },
};

test('signals: denials and decision errors apart, labels without the key', async ({ lab }) => {
  const { s } = report(SIGNALS);
  const pv = await open(lab, SIGNALS);
  await end(lab);
  await expect(pv.el('sigErrors')).toContainText(String(s.overall.errors));
  await expect(pv.el('sigFailOpen')).toContainText(String(s.overall.failOpen));
  await expect(pv.el('labelNote')).toContainText('never the key');
  await lab.page.getByText('As a /metrics endpoint would serve them').click();
  const text = await pv.el('metricsText').textContent();
  expect(text).toContain('outcome="fail_open"');
  expect(text).not.toMatch(/key=|tenant=/);
});

test('controls: the new options are validated inline with the engine’s message', async ({
  lab,
}) => {
  await open(lab, LEASED);
  await lab.showPanel('Controls');
  const size = lab.page.getByLabel('Lease size');
  await size.fill('0');
  await expect(lab.el('fieldError').first()).toContainText('lease.size');
  await size.fill('4');
  await expect(lab.el('fieldError')).toHaveCount(0);
  const snap = await lab.snapshot();
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
  test(`practice ${slug}: the starter fails, the worked answer passes`, async ({ practice }) => {
    const path = resolve(HERE, `../lessons/practice/${slug}.md`);
    const doc = parseDoc(`lessons/practice/${slug}.md`, readFileSync(path, 'utf8'));
    await practice.open(`#/practice/${slug}`);
    await practice.grade();
    await practice.graded(false, 20_000);
    const params = (answerSubmission(doc)!.params ?? {}) as Record<string, unknown>;
    await practice.fill({ params });
    await practice.grade();
    await practice.graded(true, 20_000);
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

async function widget(lessons: LessonsScreen, slug: string, title: string) {
  await lessons.open(`#/lessons/${slug}`);
  const box = lessons.widgets.filter({ hasText: title });
  await box.scrollIntoViewIfNeeded();
  const w = new LabView(box);
  await expect(w.lane('main')).toBeVisible();
  // A widget whose caption states an outcome asks for a prediction first
  // (e2e/predict-first.spec.ts): these tests read the caption, so they skip the question.
  await w.skipPredict({ ifAsked: true });
  return { w, pv: new ProductionView(box), scene: new ProductionView(w.lane('main')) };
}

test('lesson widget: a failover in limiter-failure', async ({ lessons }) => {
  const title = 'A replica one second behind, then a failover';
  const { p } = report(lessonLab('limiter-failure', title));
  const { pv, scene } = await widget(lessons, 'limiter-failure', title);
  await expect(scene.el('replica')).toBeVisible();
  await expect(pv.el('captionFailover')).toContainText(
    `without the last ${p.failover!.writesLost} writes`,
  );
});

test('lesson widget: the signals of an outage in limiter-failure', async ({ page, lessons }) => {
  const title = 'The signals of an outage under fail-open';
  const { s } = report(lessonLab('limiter-failure', title));
  expect(s.overall.errors).toBeGreaterThan(0);
  const { w, pv } = await widget(lessons, 'limiter-failure', title);
  // The signals follow the clock (issue 21, audit 5): at the end of the run they are the run's.
  await w.el('scrubber').focus();
  await page.keyboard.press('End');
  await expect(pv.el('captionSignals')).toContainText(`${s.overall.errors} decision errors`);
});

test('lesson widget: skewed clocks in time-and-clocks', async ({ lessons }) => {
  const { pv, scene } = await widget(
    lessons,
    'time-and-clocks',
    'Two skewed servers sharing one bucket',
  );
  await expect(pv.el('captionClocks')).toContainText("each server's own clock");
  await expect(scene.serverClock('A')).toContainText('+1.5');
});

test('lesson widget: shards of a global cap in multiple-policies', async ({ lessons }) => {
  const title = 'A global cap of 20 per 10 s over four shard keys';
  const { p } = report(lessonLab('multiple-policies', title));
  const { pv, scene } = await widget(lessons, 'multiple-policies', title);
  await expect(scene.el('shardBars')).toBeVisible();
  await expect(pv.el('captionShards')).toContainText(`${p.shards!.count} shard keys`);
});

test('lesson widget: token leases in where-the-decision-lives', async ({ lessons }) => {
  const title = 'Leases of four tokens from one shared bucket';
  const { p } = report(lessonLab('where-the-decision-lives', title));
  const { pv } = await widget(lessons, 'where-the-decision-lives', title);
  await expect(pv.el('captionLeases')).toContainText(
    `${p.leases!.storeCalls} store calls for ${p.leases!.requests} requests`,
  );
});

test('lesson widget: shadow mode in rolling-out', async ({ lessons }) => {
  const title = 'A per-tenant limit in shadow, then enforced';
  const { p } = report(lessonLab('rolling-out', title));
  const { pv } = await widget(lessons, 'rolling-out', title);
  await expect(pv.el('captionShadow')).toContainText(
    `${p.shadow!.wouldDeny} of ${p.shadow!.requests} requests would have been denied`,
  );
});
