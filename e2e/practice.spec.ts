// A practice problem can be graded pass (its worked answer) and fail (its starter) in the browser.
import { fileURLToPath } from 'node:url';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseDoc } from '../src/core/content/parseDoc';
import { graderById } from '../src/core/grading/registry';
import { answerSubmission, starterOf } from '../src/core/grading/submission';
import type { Page } from '@playwright/test';
import { expect, gotoRoute, test } from './fixtures';

const HERE = fileURLToPath(new URL('.', import.meta.url));

const dir = resolve(HERE, '../lessons/practice');
const docs = existsSync(dir)
  ? readdirSync(dir)
      .filter((f) => f.endsWith('.md'))
      .map((f) => parseDoc(`lessons/practice/${f}`, readFileSync(resolve(dir, f), 'utf8')))
  : [];
const slugOf = (file: string) => file.replace(/^.*\//, '').replace(/\.md$/, '');
const graded = docs.filter((d) => graderById(String(d.front.grader)));
const formProblem = graded.find((d) =>
  ['predict', 'configure', 'choose'].includes(String(d.front.kind)),
);
const codeProblem = graded.find((d) => ['fix', 'write'].includes(String(d.front.kind)));

async function fillForm(page: Page, values: Record<string, unknown>) {
  const flat: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    if (typeof v === 'object' && v !== null)
      for (const [k2, v2] of Object.entries(v)) flat[`${k}.${k2}`] = v2;
    else flat[k] = v;
  }
  for (const [k, v] of Object.entries(flat)) {
    const input = page.locator(`[data-field="${k}"]`);
    if (await input.count()) {
      await input.fill(String(v));
      continue;
    }
    const group = page.locator(`[data-choice="${k}"]`);
    if ((await group.evaluate((el) => el.tagName)) === 'SELECT')
      await group.selectOption(String(v));
    else await group.getByRole('radio', { name: String(v), exact: true }).check();
  }
}

/** Replace the Monaco editor's text (insertText: no auto-closing brackets or auto-indent). */
async function setScript(page: Page, text: string) {
  await expect(page.getByTestId('monaco-ready')).toBeVisible({ timeout: 30_000 });
  await page.locator('.monaco-editor .view-lines').first().click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

const docBySlug = (slug: string) => docs.find((d) => slugOf(d.file) === slug);

test.describe('practice', () => {
  test('the practice list shows every problem', async ({ page }) => {
    await gotoRoute(page, '#/practice');
    await expect(page.getByTestId('problem-card')).toHaveCount(docs.length);
  });

  test('a form problem grades fail on the starter and pass on the worked answer', async ({
    page,
  }) => {
    expect(formProblem, 'a predict/configure/choose problem must exist').toBeTruthy();
    const slug = slugOf(formProblem!.file);
    await gotoRoute(page, `#/practice/${slug}`);
    await page.getByTestId('grade').click();
    await expect(page.getByTestId('grade-result')).toHaveAttribute('data-passed', 'false', {
      timeout: 15_000,
    });
    await expect(page.getByTestId('grade-failure')).toBeVisible();
    await fillForm(page, answerSubmission(formProblem!) ?? {});
    await page.getByTestId('grade').click();
    await expect(page.getByTestId('grade-result')).toHaveAttribute('data-passed', 'true', {
      timeout: 15_000,
    });
    await gotoRoute(page, '#/practice');
    await expect(page.getByTestId('progress-count')).toContainText('1 of');
  });

  test('hints come one at a time and the solution on request', async ({ page }) => {
    expect(formProblem ?? codeProblem, 'a practice problem must exist').toBeTruthy();
    await gotoRoute(page, `#/practice/${slugOf((formProblem ?? codeProblem)!.file)}`);
    await expect(page.getByTestId('hint')).toHaveCount(0);
    await page.getByTestId('show-hint').click();
    await expect(page.getByTestId('hint')).toHaveCount(1);
    await expect(page.getByTestId('solution')).toHaveCount(0);
    // Before any attempt the solution takes a confirmed "I give up".
    await page.getByTestId('give-up').click();
    await page.getByTestId('confirm-give-up').click();
    await expect(page.getByTestId('solution')).toBeVisible();
  });

  test('retries: a wrong answer can be graded again, and hints unlock one at a time', async ({
    page,
  }) => {
    const doc = docBySlug('configure-burst-and-sustain')!;
    await gotoRoute(page, '#/practice/configure-burst-and-sustain');
    await expect(page.getByTestId('answer-form')).toBeVisible();
    await fillForm(page, { params: { capacity: 21, refillPerSecond: 5 } });
    await page.getByTestId('grade').click();
    const result = page.getByTestId('grade-result');
    await expect(result).toHaveAttribute('data-passed', 'false', { timeout: 15_000 });
    await expect(page.getByTestId('retry-note')).toBeVisible();
    await expect(page.getByTestId('case-table')).toBeVisible();
    await expect(page.getByTestId('attempts')).toContainText('1 attempt');
    await expect(page.getByTestId('grade')).toHaveText('Grade again');
    const hints = (await page.getByTestId('show-hint').textContent())!.match(/of (\d+)/)![1]!;
    for (let i = 1; i <= Number(hints); i++) {
      await page.getByTestId('show-hint').click();
      await expect(page.getByTestId('hint')).toHaveCount(i);
    }
    await expect(page.getByTestId('show-hint')).toHaveCount(0);
    await fillForm(page, answerSubmission(doc) ?? {});
    await page.getByTestId('grade').click();
    await expect(result).toHaveAttribute('data-passed', 'true', { timeout: 15_000 });
    await expect(page.getByTestId('attempts')).toContainText('2 attempts');
  });

  test('a failed attempt does not open the worked solution; asking for it does, and loading it is noted', async ({
    page,
  }) => {
    await gotoRoute(page, '#/practice/configure-burst-and-sustain');
    await expect(page.getByTestId('show-solution')).toHaveCount(0);
    await page.getByTestId('grade').click();
    await expect(page.getByTestId('grade-result')).toHaveAttribute('data-passed', 'false', {
      timeout: 15_000,
    });
    // A failure teaches without the fix: no solution, and no link to the reference's run.
    await expect(page.getByTestId('show-solution')).toHaveCount(0);
    await expect(page.getByTestId('solution')).toHaveCount(0);
    await expect(page.getByTestId('failure-open-reference')).toHaveCount(0);
    await page.getByTestId('give-up').click();
    await page.getByTestId('confirm-give-up').click();
    await expect(page.getByTestId('solution')).toBeVisible();
    await page.getByTestId('load-solution').click();
    await expect(page.locator('[data-field="params.capacity"]')).toHaveValue('20');
    await page.getByTestId('grade').click();
    await expect(page.getByTestId('grade-result')).toHaveAttribute('data-passed', 'true', {
      timeout: 15_000,
    });
    await expect(page.locator('.eyebrow')).toContainText('with the worked solution');
    const saved = await page.evaluate(() => localStorage.getItem('rate-lab:progress:v1'));
    expect(JSON.parse(saved!).solutionsLoaded['configure-burst-and-sustain']).toBeTruthy();
  });

  test('giving up puts the problem on the review list, kept in the exported progress', async ({
    page,
  }) => {
    await gotoRoute(page, '#/practice/write-gcra');
    await page.getByTestId('give-up').click();
    await expect(page.getByTestId('give-up-confirm')).toBeVisible();
    await page.getByTestId('confirm-give-up').click();
    await expect(page.getByTestId('solution')).toBeVisible();
    await gotoRoute(page, '#/practice');
    const queue = page.getByTestId('review-queue');
    await expect(queue.getByTestId('review-later')).toHaveCount(1);
    await expect(queue).toContainText('Write: GCRA in Lua');
    await expect(queue).toContainText('step 1 of 3');
    const file = await page.evaluate(() => localStorage.getItem('rate-lab:progress:v1'));
    expect(Object.keys(JSON.parse(file!).review)).toEqual(['problem:write-gcra']);
  });

  test('a predict problem draws new numbers, and a wrong answer is never told the number', async ({
    page,
  }) => {
    await gotoRoute(page, '#/practice/predict-nginx-burst');
    await expect(page.getByTestId('answer-form')).toBeVisible();
    await expect(page.getByTestId('instance-bar')).toContainText('own numbers');
    await page.getByTestId('new-numbers').click();
    await expect(page).toHaveURL(/seed=\d+/);
    const seed = await page.getByTestId('instance-seed').textContent();
    await page.locator('[data-field="answer"]').fill('999');
    await page.getByTestId('grade').click();
    const result = page.getByTestId('grade-result');
    await expect(result).toHaveAttribute('data-passed', 'false', { timeout: 15_000 });
    await expect(result).toContainText('999 is not what the engine');
    await expect(page.getByTestId('failure-open-lab')).toHaveCount(0);
    // The same seed is the same instance: a reload shows the same numbers.
    const text = await page.locator('.problem .prose').first().textContent();
    await page.reload();
    await expect(page.getByTestId('instance-seed')).toHaveText(seed!);
    await expect(page.locator('.problem .prose').first()).toHaveText(text!);
  });

  test('a Lua case opens in the lab with the script as the limiter', async ({ page }) => {
    test.setTimeout(60_000);
    await gotoRoute(page, '#/practice/write-gcra');
    await page.getByTestId('grade').click();
    await expect(page.getByTestId('grade-result')).toHaveAttribute('data-passed', 'false', {
      timeout: 30_000,
    });
    await page.getByTestId('failure-open-lab').click();
    await expect(page.getByTestId('algorithm')).toHaveValue('lua', { timeout: 30_000 });
  });

  test('a Lua problem grades its starter as failing, with the first failing case', async ({
    page,
  }) => {
    expect(codeProblem, 'a fix/write problem must exist').toBeTruthy();
    test.setTimeout(60_000);
    const s = starterOf(codeProblem!);
    expect(s.kind).toBe('code');
    await gotoRoute(page, `#/practice/${slugOf(codeProblem!.file)}`);
    await page.getByTestId('grade').click();
    await expect(page.getByTestId('grade-result')).toHaveAttribute('data-passed', 'false', {
      timeout: 30_000,
    });
    await expect(page.getByTestId('grade-failure')).toBeVisible();
  });

  test('a Lua problem grades PASS on the worked answer pasted into the editor', async ({
    page,
  }) => {
    const doc = docBySlug('write-sliding-log-weighted');
    expect(
      doc && graderById(String(doc.front.grader)),
      'the problem and its grader must exist',
    ).toBeTruthy();
    test.setTimeout(90_000);
    const answer = answerSubmission(doc!);
    expect(typeof answer?.code).toBe('string');
    await gotoRoute(page, '#/practice/write-sliding-log-weighted');
    await setScript(page, String(answer!.code));
    // Monaco shows the end of what was typed (its auto-indent changes only whitespace).
    await expect(page.locator('.monaco-editor .view-lines')).toContainText(
      'return {0, limit - sum, -1}',
    );
    await page.getByTestId('grade').click();
    await expect(page.getByTestId('grade-result')).toHaveAttribute('data-passed', 'true', {
      timeout: 30_000,
    });
    await expect(page.getByTestId('grade-result')).toContainText('Passed');
  });

  test('a script’s KEYS can be edited: CROSSSLOT fails, a shared hash tag passes', async ({
    page,
  }) => {
    const doc = docBySlug('fix-crossslot');
    expect(
      doc && graderById(String(doc.front.grader)),
      'the problem and its grader must exist',
    ).toBeTruthy();
    test.setTimeout(90_000);
    await gotoRoute(page, '#/practice/fix-crossslot');
    await page.getByTestId('grade').click();
    await expect(page.getByTestId('grade-result')).toHaveAttribute('data-passed', 'false', {
      timeout: 30_000,
    });
    await expect(page.getByTestId('grade-failure')).toContainText('CROSSSLOT');
    await expect(page.getByTestId('case-table')).toBeVisible();
    const keys = answerSubmission(doc!)?.keys as string[];
    await page.locator('[data-field="keys"]').fill(keys.join(' '));
    await page.getByTestId('grade').click();
    await expect(page.getByTestId('grade-result')).toHaveAttribute('data-passed', 'true', {
      timeout: 30_000,
    });
  });
});
