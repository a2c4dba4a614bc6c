// Accessibility, measured: axe-core (through @axe-core/playwright) on every route, every lesson
// and every practice problem, in the light and the dark theme, at the project's width. No
// serious or critical violation is allowed, except the ones listed in PENDING below: screens
// another engineer is reworking (the lab screen, issue 13 phase 2), each entry naming the route
// and the axe rule. A violation that is not listed fails the test, and so does a listed one that
// no longer occurs, so the list can only shrink.
import AxeBuilder from '@axe-core/playwright';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, gotoRoute, LessonsScreen, Monaco, test } from './pages';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const index = JSON.parse(readFileSync(resolve(root, 'lessons/index.json'), 'utf8')) as {
  lessons?: string[];
  practice?: string[];
};
const slugsIn = (dir: string): string[] =>
  existsSync(resolve(root, dir))
    ? readdirSync(resolve(root, dir))
        .filter((f) => /^[a-z0-9][\w-]*\.md$/.test(f) && f !== 'interview.md')
        .map((f) => f.replace(/\.md$/, ''))
    : [];

const ROUTES = [
  '#/lab',
  '#/editor',
  '#/lessons',
  '#/practice',
  '#/interview',
  '#/no-such-page',
  ...(index.lessons ?? slugsIn('lessons')).map((s) => `#/lessons/${s}`),
  ...(index.practice ?? slugsIn('lessons/practice')).map((s) => `#/practice/${s}`),
];

/**
 * Known serious/critical findings still to fix, each naming its route and axe rule. Empty: a
 * new finding fails the test, and an entry whose finding is gone fails it too.
 */
const PENDING: { route: string; rule: string; projects: string[]; why: string }[] = [];

const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];

/** Practice routes whose problem is answered with a script (kind fix or write: Monaco). */
const SCRIPT_PROBLEMS = new Set(
  (index.practice ?? slugsIn('lessons/practice'))
    .filter((s) =>
      /^kind:\s*(fix|write)\s*$/m.test(
        readFileSync(resolve(root, `lessons/practice/${s}.md`), 'utf8'),
      ),
    )
    .map((s) => `#/practice/${s}`),
);

async function settle(page: Page, route: string, theme: Theme): Promise<void> {
  // Lesson widgets run the engine; wait until every one has its scene (or its error).
  if (route.startsWith('#/lessons/')) {
    const lessons = new LessonsScreen(page);
    for (let i = 0; i < (await lessons.widgets.count()); i++)
      await expect(lessons.widget(i).el('widgetLoading')).toHaveCount(0, { timeout: 20_000 });
  }
  // Monaco arrives lazily: wait for it where the page has one (not a fixed wait, and not a
  // timeout swallowed on the problems that have none), and for it to take the theme.
  if (route === '#/editor' || SCRIPT_PROBLEMS.has(route)) {
    const monaco = new Monaco(page);
    await expect(monaco.readyMark.first()).toBeVisible({ timeout: 30_000 });
    await monaco.themed(theme === 'dark');
  }
  // The route's own code has arrived: no page-wide "Loading…" is left.
  await expect(page.locator('.page-loading')).toHaveCount(0);
}

test.describe('accessibility (axe)', () => {
  // Long lessons hold thousands of nodes; axe takes a while on them when the machine is busy.
  test.describe.configure({ timeout: 300_000 });
  for (const route of ROUTES) {
    test(`${route} has no serious or critical violations in either theme`, async ({
      page,
    }, testInfo) => {
      const project = testInfo.project.name;
      const pending = PENDING.filter((p) => p.route === route && p.projects.includes(project));
      const found: string[] = [];
      const details: string[] = [];
      for (const theme of THEMES) {
        await page.emulateMedia({ colorScheme: theme });
        await gotoRoute(page, route);
        await settle(page, route, theme);
        const { violations } = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
          .analyze();
        for (const v of violations) {
          if (v.impact !== 'serious' && v.impact !== 'critical') continue;
          found.push(`${route} ${v.id}`);
          details.push(
            `[${theme}] ${v.id} (${v.impact}): ${v.help}\n` +
              v.nodes
                .slice(0, 5)
                .map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.split('\n')[1] ?? ''}`)
                .join('\n'),
          );
        }
      }
      const known = new Set(pending.map((p) => `${p.route} ${p.rule}`));
      const unexpected = [...new Set(found)].filter((f) => !known.has(f));
      expect(unexpected, details.join('\n')).toEqual([]);
      for (const p of pending)
        expect(found, `${p.route} ${p.rule} is fixed: remove it from PENDING`).toContain(
          `${p.route} ${p.rule}`,
        );
    });
  }
});

/** WCAG contrast ratio of two CSS colours `rgb(r, g, b)` / `rgba(...)` (alpha ignored). */
function ratio(a: string, b: string): number {
  const lum = (c: string): number => {
    const [r, g, bl] = (c.match(/[\d.]+/g) ?? ['0', '0', '0']).slice(0, 3).map((x) => {
      const v = Number(x) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

test.describe('form controls (WCAG 1.4.11, 3:1)', () => {
  for (const route of [
    '#/lessons/two-servers-one-budget',
    '#/practice/choose-failure-modes',
    '#/lab',
  ])
    test(`${route}: checkbox and radio boundaries stand out in both themes`, async ({ page }) => {
      for (const theme of THEMES) {
        await page.emulateMedia({ colorScheme: theme });
        await gotoRoute(page, route);
        const controls = page.locator('input[type=checkbox]:visible, input[type=radio]:visible');
        await controls.first().waitFor({ timeout: 15_000 });
        const n = await controls.count();
        expect(n, `${route} has checkboxes or radios`).toBeGreaterThan(0);
        for (let i = 0; i < Math.min(n, 6); i++) {
          const c = await controls.nth(i).evaluate((el) => {
            let p: Element | null = el.parentElement;
            let bg = 'rgb(255, 255, 255)';
            while (p) {
              const b = getComputedStyle(p).backgroundColor;
              if (b && !/rgba\(.*,\s*0\)$/.test(b) && b !== 'transparent') {
                bg = b;
                break;
              }
              p = p.parentElement;
            }
            const s = getComputedStyle(el);
            return {
              ring: s.borderTopColor,
              width: s.borderTopWidth,
              bg,
              appearance: s.appearance,
            };
          });
          expect(c.appearance, 'drawn by the lab, not the platform').toBe('none');
          expect(parseFloat(c.width)).toBeGreaterThanOrEqual(1.5);
          expect(
            ratio(c.ring, c.bg),
            `[${theme}] ring ${c.ring} on ${c.bg}`,
          ).toBeGreaterThanOrEqual(3);
        }
      }
    });
});
