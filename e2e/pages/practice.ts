// Practice (#/practice and #/practice/<slug>) as the specs drive it: open a problem, fill its
// answer form or its script, grade it, read the result, hints and the solution. Its test ids
// live here once.
import type { Locator, Page } from '@playwright/test';
import { gotoRoute } from '../fixtures';
import type { Root } from './lab';
import { Monaco } from './monaco';

/** The practice route's test ids (the UI's data-testid values). */
export const PRACTICE_IDS = {
  reviewQueue: 'review-queue',
  problemLessons: 'problem-lessons',
  answerForm: 'answer-form',
  attempts: 'attempts',
  caseTable: 'case-table',
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
}

export class PracticeScreen extends PracticeView {
  /** The script editor on this route. */
  readonly monaco: Monaco;
  constructor(readonly page: Page) {
    super(page);
    this.monaco = new Monaco(page);
  }

  /** Replace the script (waits for the editor first: Monaco loads lazily). */
  async setScript(text: string): Promise<void> {
    await this.monaco.ready();
    await this.monaco.setScript(text);
  }

  /** Open the route (or a path under it, e.g. '#/practice/...'). */
  open(hash = '#/practice'): Promise<void> {
    return gotoRoute(this.page, hash);
  }
}
