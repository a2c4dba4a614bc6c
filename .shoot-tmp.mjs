import { chromium } from '@playwright/test';
const base = process.env.BASE ?? 'http://127.0.0.1:4317/';
const hash = process.argv[2] ?? '#/editor';
const tag = process.argv[3] ?? 'editor';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const [w, h] of [[1440, 900], [360, 780]]) {
  for (const theme of ['light', 'dark']) {
    const ctx = await browser.newContext({ viewport: { width: w, height: h }, colorScheme: theme });
    const page = await ctx.newPage();
    const errs = [];
    page.on('console', (m) => m.type() === 'error' && errs.push(m.text()));
    page.on('pageerror', (e) => errs.push(e.message));
    await page.goto(base + hash);
    await page.waitForSelector('[data-testid="monaco-ready"]', { timeout: 20000 }).catch(() => {});
    await page.waitForSelector('[data-testid="run-allowed"]', { timeout: 20000 }).catch(() => {});
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `/tmp/shots/${tag}-${w}-${theme}.png`, fullPage: true });
    if (errs.length) console.log(w, theme, errs);
    await ctx.close();
  }
}
await browser.close();
