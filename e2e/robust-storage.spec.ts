// Issue 22, "nothing lost": two tabs of the lab writing the same storage, and a storage quota
// the test fills itself. Every failed write is said on screen with a download of what was not
// kept; nothing newer is overwritten by an older copy.
import { readFileSync } from 'node:fs';
import LZString from 'lz-string';
import type { Locator, Page } from '@playwright/test';
import { expect, gotoRoute, Monaco, test } from './pages';

const PROGRESS_KEY = 'rate-lab:progress:v1';

/** Replace the script in this page's Monaco editor (waits for it: Monaco loads lazily). */
async function setScript(page: Page, text: string) {
  const monaco = new Monaco(page);
  await monaco.ready();
  await monaco.setScript(text);
}

const editorText = (page: Page) => new Monaco(page).lines;

/** Fill this origin's localStorage until the browser throws QuotaExceededError. */
async function fillStorage(page: Page): Promise<string> {
  return page.evaluate(() => {
    let i = 0;
    let error = '';
    for (let size = 1 << 20; size >= 1; size >>= 1) {
      const chunk = 'x'.repeat(size);
      for (;;) {
        try {
          localStorage.setItem(`test-fill-${i++}`, chunk);
        } catch (e) {
          error = e instanceof DOMException ? e.name : String(e);
          break;
        }
      }
    }
    return error;
  });
}

async function downloaded(page: Page, link: Locator, path: string) {
  const d = page.waitForEvent('download');
  await link.click();
  await (await d).saveAs(path);
  return readFileSync(path, 'utf8');
}

test("a stale tab's saves never overwrite the other tab's practice code or editor draft", async ({
  page,
  context,
  editor,
  practice,
}) => {
  // Two tabs open on the same problem before either saved anything.
  await practice.open('#/practice/fix-get-then-set');
  const stale = await context.newPage();
  await gotoRoute(stale, '#/practice/fix-get-then-set');
  await setScript(page, '-- tab A fixed it\nreturn 1');
  await expect
    .poll(() => page.evaluate((k) => localStorage.getItem(k) ?? '', PROGRESS_KEY))
    .toContain('tab A fixed it');
  // The stale tab saves its own work on another problem.
  await gotoRoute(stale, '#/practice/write-gcra');
  await setScript(stale, '-- tab B wrote this\nreturn 0');
  await expect
    .poll(() => stale.evaluate((k) => localStorage.getItem(k) ?? '', PROGRESS_KEY))
    .toContain('tab B wrote this');
  const saved = await page.evaluate(
    (k) => (JSON.parse(localStorage.getItem(k)!) as { saved: Record<string, string> }).saved,
    PROGRESS_KEY,
  );
  expect(saved['fix-get-then-set']).toContain('tab A fixed it');
  expect(saved['write-gcra']).toContain('tab B wrote this');

  // The editor: both tabs open, A edits, the stale tab closes (its page-hide save).
  await gotoRoute(page, '#/editor');
  await gotoRoute(stale, '#/editor');
  await new Monaco(stale).ready();
  await setScript(page, '-- tab A draft\nreturn 1');
  await expect(editor.el('saved')).toHaveText('Saved in this browser');
  await stale.close({ runBeforeUnload: true });
  await page.reload();
  await expect(editorText(page)).toContainText('tab A draft', { timeout: 30_000 });
});

test('storage full: autosave and a 6 MB import say so and offer a download', async ({
  page,
  editor,
  lessons,
  practice,
  shell,
}, info) => {
  // An import bigger than the browser's quota (no filling needed).
  await practice.open('#/practice');
  const big = {
    app: 'rate-limit-lab',
    kind: 'progress',
    version: 1,
    lessonsRead: { 'two-servers-one-budget': '2026-01-01T00:00:00.000Z' },
    saved: { 'write-gcra': `-- big\n${'-- padding\n'.repeat(600_000)}` },
  };
  await lessons.el('progressFile').setInputFiles({
    name: 'big.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(big)),
  });
  const notice = lessons.el('progressNotice');
  await expect(notice).toContainText("read but not imported: this browser's storage");
  await expect(notice).not.toContainText('Imported progress');
  const file = await downloaded(page, shell.keptDownload(notice), info.outputPath('progress.json'));
  expect(JSON.parse(file).saved['write-gcra']).toBe(big.saved['write-gcra']);

  // Autosave in the editor with the quota filled by the test.
  await gotoRoute(page, '#/editor');
  await new Monaco(page).ready();
  expect(await fillStorage(page)).toBe('QuotaExceededError');
  await setScript(page, '-- kept only on the page\nreturn 1');
  const saved = editor.el('saved');
  await expect(saved).toContainText("Not saved: this browser's storage for the lab is full");
  await expect(saved).not.toContainText('Saved in this browser');
  const lua = await downloaded(page, shell.keptDownload(saved), info.outputPath('a.lua'));
  expect(lua).toBe('-- kept only on the page\nreturn 1');
});

test('a shared script with storage full asks first, and Undo really brings the script back', async ({
  page,
  editor,
}) => {
  await gotoRoute(page, '#/editor');
  await setScript(page, '-- my own script\nreturn 1');
  await expect(editor.el('saved')).toHaveText('Saved in this browser');
  expect(await fillStorage(page)).toBe('QuotaExceededError');
  const shared = LZString.compressToEncodedURIComponent(
    JSON.stringify({ v: 1, template: 'token-bucket', source: '-- shared\nreturn 0' }),
  );
  await page.evaluate((h) => (location.hash = h), `#/editor?s=${shared}`);
  const notice = editor.el('notice');
  await expect(notice).toContainText('The shared script was not opened');
  await expect(editorText(page)).toContainText('my own script');
  await notice.getByRole('button', { name: 'Open the shared script anyway' }).click();
  await expect(editorText(page)).toContainText('-- shared');
  await expect(notice).toContainText('until this page closes');
  await editor.el('undo').click();
  await expect(editorText(page)).toContainText('my own script');
});

test('a shared link keeps the script for Undo across a reload, even after a second link', async ({
  page,
  editor,
}) => {
  await gotoRoute(page, '#/editor');
  await setScript(page, '-- my own script\nreturn 1');
  await expect(editor.el('saved')).toHaveText('Saved in this browser');
  for (const n of [1, 2]) {
    const link = LZString.compressToEncodedURIComponent(
      JSON.stringify({ v: 1, template: 'token-bucket', source: `-- shared ${n}\nreturn 0` }),
    );
    await page.evaluate((h) => (location.hash = h), `#/editor?s=${link}`);
    await expect(editorText(page)).toContainText(`-- shared ${n}`);
  }
  await expect(editor.el('saved')).toHaveText('Saved in this browser');
  await page.reload();
  await expect(editorText(page)).toContainText('-- shared 2', { timeout: 30_000 });
  await editor.el('undo').click();
  await expect(editorText(page)).toContainText('my own script');
});
