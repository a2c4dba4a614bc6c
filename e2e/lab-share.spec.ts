import { expect, gotoRoute, test } from './fixtures';

test('a copied link reproduces the scenario, seed and time in a new page', async ({
  page,
  context,
}) => {
  await gotoRoute(page, '#/lab');
  await expect(page.getByTestId('lab-page')).toBeVisible();
  await page.waitForFunction(() => window.rateLab?.version === 1);
  await page.evaluate(async () => {
    await window.rateLab!.load({
      algorithm: 'sliding-window-counter',
      params: { limit: 4, windowSeconds: 5 },
      placement: 'local',
      seed: 42,
      servers: 3,
      routing: 'random',
      traffic: [{ pattern: 'poisson', ratePerSecond: 3, from: 0, to: 15 }],
    });
    await window.rateLab!.advance(12.5);
  });
  const before = await page.evaluate(() => window.rateLab!.snapshot());
  await page.getByTestId('copy-link').click();
  const link = await page.getByTestId('share-link').inputValue();
  expect(link).toContain('#/lab?scenario=');
  expect(link).toContain('&t=12.5');

  const other = await context.newPage();
  await other.goto(link);
  await expect(other.getByTestId('lab-page')).toBeVisible();
  await other.waitForFunction(() => window.rateLab?.version === 1);
  await expect(other.getByTestId('clock-now')).toHaveText('12.50');
  const after = await other.evaluate(() => window.rateLab!.snapshot());
  expect(after).toEqual(before);
  await expect(other.getByTestId('allowed-count')).toHaveText(String(before.allowed));
});
