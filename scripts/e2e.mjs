#!/usr/bin/env node
// Runs the Playwright suite against the production build, on the Chromium found by chromium.mjs.
import { spawnSync } from 'node:child_process';
import { CHROMIUM_HELP, findChromium } from './chromium.mjs';

const path = await findChromium().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
if (!path) {
  console.error(CHROMIUM_HELP);
  if (process.env.REQUIRE_BROWSER === '1') {
    console.error('REQUIRE_BROWSER=1: a missing browser is a failure.');
    process.exit(1);
  }
  console.error('Skipping the end-to-end tests (set REQUIRE_BROWSER=1 to make this a failure).');
  process.exit(0);
}
const args = process.argv.slice(2);
const r = spawnSync('npx', ['playwright', 'test', ...args], {
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: path },
});
process.exit(r.status ?? 1);
