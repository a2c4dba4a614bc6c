// The built lab installs as a Progressive Web App: after one visit, with the browser offline and
// the file server gone, every route, lesson, problem, the editor (Monaco and its workers) and the
// Lua wasm still work. The build is served from a sub-path, as a static host would, which also
// proves every URL (assets, service worker scope, manifest) is relative.
import LZString from 'lz-string';
import { templateById } from '../src/core/playground/templates';
import { expect, test } from './pages';
import { serveDist, type StaticServer } from './staticServer';

test.use({ serviceWorkers: 'allow' });
test.describe.configure({ mode: 'serial' });

const MOUNT = '/some/sub/path/';
let server: StaticServer;

test.beforeAll(async () => {
  server = await serveDist(MOUNT);
});
test.afterAll(async () => {
  await server?.close();
});

const luaScenario = {
  algorithm: 'lua',
  params: {
    script: templateById('token-bucket')!.source,
    keys: ['rl:{key}'],
    args: ['3', '1', '{cost}'],
  },
  requests: [{ at: 0 }, { at: 0 }, { at: 0 }, { at: 0 }, { at: 1.5 }],
};

/** Hash routes reachable from the app's own links, for every lesson and problem. */
async function linksUnder(
  page: import('@playwright/test').Page,
  prefix: string,
): Promise<string[]> {
  const hrefs = await page
    .locator(`a[href^="${prefix}"]`)
    .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  return [...new Set(hrefs.map((h) => h.replace(/\?.*$/, '')))].filter(
    (h) => h.length > prefix.length,
  );
}

test('after one visit the lab works offline, served from a sub-path', async ({
  page,
  context,
  shell,
  lab,
  lessons,
  practice,
  present,
  editor,
}) => {
  test.setTimeout(240_000);
  await page.goto(`${server.url}#/lab`);
  await shell.main.waitFor();
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
    'href',
    './manifest.webmanifest',
  );
  // The worker is registered under the mount (relative scope) and takes control of this page.
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toBe(server.url);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
    timeout: 60_000,
  });
  await expect(shell.el('offlineReady')).toBeVisible({ timeout: 60_000 });
  const manifest = await page.evaluate(async () => {
    const r = await fetch('./manifest.webmanifest');
    return (await r.json()) as { start_url: string; scope: string; icons: { src: string }[] };
  });
  expect(manifest.start_url).toBe('.');
  expect(manifest.scope).toBe('.');
  for (const i of manifest.icons) expect(i.src).not.toMatch(/^\//);

  // The network goes away: the browser is offline and the file server is stopped.
  await server.close();
  await context.setOffline(true);
  const served = server.requests.length;
  await page.reload();
  await shell.main.waitFor();
  await expect(lab.el('labPage')).toBeVisible({ timeout: 20_000 });

  const visit = async (hash: string) => {
    await shell.go(hash);
    await expect(shell.main.locator('h1').first()).toBeVisible({ timeout: 20_000 });
    await expect(shell.el('notFound')).toHaveCount(0);
    await expect(shell.main.locator('[role="alert"].error')).toHaveCount(0);
  };

  await visit('#/lessons');
  const lessonLinks = await linksUnder(page, '#/lessons/');
  expect(lessonLinks.length).toBeGreaterThan(10);
  for (const l of lessonLinks) {
    await visit(l);
    await expect(lessons.el('lesson')).toBeVisible();
  }
  await visit('#/practice');
  const problems = await linksUnder(page, '#/practice/');
  expect(problems.length).toBeGreaterThan(5);
  for (const p of problems) {
    await visit(p);
    await expect(practice.el('problem')).toBeVisible();
  }
  for (const r of [
    '#/interview',
    '#/interview/practice',
    '#/interview/host',
    '#/interview/candidate',
    '#/races',
    '#/lab',
  ])
    await visit(r);

  // Presenter mode: the deck list, then every deck's projector view, speaker view and handout.
  await visit('#/present');
  const decks = await linksUnder(page, '#/present/deck/');
  expect(decks.length).toBeGreaterThanOrEqual(3);
  for (const d of decks.filter((x) => !/\/(speaker|print)$/.test(x))) {
    await shell.go(d);
    await expect(present.stage).toBeVisible();
    await visit(`${d}/speaker`);
    await visit(`${d}/print`);
    await expect(present.el('printStep').first()).toBeVisible();
  }
  await visit('#/lab');

  // A Lua scenario in the lab: the wasm engine on the page.
  await visit(
    `#/lab?scenario=${LZString.compressToEncodedURIComponent(JSON.stringify(luaScenario))}&t=1.5`,
  );
  await expect(lab.allowedCount.first()).toHaveText('4', { timeout: 30_000 });
  await expect(lab.deniedCount.first()).toHaveText('1');

  // The editor: Monaco, its workers and the Lua wasm in the editor's worker.
  await visit('#/editor');
  await expect(editor.monaco.readyMark).toBeVisible({ timeout: 30_000 });
  await expect(editor.el('runAllowed')).toBeVisible({ timeout: 30_000 });

  expect(server.requests.length, 'requests that reached the stopped server').toBe(served);
});
