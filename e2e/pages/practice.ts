// Practice (#/practice and #/practice/<slug>) as the specs drive it: open a problem, fill its
// answer form or its script, grade it, read the result, hints and the solution. Its test ids
// live here once.
import type { Locator, Page } from '@playwright/test';
import { expect, gotoRoute } from '../fixtures';
import type { Root } from './lab';
import { Monaco } from './monaco';

/** The practice route's test ids (the UI's data-testid values). */
export const PRACTICE_IDS = {
  reviewQueue: 'review-queue',
  problemLessons: 'problem-lessons',
  answerForm: 'answer-form',
  attempts: 'attempts',
  caseTable: 'case-table',
  caseCount: 'case-count',
  caseLegend: 'case-legend',
  confirmGiveUp: 'confirm-give-up',
  failureOpenLab: 'failure-open-lab',
  failureOpenReference: 'failure-open-reference',
  giveUp: 'give-up',
  giveUpConfirm: 'give-up-confirm',
  grade: 'grade',
  gradeFailure: 'grade-failure',
  gradeResult: 'grade-result',
  hint: 'hint',
  instanceBar: 'instance-bar',
  instanceSeed: 'instance-seed',
  loadSolution: 'load-solution',
  newNumbers: 'new-numbers',
  problem: 'problem',
  problemCard: 'problem-card',
  retryNote: 'retry-note',
  reviewLater: 'review-later',
  showHint: 'show-hint',
  showSolution: 'show-solution',
  solution: 'solution',
} as const;

export type PracticeId = keyof typeof PRACTICE_IDS;

/** The practice route's elements under a root (the page, or one widget in it). */
export class PracticeView {
  constructor(readonly root: Root) {}

  /** One element by its name in PRACTICE_IDS. */
  el(name: PracticeId): Locator {
    return this.root.getByTestId(PRACTICE_IDS[name]);
  }

  /** An answer form's text field by its path (e.g. `params.capacity`, `answer`, `keys`). */
  field(path: string): Locator {
    return this.root.locator(`[data-field="${path}"]`);
  }

  /** An answer form's choice (a select or a radio group) by its path. */
  choice(path: string): Locator {
    return this.root.locator(`[data-choice="${path}"]`);
  }

  /** Fill the answer form: `{ params: { capacity: 20 } }` fills `params.capacity`. */
  async fill(values: Record<string, unknown>): Promise<void> {
    const flat: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(values)) {
      if (typeof v === 'object' && v !== null)
        for (const [k2, v2] of Object.entries(v)) flat[`${k}.${k2}`] = v2;
      else flat[k] = v;
    }
    for (const [k, v] of Object.entries(flat)) {
      const input = this.field(k);
      if (await input.count()) {
        await input.fill(String(v));
        continue;
      }
      const group = this.choice(k);
      if ((await group.evaluate((el) => el.tagName)) === 'SELECT')
        await group.selectOption(String(v));
      else await group.getByRole('radio', { name: String(v), exact: true }).check();
    }
  }

  /** Press Grade. */
  async grade(): Promise<void> {
    await this.el('grade').click();
  }

  /** Wait for the grade's verdict: passed or not (grading runs in a worker). */
  async graded(passed: boolean, timeout = 15_000): Promise<void> {
    await expect(this.el('gradeResult')).toHaveAttribute('data-passed', String(passed), {
      timeout,
    });
  }

  /** Give up on the problem, confirmed: the worked solution opens. */
  async giveUp(): Promise<void> {
    await this.el('giveUp').click();
    await this.el('confirmGiveUp').click();
  }
}

export class PracticeScreen extends PracticeView {
  /** The script editor on this route. */
  readonly monaco: Monaco;
  constructor(readonly page: Page) {
    super(page);
    this.monaco = new Monaco(page);
  }

  /** Replace the script (waits for the editor first: Monaco loads lazily). */
  setScript(text: string): Promise<void> {
    return this.monaco.replaceWhenReady(text);
  }

  /** Open the route (or a path under it, e.g. '#/practice/...'). */
  open(hash = '#/practice'): Promise<void> {
    return gotoRoute(this.page, hash);
  }
}
