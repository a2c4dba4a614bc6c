import { expect, test, WORKED } from './pages/lab';

// The caption's double-spend line, the request path's order, the multi-policy 429, and the
// narrow scene. Deterministic: the clock is paused and moved with window.rateLab.advance.

test('"Break it: add latency" explains the double spend with the engine\'s number', async ({
  lab,
}) => {
  await lab.open();
  await lab.pause();
  await lab.el('breakIt').click();
  await lab.pause();
  await lab.advance(30);
  await expect(lab.caption).toContainText('read then write admitted 5');
  await expect(lab.el('doubleSpent')).toContainText(/\d+ admissions? (was|were) double-spent/);
  await expect(lab.el('doubleSpent')).toContainText(
    'two servers read the same count before either wrote',
  );
});

test('the request path is in time order: decided at the store, then the reply', async ({ lab }) => {
  await lab.open();
  await lab.load(WORKED('shared', { store: { latencySeconds: 0.2 } }));
  await lab.advance(10);
  await lab.selectRequest(1, 'A');
  await lab.showPanel('Request');
  const steps = await lab.el('requestPath').locator('li').allTextContents();
  const decided = steps.findIndex((s) => s.startsWith('decided by the shared store'));
  const reply = steps.findIndex((s) => s.includes('arrives back at server A'));
  expect(decided).toBeGreaterThan(0);
  expect(reply).toBeGreaterThan(decided);
  expect(steps.at(-1)).toContain('answers client-1');
});

test('with several policies the 429 names the policy that denied it', async ({ lab }) => {
  await lab.open();
  await lab.load({
    placement: 'shared',
    policies: [
      { id: 'per-minute', algorithm: 'fixed-window', params: { limit: 3, windowSeconds: 60 } },
      { id: 'per-hour', algorithm: 'fixed-window', params: { limit: 100, windowSeconds: 3600 } },
    ],
    requests: WORKED('shared').requests,
  });
  await lab.advance(10);
  await lab.selectRequest(4, 'B');
  await lab.showPanel('Request');
  const http = lab.http;
  await expect(http).toContainText('HTTP/1.1 429 Too Many Requests');
  // The engine records each policy's own verdict: only "per-minute" (3 a minute) denied.
  await expect(http).toContainText('"policy": "per-minute"');
  await expect(http).toContainText('(fixed-window) is exhausted for');
  await expect(lab.el('policyVerdicts')).toHaveText(
    'Each policy\'s own verdict: "per-minute" denies, "per-hour" admits.',
  );
});

test('scene text stays legible on a phone (at least 11 px on screen)', async ({ lab }) => {
  await lab.open();
  await lab.pause();
  const smallest = await lab.lane('main').evaluate((lane) => {
    let min = Infinity;
    for (const t of lane.querySelectorAll('svg.scene text')) {
      const r = (t as SVGTextElement).getBoundingClientRect();
      if (r.height > 0) min = Math.min(min, r.height);
    }
    return min;
  });
  // The text's box height is about 1.15 x its rendered font size.
  expect(smallest).toBeGreaterThanOrEqual(11 * 1.1);
});
