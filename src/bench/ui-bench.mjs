// npm run bench:ui — frame times of the lab scene with ~300 requests in flight at 10x, in
// headless Chromium against the production build (run `npx vite build` first). Prints the
// 95th percentile frame time; exits 1 when it is above the 60 fps budget (16.7 ms x 1.25).
import { spawn } from 'node:child_process';
import { chromium } from '@playwright/test';

const PORT = Number(process.env.BENCH_PORT ?? 4178);
const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const SCENARIO = {
  algorithm: 'token-bucket',
  params: { capacity: 50, refillPerSecond: 60 },
  placement: 'shared',
  servers: 4,
  store: { latencySeconds: 0.05 },
  seed: 1,
  traffic: [
    { pattern: 'steady', ratePerSecond: 100, from: 0, to: 40, key: 'client-1' },
    { pattern: 'poisson', ratePerSecond: 10, from: 0, to: 40, key: 'client-2' },
  ],
};

const server = spawn(
  process.execPath,
  [
    'node_modules/vite/bin/vite.js',
    'preview',
    '--host',
    '127.0.0.1',
    '--port',
    String(PORT),
    '--strictPort',
  ],
  {
    stdio: ['ignore', 'pipe', 'pipe'],
  },
);
const stop = () => server.kill('SIGTERM');
try {
  await new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('vite preview did not start')), 30_000);
    server.stdout.on('data', (d) => {
      if (String(d).includes(String(PORT))) {
        clearTimeout(t);
        resolve();
      }
    });
    server.on('exit', (c) => reject(new Error(`vite preview exited (${c})`)));
  });
  const browser = await chromium.launch({
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(`http://127.0.0.1:${PORT}/#/lab`);
  await page.waitForFunction(() => window.rateLab?.version === 1);
  await page.evaluate(async (s) => {
    await window.rateLab.load(s);
    await window.rateLab.advance(5);
  }, SCENARIO);
  await page.waitForTimeout(500);
  const result = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const times = [];
        let last = 0;
        let inFlight = 0;
        const start = performance.now();
        window.rateLab.play(10);
        const frame = (ts) => {
          if (last) times.push(ts - last);
          last = ts;
          inFlight = Math.max(
            inFlight,
            [...document.querySelectorAll('canvas.dots')].reduce(
              (a, c) => a + Number(c.dataset.inflight || 0),
              0,
            ),
          );
          if (ts - start < 3000) requestAnimationFrame(frame);
          else {
            window.rateLab.pause();
            resolve({ times, inFlight });
          }
        };
        requestAnimationFrame(frame);
      }),
  );
  await browser.close();
  const sorted = [...result.times].sort((a, b) => a - b);
  const q = (p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
  const p95 = q(0.95);
  console.log(
    JSON.stringify({
      frames: sorted.length,
      p50Ms: +q(0.5).toFixed(2),
      p95Ms: +p95.toFixed(2),
      maxMs: +sorted[sorted.length - 1].toFixed(2),
      maxDotsInFlight: result.inFlight,
      speed: 10,
    }),
  );
  console.log(
    `p95 frame time: ${p95.toFixed(2)} ms (${p95 <= 16.7 * 1.25 ? 'within' : 'OVER'} the 60 fps budget)`,
  );
  process.exitCode = p95 <= 16.7 * 1.25 ? 0 : 1;
} finally {
  stop();
}
