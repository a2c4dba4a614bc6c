import { chromium } from '@playwright/test';
const args = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args });
const url = process.argv[2] ?? 'http://127.0.0.1:4179/#/lab';
const tag = process.argv[3] ?? 'lab';
for (const [w, h] of [
  [1440, 900],
  [360, 780],
])
  for (const theme of ['light', 'dark']) {
    const page = await browser.newPage({ viewport: { width: w, height: h }, colorScheme: theme });
    const errs = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errs.push(m.text());
    });
    page.on('pageerror', (e) => errs.push('pageerror ' + e.message));
    await page.goto(url);
    await page.waitForSelector('[data-testid=lab-page]');
    await page.evaluate(async () => {
      window.rateLab.pause();
      await window.rateLab.advance(3.3);
    });
    await page.waitForTimeout(300);
    await page.screenshot({
      path: `/tmp/shots/${tag}-${w}-${theme}.png`,
      fullPage: w === 1440 ? false : false,
    });
    if (w === 1440 && theme === 'light')
      await page.screenshot({ path: `/tmp/shots/${tag}-${w}-${theme}-full.png`, fullPage: true });
    if (errs.length) console.log(w, theme, errs);
    await page.close();
  }
await browser.close();
