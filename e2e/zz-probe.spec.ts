import LZString from 'lz-string';
import { expect, gotoRoute, test } from './fixtures';
const enc = (v: unknown): string => LZString.compressToEncodedURIComponent(JSON.stringify(v));
for (const n of [10, 10_000, 25_000, 50_000])
  test(`probe ${n}`, async ({ page }) => {
    await gotoRoute(page, '#/lab');
    await expect(page.getByTestId('lab-page')).toBeVisible();
    await page.waitForTimeout(1500);
    await page.evaluate(() => {
      const w = window as unknown as { gaps: number[]; lt: number[] };
      w.gaps = []; w.lt = [];
      new PerformanceObserver((l) => { for (const e of l.getEntries()) w.lt.push(e.duration); }).observe({ type: 'longtask' });
      let last = performance.now();
      const tick = (t: number) => { w.gaps.push(t - last); last = t; requestAnimationFrame(tick); };
      requestAnimationFrame(tick);
    });
    const sc = { algorithm: 'fixed-window', params: { limit: 10, windowSeconds: 1 }, traffic: [{ pattern: 'steady', ratePerSecond: 100, from: 0, to: n / 100 }] };
    await page.evaluate((h) => (location.hash = h), `#/lab?scenario=${enc(sc)}`);
    await page.waitForTimeout(2500);
    await page.getByRole('button', { name: 'Play' }).first().click();
    await page.waitForTimeout(2500);
    const r = await page.evaluate(() => { const w = window as unknown as { gaps: number[]; lt: number[] }; return { g: w.gaps.sort((a, b) => b - a).slice(0, 4).map(Math.round), lt: w.lt.sort((a, b) => b - a).slice(0, 4).map(Math.round) }; });
    console.log(n, JSON.stringify(r), await page.getByTestId('allowed-count').textContent());
  });
