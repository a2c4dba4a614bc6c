import { CHROMIUM_ARGS } from '../../scripts/chromium.mjs';
// npm run bench:practice — how long a practice grade takes in the browser, as a learner sees it:
// click "Grade" to the verdict on screen, against the production build (the npm script runs
// `vite build` first). Each round opens a problem on a fresh page, waits as a learner reading
// it would (BENCH_READ_MS, 1.5 s), loads the worked answer and grades it GRADES times. Prints
// every problem's first grade and its warm grades, and the median over all grades.
//
// Env: CHROMIUM_PATH, BENCH_PORT, BENCH_OUTDIR (serve another build directory), BENCH_ROUNDS,
// BENCH_READ_MS, BENCH_GRADES.
import { spawn } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { chromium } from '@playwright/test';

const PORT = Number(process.env.BENCH_PORT ?? 4179);
const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const READ_MS = Number(process.env.BENCH_READ_MS ?? 1500);
const GRADES = Number(process.env.BENCH_GRADES ?? 4);
/** A Lua problem with property cases, both race problems, a configure and a production form. */
const PROBLEMS = [
  'write-gcra',
  'fix-incr-then-expire',
  'fix-get-then-set',
  'configure-per-server-share',
  'signals-alert',
];

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** One click on Grade, to the verdict on screen (measured in the page, not over the wire). */
const gradeOnce = (page) =>
  page.evaluate(
    () =>
      new Promise((resolve) => {
        const button = document.querySelector('[data-testid=grade]');
        const t0 = performance.now();
        button.click();
        const check = () => {
          const b = document.querySelector('[data-testid=grade]');
          const done = document.querySelector('[data-testid=grade-result]') && !b?.disabled;
          if (done) resolve(performance.now() - t0);
          else setTimeout(check, 2);
        };
        setTimeout(check, 0);
      }),
  );

async function round(browser, slug) {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${PORT}/#/practice/${slug}`);
  await page.getByTestId('grade').waitFor();
  await page.waitForTimeout(READ_MS);
  await page.getByTestId('give-up').click();
  await page.getByTestId('confirm-give-up').click();
  await page.getByTestId('load-solution').click();
  const times = [];
  for (let i = 0; i < GRADES; i++) times.push(await gradeOnce(page));
  const passed = await page.getByTestId('grade-result').getAttribute('data-passed');
  await page.close();
  return { times: times.map((t) => Math.round(t)), passed: passed === 'true' };
}

const args = ['preview', '--host', '127.0.0.1', '--port', String(PORT), '--strictPort'];
if (process.env.BENCH_OUTDIR) args.push('--outDir', process.env.BENCH_OUTDIR);
const server = spawn(process.execPath, ['node_modules/vite/bin/vite.js', ...args], {
  stdio: ['ignore', 'pipe', 'pipe'],
});
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
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  const all = [];
  const firsts = [];
  for (const slug of PROBLEMS) {
    for (let k = 0; k < ROUNDS; k++) {
      const r = await round(browser, slug);
      all.push(...r.times);
      firsts.push(r.times[0]);
      console.log(
        JSON.stringify({ problem: slug, round: k + 1, gradeMs: r.times, passed: r.passed }),
      );
    }
  }
  await browser.close();
  const med = median(all);
  console.log(
    `practice grade, click to verdict: median ${med} ms over ${all.length} grades (target: 500 ms); ` +
      `first grade on a page: median ${median(firsts)} ms, worst ${Math.max(...firsts)} ms; ` +
      `slowest grade ${Math.max(...all)} ms (load average ${loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')} on ${cpus().length} cores)`,
  );
  process.exitCode = med <= 500 ? 0 : 1;
} finally {
  server.kill('SIGTERM');
}
