// Finds the Chromium the end-to-end tests run on: CHROMIUM_PATH, then the system Chromium, then
// Playwright's own browser. The lab never downloads a browser itself.
import { existsSync } from 'node:fs';

/** Launch flags for the system Chromium on a machine with no network and no GPU. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export const CHROMIUM_HELP = [
  'No Chromium found for the end-to-end tests.',
  'Install one of:',
  '  - Debian/Ubuntu: sudo apt-get install -y chromium   (gives /usr/bin/chromium)',
  '  - any Chromium or Chrome binary, then: export CHROMIUM_PATH=/path/to/chromium',
  "  - Playwright's own build: npx playwright install chromium",
].join('\n');

export async function findChromium() {
  const env = process.env.CHROMIUM_PATH;
  if (env) {
    if (existsSync(env)) return env;
    throw new Error(`CHROMIUM_PATH is set to ${env}, but no file is there.`);
  }
  for (const p of ['/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (existsSync(p)) return p;
  }
  try {
    const { chromium } = await import('@playwright/test');
    const p = chromium.executablePath();
    if (p && existsSync(p)) return p;
  } catch {
    // Playwright's browser is not installed: fall through.
  }
  return null;
}
