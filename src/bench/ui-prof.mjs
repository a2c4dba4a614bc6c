import { chromium } from '@playwright/test';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
await page.goto('http://127.0.0.1:4179/#/lab');
await page.waitForFunction(() => window.rateLab?.version === 1);
await page.evaluate(async () => {
  await window.rateLab.load({
    algorithm: 'token-bucket',
    params: { capacity: 50, refillPerSecond: 60 },
    placement: 'shared',
    servers: 4,
    store: { latencySeconds: 0.05 },
    traffic: [{ pattern: 'steady', ratePerSecond: 100, from: 0, to: 40, key: 'client-1' }],
  });
  await window.rateLab.advance(5);
});
const cdp = await page.context().newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.start');
await page.evaluate(() => window.rateLab.play(10));
await page.waitForTimeout(2500);
const { profile } = await cdp.send('Profiler.stop');
const self = new Map();
const dt = profile.timeDeltas;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
profile.samples.forEach((id, k) => {
  const n = byId.get(id);
  const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
  self.set(key, (self.get(key) || 0) + (dt[k] || 0));
});
console.log(
  [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 25)
    .map(([k, v]) => `${(v / 1000).toFixed(0)}ms ${k}`)
    .join('\n'),
);
await browser.close();
