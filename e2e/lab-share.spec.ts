import { expect, LabScreen, test } from './pages/lab';

test('a copied link reproduces the scenario, seed and time in a new page', async ({
  context,
  lab,
}) => {
  await lab.open();
  await lab.load({
    algorithm: 'sliding-window-counter',
    params: { limit: 4, windowSeconds: 5 },
    placement: 'local',
    seed: 42,
    servers: 3,
    routing: 'random',
    traffic: [{ pattern: 'poisson', ratePerSecond: 3, from: 0, to: 15 }],
  });
  await lab.advance(12.5);
  const before = await lab.snapshot();
  await lab.el('copyLink').click();
  const link = await lab.el('shareLink').inputValue();
  expect(link).toContain('#/lab?scenario=');
  expect(link).toContain('&t=12.5');

  const other = new LabScreen(await context.newPage());
  await other.page.goto(link);
  await expect(other.el('labPage')).toBeVisible();
  await other.page.waitForFunction(() => window.rateLab?.version === 1);
  await expect(other.clock).toHaveText('12.50');
  const after = await other.snapshot();
  expect(after).toEqual(before);
  await expect(other.allowedCount).toHaveText(String(before.allowed));
});
