// Every lesson renders and every live lab widget runs on the engine (iterates over index.json).
import { fileURLToPath } from 'node:url';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, gotoRoute, test } from './fixtures';

const HERE = fileURLToPath(new URL('.', import.meta.url));

const root = resolve(HERE, '..');
function lessonSlugs(): string[] {
  const index = resolve(root, 'lessons/index.json');
  if (existsSync(index))
    return (JSON.parse(readFileSync(index, 'utf8')) as { lessons?: string[] }).lessons ?? [];
  return readdirSync(resolve(root, 'lessons'))
    .filter((f) => /^[a-z0-9][\w-]*\.md$/.test(f) && f !== 'interview.md')
    .map((f) => f.replace(/\.md$/, ''));
}
const labCount = (slug: string): number =>
  (readFileSync(resolve(root, `lessons/${slug}.md`), 'utf8').match(/^```lab\s*$/gm) ?? []).length;

test.describe('lessons', () => {
  for (const slug of lessonSlugs()) {
    test(`${slug} renders and its lab widgets run`, async ({ page }) => {
      await gotoRoute(page, `#/lessons/${slug}`);
      await expect(page.getByTestId('lesson')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
      await expect(page.getByTestId('question').first()).toBeVisible();
      await expect(page.getByRole('complementary', { name: 'Recap' })).toBeVisible();
      const widgets = page.getByTestId('lab-widget');
      await expect(widgets).toHaveCount(labCount(slug));
      const lanes = page.getByTestId('lane');
      const n = await lanes.count();
      for (let i = 0; i < n; i++) {
        const lane = lanes.nth(i);
        // A finished lane carries the engine's counts; an error shows an alert instead.
        await expect(lane, `lane ${i + 1}`).toHaveAttribute('data-allowed', /^\d+$/, {
          timeout: 20_000,
        });
        await expect(lane.getByRole('alert')).toHaveCount(0);
        await expect(lane.getByTestId('outcome-chip').first()).toBeVisible();
        await expect(lane.getByTestId('open-in-lab')).toHaveAttribute('href', /^#\/lab\?scenario=/);
      }
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, 'horizontal overflow in px').toBeLessThanOrEqual(0);
      await expect(page.getByTestId('next-lesson')).toBeVisible();
    });
  }

  test('the worked example shows 5 admitted locally and 3 shared, with outcome shapes', async ({
    page,
  }) => {
    await gotoRoute(page, '#/lessons/two-servers-one-budget');
    const first = page.getByTestId('lab-widget').first();
    const lanes = first.getByTestId('lane');
    await expect(lanes.nth(0).getByTestId('lane-allowed')).toHaveText('5');
    await expect(lanes.nth(1).getByTestId('lane-allowed')).toHaveText('3');
    await expect(lanes.nth(1).getByTestId('lane-denied')).toHaveText('2');
    await expect(lanes.nth(1).locator('[data-outcome="denied"] rect')).toHaveCount(2);
    await expect(lanes.nth(1).locator('[data-outcome="allowed"] circle')).toHaveCount(3);
  });

  test('a check question says right or wrong and why', async ({ page }) => {
    await gotoRoute(page, '#/lessons/two-servers-one-budget');
    const q = page.getByTestId('question').first();
    await q.getByRole('textbox').fill('3');
    await q.getByRole('button', { name: 'Check' }).click();
    await expect(q.getByTestId('verdict')).toContainText('Not quite');
    await q.getByRole('textbox').fill('7');
    await q.getByRole('button', { name: 'Check' }).click();
    await expect(q.getByTestId('verdict')).toContainText('Right');
  });

  test("narrated steps walk with Back/Next and the arrow keys, showing each step's time", async ({
    page,
  }) => {
    await gotoRoute(page, '#/lessons/two-servers-one-budget');
    const steps = page.getByTestId('steps').first();
    await expect(steps).toBeVisible();
    const caption = steps.getByTestId('step-caption');
    const state = steps.getByTestId('step-state');
    await expect(steps.getByText('Step 1 of 6')).toBeVisible();
    await expect(caption).toContainText('Request 1 reaches server A');
    await expect(state.first()).toHaveText('t = 0 s');
    await expect(steps.getByTestId('step-back')).toHaveAttribute('aria-disabled', 'true');
    await steps.getByTestId('step-next').click();
    await expect(steps.getByText('Step 2 of 6')).toBeVisible();
    await expect(state.first()).toHaveText('t = 10 s');
    await expect(state.nth(1)).toHaveText('request #2');
    // The arrow keys step from wherever focus is inside the widget; End and Home jump.
    await page.keyboard.press('ArrowRight');
    await expect(steps.getByText('Step 3 of 6')).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(steps.getByText('Step 2 of 6')).toBeVisible();
    await page.keyboard.press('End');
    await expect(steps.getByText('Step 6 of 6')).toBeVisible();
    await expect(caption).toContainText('Five admitted on the left, three on the right');
    await expect(steps.getByTestId('step-next')).toHaveAttribute('aria-disabled', 'true');
    await page.keyboard.press('Home');
    await expect(steps.getByText('Step 1 of 6')).toBeVisible();
    // The step buttons jump straight to a step and mark it as the current one.
    await steps.getByRole('button', { name: /^Step 4,/ }).click();
    await expect(steps.getByRole('button', { name: /^Step 4,/ })).toHaveAttribute(
      'aria-current',
      'step',
    );
    await expect(state.last()).toHaveText('right lane');
  });
});
