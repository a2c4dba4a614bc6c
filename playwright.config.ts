import { CHROMIUM_ARGS } from './scripts/chromium.mjs';
import { defineConfig, devices } from '@playwright/test';

// The end-to-end suite runs on the system Chromium (CHROMIUM_PATH, set by scripts/e2e.mjs)
// against the production build served by `vite preview`.
// E2E_PORT lets two checkouts run their suites side by side (default 4173, as `npm run preview`).
const port = Number(process.env.E2E_PORT ?? 4173);
const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const launchOptions = {
  executablePath,
  args: CHROMIUM_ARGS,
};

export default defineConfig({
  testDir: 'e2e',
  // A test's limit and an expectation's wait are far from their real time: a busy machine only
  // makes a spec wait longer (under a load of ~30 on 2 cores, a spec of a dozen page loads
  // passed the old 45 s). What a spec waits for is a condition, never a number of ms.
  timeout: 300_000,
  expect: { timeout: 30_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}/`,
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // The build registers a service worker that precaches ~6 MB. Only the offline spec
    // (e2e/offline-pwa.spec.ts) needs it; every other test runs with workers blocked.
    serviceWorkers: 'block',
    launchOptions,
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, launchOptions },
    },
    {
      name: 'mobile',
      use: {
        ...devices['Pixel 7'],
        viewport: { width: 360, height: 780 },
        launchOptions,
      },
      testIgnore: /perf|\.desktop\./,
    },
  ],
  webServer: {
    command: `npx vite preview --host 127.0.0.1 --port ${port} --strictPort`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
