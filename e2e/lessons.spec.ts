// Every lesson renders and every live lab widget runs on the engine (iterates over index.json).
import { fileURLToPath } from 'node:url';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, LabView, LessonsView, test } from './pages';

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
    test(`${slug} renders and its lab widgets run`, async ({ page, lessons }) => {
      await lessons.open(`#/lessons/${slug}`);
      await expect(lessons.el('lesson')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
      await expect(lessons.el('question').first()).toBeVisible();
      await expect(page.getByRole('complementary', { name: 'Recap' })).toBeVisible();
      const widgets = lessons.widgets;
      await expect(widgets).toHaveCount(labCount(slug));
      for (let w = 0; w < (await widgets.count()); w++) {
        const widget = lessons.widget(w);
        // A live widget draws its scene with the engine's counts; an error shows an alert.
        await expect(widget.lane('main'), `widget ${w + 1}`).toBeVisible({
          timeout: 20_000,
        });
        await expect(widget.root.getByRole('alert')).toHaveCount(0);
        await expect(new LabView(widget.lane('main')).allowedCount).toHaveText(/^\d+$/);
        await expect(new LessonsView(widget.root).el('openInLab')).toHaveAttribute(
          'href',
          /^#\/lab\?scenario=/,
        );
      }
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, 'horizontal overflow in px').toBeLessThanOrEqual(0);
      await expect(lessons.el('nextLesson')).toBeVisible();
    });
  }

  test('the worked example shows 5 admitted locally and 3 shared, with outcome shapes', async ({
    page,
    lessons,
  }) => {
    await lessons.open('#/lessons/two-servers-one-budget');
    const first = lessons.widget(0);
    // The widget opens paused at its first interesting moment; End jumps to the last decision.
    await first.el('scrubber').focus();
    await page.keyboard.press('End');
    const local = new LabView(first.lane('main'));
    const shared = new LabView(first.lane('compare'));
    await expect(local.allowedCount).toHaveText('5');
    await expect(shared.allowedCount).toHaveText('3');
    await expect(shared.deniedCount).toHaveText('2');
    // Each decision in the strip carries its outcome's shape.
    await expect(shared.root.locator('.decision-strip .sglyph.o-denied')).toHaveCount(2);
    await expect(shared.root.locator('.decision-strip .sglyph.o-allowed')).toHaveCount(3);
  });

  test('a check question says right or wrong and why', async ({ lessons }) => {
    await lessons.open('#/lessons/two-servers-one-budget');
    const q = lessons.el('question').first();
    const qv = new LessonsView(q);
    await q.getByRole('textbox').fill('3');
    await q.getByRole('button', { name: 'Check' }).click();
    await expect(qv.el('verdict')).toContainText('Not quite');
    await q.getByRole('textbox').fill('7');
    await q.getByRole('button', { name: 'Check' }).click();
    await expect(qv.el('verdict')).toContainText('Right');
  });

  test("narrated steps walk with Back/Next and the arrow keys, showing each step's time", async ({
    page,
    lessons,
  }) => {
    await lessons.open('#/lessons/two-servers-one-budget');
    const steps = lessons.el('steps').first();
    await expect(steps).toBeVisible();
    const stepper = new LessonsView(steps);
    const caption = stepper.el('stepCaption');
    const state = stepper.el('stepState');
    await expect(steps.getByText('Step 1 of 6')).toBeVisible();
    await expect(caption).toContainText('Request 1 reaches server A');
    await expect(state.first()).toHaveText('t = 0 s');
    await expect(stepper.el('stepBack')).toHaveAttribute('aria-disabled', 'true');
    await stepper.el('stepNext').click();
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
    await expect(stepper.el('stepNext')).toHaveAttribute('aria-disabled', 'true');
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
