// A practice problem can be graded pass (its worked answer) and fail (its starter) in the browser.
import { fileURLToPath } from 'node:url';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseDoc } from '../src/core/content/parseDoc';
import { graderById } from '../src/core/grading/registry';
import { answerSubmission, starterOf } from '../src/core/grading/submission';
import { expect, LessonsView, PracticeView, test } from './pages';

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

const docBySlug = (slug: string) => docs.find((d) => slugOf(d.file) === slug);

test.describe('practice', () => {
  test('the practice list shows every problem', async ({ practice }) => {
    await practice.open('#/practice');
    await expect(practice.el('problemCard')).toHaveCount(docs.length);
  });

  test('a form problem grades fail on the starter and pass on the worked answer', async ({
    page,
    practice,
  }) => {
    expect(formProblem, 'a predict/configure/choose problem must exist').toBeTruthy();
    const slug = slugOf(formProblem!.file);
    await practice.open(`#/practice/${slug}`);
    await practice.grade();
    await practice.graded(false);
    await expect(practice.el('gradeFailure')).toBeVisible();
    await practice.fill(answerSubmission(formProblem!) ?? {});
    await practice.grade();
    await practice.graded(true);
    await practice.open('#/practice');
    await expect(new LessonsView(page).el('progressCount')).toContainText('1 of');
  });

  test('hints come one at a time and the solution on request', async ({ practice }) => {
    expect(formProblem ?? codeProblem, 'a practice problem must exist').toBeTruthy();
    await practice.open(`#/practice/${slugOf((formProblem ?? codeProblem)!.file)}`);
    await expect(practice.el('hint')).toHaveCount(0);
    await practice.el('showHint').click();
    await expect(practice.el('hint')).toHaveCount(1);
    await expect(practice.el('solution')).toHaveCount(0);
    // Before any attempt the solution takes a confirmed "I give up".
    await practice.giveUp();
    await expect(practice.el('solution')).toBeVisible();
  });

  test('retries: a wrong answer can be graded again, and hints unlock one at a time', async ({
    practice,
  }) => {
    const doc = docBySlug('configure-burst-and-sustain')!;
    await practice.open('#/practice/configure-burst-and-sustain');
    await expect(practice.el('answerForm')).toBeVisible();
    await practice.fill({ params: { capacity: 21, refillPerSecond: 5 } });
    await practice.grade();
    const result = practice.el('gradeResult');
    await expect(result).toHaveAttribute('data-passed', 'false', { timeout: 15_000 });
    await expect(practice.el('retryNote')).toBeVisible();
    await expect(practice.el('caseTable')).toBeVisible();
    await expect(practice.el('attempts')).toContainText('1 attempt');
    await expect(practice.el('grade')).toHaveText('Grade again');
    const hints = (await practice.el('showHint').textContent())!.match(/of (\d+)/)![1]!;
    for (let i = 1; i <= Number(hints); i++) {
      await practice.el('showHint').click();
      await expect(practice.el('hint')).toHaveCount(i);
    }
    await expect(practice.el('showHint')).toHaveCount(0);
    await practice.fill(answerSubmission(doc) ?? {});
    await practice.grade();
    await expect(result).toHaveAttribute('data-passed', 'true', { timeout: 15_000 });
    await expect(practice.el('attempts')).toContainText('2 attempts');
  });

  test('a failed attempt does not open the worked solution; asking for it does, and loading it is noted', async ({
    page,
    practice,
  }) => {
    await practice.open('#/practice/configure-burst-and-sustain');
    await expect(practice.el('showSolution')).toHaveCount(0);
    await practice.grade();
    await practice.graded(false);
    // A failure teaches without the fix: no solution, and no link to the reference's run.
    await expect(practice.el('showSolution')).toHaveCount(0);
    await expect(practice.el('solution')).toHaveCount(0);
    await expect(practice.el('failureOpenReference')).toHaveCount(0);
    await practice.giveUp();
    await expect(practice.el('solution')).toBeVisible();
    await practice.el('loadSolution').click();
    await expect(practice.field('params.capacity')).toHaveValue('20');
    await practice.grade();
    await practice.graded(true);
    await expect(page.locator('.eyebrow')).toContainText('with the worked solution');
    const saved = await page.evaluate(() => localStorage.getItem('rate-lab:progress:v1'));
    expect(JSON.parse(saved!).solutionsLoaded['configure-burst-and-sustain']).toBeTruthy();
  });

  test('giving up puts the problem on the review list, kept in the exported progress', async ({
    page,
    practice,
  }) => {
    await practice.open('#/practice/write-gcra');
    await practice.el('giveUp').click();
    await expect(practice.el('giveUpConfirm')).toBeVisible();
    await practice.el('confirmGiveUp').click();
    await expect(practice.el('solution')).toBeVisible();
    await practice.open('#/practice');
    const queue = practice.el('reviewQueue');
    await expect(new PracticeView(queue).el('reviewLater')).toHaveCount(1);
    await expect(queue).toContainText('Write: GCRA in Lua');
    await expect(queue).toContainText('step 1 of 3');
    const file = await page.evaluate(() => localStorage.getItem('rate-lab:progress:v1'));
    expect(Object.keys(JSON.parse(file!).review)).toEqual(['problem:write-gcra']);
  });

  test('a predict problem draws new numbers, and a wrong answer is never told the number', async ({
    page,
    practice,
  }) => {
    await practice.open('#/practice/predict-nginx-burst');
    await expect(practice.el('answerForm')).toBeVisible();
    await expect(practice.el('instanceBar')).toContainText('own numbers');
    await practice.el('newNumbers').click();
    await expect(page).toHaveURL(/seed=\d+/);
    const seed = await practice.el('instanceSeed').textContent();
    await practice.field('answer').fill('999');
    await practice.grade();
    const result = practice.el('gradeResult');
    await expect(result).toHaveAttribute('data-passed', 'false', { timeout: 15_000 });
    await expect(result).toContainText('999 is not what the engine');
    await expect(practice.el('failureOpenLab')).toHaveCount(0);
    // The same seed is the same instance: a reload shows the same numbers.
    const text = await page.locator('.problem .prose').first().textContent();
    await page.reload();
    await expect(practice.el('instanceSeed')).toHaveText(seed!);
    await expect(page.locator('.problem .prose').first()).toHaveText(text!);
  });

  test('a Lua case opens in the lab with the script as the limiter', async ({ lab, practice }) => {
    test.setTimeout(60_000);
    await practice.open('#/practice/write-gcra');
    await practice.grade();
    await practice.graded(false, 30_000);
    await practice.el('failureOpenLab').click();
    await expect(lab.el('algorithm')).toHaveValue('lua', { timeout: 30_000 });
  });

  test('a Lua problem grades its starter as failing, with the first failing case', async ({
    practice,
  }) => {
    expect(codeProblem, 'a fix/write problem must exist').toBeTruthy();
    test.setTimeout(60_000);
    const s = starterOf(codeProblem!);
    expect(s.kind).toBe('code');
    await practice.open(`#/practice/${slugOf(codeProblem!.file)}`);
    await practice.grade();
    await practice.graded(false, 30_000);
    await expect(practice.el('gradeFailure')).toBeVisible();
  });

  test('a Lua problem grades PASS on the worked answer pasted into the editor', async ({
    practice,
  }) => {
    const doc = docBySlug('write-sliding-log-weighted');
    expect(
      doc && graderById(String(doc.front.grader)),
      'the problem and its grader must exist',
    ).toBeTruthy();
    test.setTimeout(90_000);
    const answer = answerSubmission(doc!);
    expect(typeof answer?.code).toBe('string');
    await practice.open('#/practice/write-sliding-log-weighted');
    await practice.setScript(String(answer!.code));
    // Monaco shows the end of what was typed (its auto-indent changes only whitespace).
    await expect(practice.monaco.lines).toContainText('return {0, limit - sum, -1}');
    await practice.grade();
    await practice.graded(true, 30_000);
    await expect(practice.el('gradeResult')).toContainText('Passed');
  });

  test('a script’s KEYS can be edited: CROSSSLOT fails, a shared hash tag passes', async ({
    practice,
  }) => {
    const doc = docBySlug('fix-crossslot');
    expect(
      doc && graderById(String(doc.front.grader)),
      'the problem and its grader must exist',
    ).toBeTruthy();
    test.setTimeout(90_000);
    await practice.open('#/practice/fix-crossslot');
    await practice.grade();
    await practice.graded(false, 30_000);
    await expect(practice.el('gradeFailure')).toContainText('CROSSSLOT');
    await expect(practice.el('caseTable')).toBeVisible();
    const keys = answerSubmission(doc!)?.keys as string[];
    await practice.field('keys').fill(keys.join(' '));
    await practice.grade();
    await practice.graded(true, 30_000);
  });
});
