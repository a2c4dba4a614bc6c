// Runs once (the desktop project; its own 360 px touch viewport below): the mobile project
// would only repeat it.
// A 360 px touch phone (issue 13): the lab's sticky time bar stays small and off the legend,
// checkboxes sit on their label's line, no Ctrl+Enter badges on a touch screen, and a failing
// grade keeps its expected/yours columns on screen.
import type { Page } from '@playwright/test';
import { expect, test } from './pages';

test.use({ viewport: { width: 360, height: 780 }, hasTouch: true, isMobile: true });

/** Checkboxes and radios whose label text does not start on the box's own line. */
const offLine = (page: Page) =>
  page.evaluate(() => {
    const out: string[] = [];
    for (const cb of document.querySelectorAll<HTMLInputElement>(
      'input[type=checkbox], input[type=radio]',
    )) {
      const c = cb.getBoundingClientRect();
      if (!c.width) continue;
      const label = cb.closest('label') ?? document.querySelector(`label[for="${cb.id}"]`);
      if (!label) continue;
      const walk = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      for (let n = walk.nextNode(); n; n = walk.nextNode()) {
        if (!n.textContent?.trim()) continue;
        range.selectNodeContents(n);
        const first = range.getClientRects()[0];
        if (first && (first.top >= c.bottom || first.bottom <= c.top))
          out.push(label.textContent!.trim().slice(0, 60));
        break;
      }
    }
    return out;
  });

/** Visible text that names Ctrl or ⌘ (keyboard shortcuts a touch screen has no use for). */
const ctrlText = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter(
        (e) =>
          e.children.length === 0 &&
          e.getBoundingClientRect().width > 0 &&
          /Ctrl|⌘/.test(e.textContent ?? ''),
      )
      .map((e) => e.textContent!.trim()),
  );

test('the lab’s time bar: two short rows, off the legend', async ({ lab }) => {
  await lab.open();
  const bar = lab.timeBar;
  await expect(bar).toBeVisible();
  const box = (await bar.boundingBox())!;
  expect(box.height, 'time bar height').toBeLessThanOrEqual(780 * 0.12);
  // The buttons, clock and speed share the first row; the scrubber has the second.
  const tops = await bar
    .locator('.tb-buttons, .tb-clock, .tb-speed')
    .evaluateAll((els) => els.map((e) => e.getBoundingClientRect()));
  const rowTop = Math.min(...tops.map((r) => r.top));
  for (const r of tops) expect(r.top).toBeLessThan(rowTop + 20);
  // With the legend in the middle of the screen, the bar does not cover it.
  const legend = lab.legend.first();
  await legend.evaluate((e) => e.scrollIntoView({ block: 'center' }));
  const lb = (await legend.boundingBox())!;
  const bb = (await bar.boundingBox())!;
  expect(lb.y + lb.height).toBeLessThanOrEqual(bb.y + 0.5);
});

test('checkboxes and radios sit on their label’s line', async ({ page, lab, editor }) => {
  await lab.open();
  await lab.tab('Controls').click();
  // Open every group (each click closes the list of closed ones by one).
  const closed = lab.closedGroups;
  for (let n = await closed.count(); n > 0; n--) await closed.first().click();
  expect(await lab.controlCheckboxes.count()).toBeGreaterThan(0);
  expect(await offLine(page)).toEqual([]);
  await editor.open();
  await expect(editor.el('run')).toBeVisible({ timeout: 20_000 });
  expect(await offLine(page)).toEqual([]);
});

test('no Ctrl+Enter badges on a touch screen', async ({ page, editor, practice }) => {
  await editor.open();
  await expect(editor.monaco.readyMark).toBeVisible({ timeout: 20_000 });
  expect(await ctrlText(page)).toEqual([]);
  await practice.open('#/practice/fix-get-then-set');
  await expect(practice.el('grade')).toBeVisible({ timeout: 20_000 });
  expect(await ctrlText(page)).toEqual([]);
});

test('a failing grade keeps its expected and yours columns on screen', async ({ practice }) => {
  test.setTimeout(90_000);
  await practice.open('#/practice/fix-crossslot');
  await practice.grade();
  const table = practice.el('caseTable');
  await expect(table).toBeVisible({ timeout: 40_000 });
  for (const name of ['expected', 'yours']) {
    const th = table.getByRole('columnheader', { name, exact: true });
    const r = (await th.boundingBox())!;
    expect(r.x + r.width, `${name} column`).toBeLessThanOrEqual(360);
  }
});
