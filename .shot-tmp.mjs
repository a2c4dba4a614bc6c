import { spawn } from 'node:child_process';
import { chromium } from '@playwright/test';
const port = 4197;
const server = spawn('npx', ['vite', 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], { stdio: 'ignore' });
for (let i = 0; i < 80; i++) { try { await fetch(`http://127.0.0.1:${port}/`); break; } catch { await new Promise(r => setTimeout(r, 250)); } }
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const jobs = JSON.parse(process.argv[2]);
try {
  for (const [slug, w, sel, nth, name, theme] of jobs) {
    const page = await browser.newPage({ viewport: { width: w, height: w < 700 ? 780 : 900 }, colorScheme: theme ?? 'light' });
    await page.goto(`http://127.0.0.1:${port}/#/${slug}`);
    await page.waitForTimeout(1500);
    const el = page.locator(sel).nth(nth);
    await el.scrollIntoViewIfNeeded();
    await el.screenshot({ path: `/tmp/lw/shots/${name}.png` });
    await page.close();
  }
} finally { await browser.close(); server.kill(); }
