// #/editor opens on a plain text area with the script while Monaco loads (src/ui/editor/
// LuaEditor.tsx); Monaco then takes over. Every key typed before, during and after the swap
// lands, in order, at the caret.
import { expect, gotoRoute, test } from './pages';

test('keys typed while Monaco loads all land, in order, where the caret was', async ({
  page,
  editor,
}) => {
  let release: () => void = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/MonacoLua-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await gotoRoute(page, '#/editor');
  const area = editor.el('codeFallback');
  await expect(area).toHaveValue(/return/);
  await expect(editor.monaco.readyMark).toHaveCount(0);
  const before = await area.inputValue();
  // The caret at the end of the first line, not at either end of the script.
  const at = before.indexOf('\n');
  expect(at).toBeGreaterThan(0);
  await editor.caretAt(area, at);
  await page.keyboard.type('XY');
  await expect(area).toHaveValue(before.slice(0, at) + 'XY' + before.slice(at));
  // Let Monaco in, and keep typing through the swap.
  release();
  let typed = 'XY';
  const ready = editor.monaco.readyMark;
  for (let i = 0; i < 2000 && !(await ready.isVisible()); i++) {
    await page.keyboard.type('Z');
    typed += 'Z';
  }
  await expect(ready).toBeVisible();
  await page.keyboard.type('W');
  typed += 'W';
  await expect(area).toHaveCount(0);
  const expected = before.slice(0, at) + typed + before.slice(at);
  const flat = (t: string) => t.replace(/\s+/g, '');
  // What Monaco draws is the script with every key, from its start, up to the lines in view.
  await expect
    .poll(async () => {
      const drawn = await editor.drawnText();
      return flat(expected).startsWith(drawn) && drawn.length > flat(before.slice(0, at)).length;
    })
    .toBe(true);
});
