#!/usr/bin/env node
// Screenshots every route at phone and desktop widths, light and dark, for review and the README.
// Usage: npm run build && node scripts/screenshots.mjs [outDir] (serves dist/ with vite preview).
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './chromium.mjs';

const out = process.argv[2] ?? '/tmp/shots';
mkdirSync(out, { recursive: true });
const routes = (
  process.env.ROUTES ?? 'lab,editor,lessons,lessons/two-servers-one-budget,practice,interview,nope'
).split(',');
const widths = (process.env.WIDTHS ?? '360,1440').split(',').map(Number);
const themes = (process.env.THEMES ?? 'light').split(',');

const server = spawn(
  'npx',
  ['vite', 'preview', '--host', '127.0.0.1', '--port', '4179', '--strictPort'],
  {
    stdio: 'ignore',
  },
);
try {
  for (let i = 0; i < 50; i++) {
    try {
      await fetch('http://127.0.0.1:4179/');
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  const browser = await chromium.launch({
    executablePath: (await findChromium()) ?? undefined,
    args: CHROMIUM_ARGS,
  });
  for (const theme of themes) {
    for (const w of widths) {
      const page = await browser.newPage({
        viewport: { width: w, height: w < 700 ? 780 : 900 },
        colorScheme: theme,
      });
      for (const r of routes) {
        await page.goto(`http://127.0.0.1:4179/#/${r}`);
        await page.waitForTimeout(Number(process.env.WAIT ?? 1500));
        const file = `${out}/${r.replaceAll('/', '_')}-${w}-${theme}.png`;
        await page.screenshot({ path: file, fullPage: process.env.FULL === '1' });
        console.log(file);
      }
      await page.close();
    }
  }
  await browser.close();
} finally {
  server.kill();
}
