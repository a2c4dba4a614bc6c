import { expect, test } from './pages';

const ROUTES = [
  { hash: '#/lab', heading: /./ },
  { hash: '#/editor', heading: /Lua editor/ },
  { hash: '#/lessons', heading: /Lessons/ },
  { hash: '#/practice', heading: /Practice/ },
  { hash: '#/interview', heading: /Interview/ },
];

test.describe('the app shell works offline', () => {
  for (const r of ROUTES) {
    test(`${r.hash} renders with no network and no console error`, async ({ page, shell }) => {
      await shell.open(r.hash);
      await expect(shell.heading.first()).toHaveText(r.heading);
      await expect(shell.nav).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, 'horizontal overflow in px').toBeLessThanOrEqual(0);
    });
  }

  test('the editor loads Monaco from the bundle, with Lua highlighting', async ({
    page,
    shell,
    editor,
  }) => {
    await shell.open('#/editor');
    await expect(editor.monaco.readyMark).toBeVisible({ timeout: 20_000 });
    // The script's opening lines (long lines wrap, so on a phone later ones are out of view
    // and Monaco does not draw them).
    await expect(editor.text).toContainText('tonumber(ARGV[1])');
    // Lua keywords get a keyword token colour class from the Lua grammar.
    await expect(editor.monaco.tokens.first()).toBeVisible();
    const langs = await page.evaluate(() =>
      (window as unknown as { monaco?: unknown }).monaco ? 'global' : 'bundled',
    );
    expect(langs).toBe('bundled');
  });

  test('unknown routes get a 404 page with a way back', async ({ page, shell }) => {
    await shell.open('#/no/such/page');
    await expect(shell.el('notFound')).toBeVisible();
    await page.getByRole('link', { name: 'Open the lab' }).click();
    await expect(page).toHaveURL(/#\/lab$/);
  });

  test('navigation marks the current page and hash links are shareable', async ({
    page,
    shell,
  }) => {
    await shell.open('#/lessons');
    await expect(page.getByRole('link', { name: 'Lessons', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await page.getByRole('link', { name: 'Practice', exact: true }).click();
    await expect(page).toHaveURL(/#\/practice$/);
    await expect(shell.heading).toHaveText('Practice');
  });

  test('the theme toggle is remembered across reloads', async ({ page, shell }) => {
    await shell.open('#/lab');
    const toggle = shell.el('themeToggle');
    await toggle.click(); // system -> dark
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await shell.el('themeToggle').click(); // dark -> light
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });

  test('keyboard focus is visible', async ({ page, shell }) => {
    await shell.open('#/lab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const outline = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return el ? getComputedStyle(el).outlineStyle : 'none';
    });
    expect(outline).not.toBe('none');
  });

  test('an error in a screen shows a readable message and a way back', async ({
    page,
    guard,
    shell,
  }) => {
    await shell.open('#/selftest/error');
    await expect(shell.el('errorBoundary')).toContainText('Something in this screen broke');
    await expect(shell.el('errorBoundary')).toContainText('self-test');
    // React reports the caught error to the console: expected here, so clear it.
    guard.consoleErrors.length = 0;
    await page.getByRole('link', { name: 'Back to the lab' }).click();
    await expect(shell.el('errorBoundary')).toHaveCount(0);
  });
});
