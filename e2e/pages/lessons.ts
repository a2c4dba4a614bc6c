// The lessons (#/lessons and #/lessons/<slug>) as the specs drive them: open one, find its lab
// widgets (each a LabView of its own), step its narration, answer its check questions, read the
// progress. Its test ids live here once.
import type { Locator, Page } from '@playwright/test';
import { gotoRoute } from '../fixtures';
import { LabView, type Root } from './lab';

/** The lessons route's test ids (the UI's data-testid values). */
export const LESSONS_IDS = {
  stepCurrent: 'step-current',
  backToLesson: 'back-to-lesson',
  dotsMain: 'dots-main',
  lesson: 'lesson',
  lessonCard: 'lesson-card',
  lessonEnd: 'lesson-end',
  lessonPractice: 'lesson-practice',
  nextLesson: 'next-lesson',
  openInLab: 'open-in-lab',
  progressCount: 'progress-count',
  progressExport: 'progress-export',
  progressFile: 'progress-file',
  progressNotice: 'progress-notice',
  progressReset: 'progress-reset',
  progressResetConfirm: 'progress-reset-confirm',
  predictScore: 'predict-score',
  question: 'question',
  railProgress: 'rail-progress',
  reveal: 'reveal',
  stepBack: 'step-back',
  stepCaption: 'step-caption',
  stepNext: 'step-next',
  stepState: 'step-state',
  steps: 'steps',
  stepsPredict: 'steps-predict',
  verdict: 'verdict',
} as const;

export type LessonsId = keyof typeof LESSONS_IDS;

/** The lessons route's elements under a root (the page, or one widget in it). */
export class LessonsView {
  constructor(readonly root: Root) {}

  /** One element by its name in LESSONS_IDS. */
  el(name: LessonsId): Locator {
    return this.root.getByTestId(LESSONS_IDS[name]);
  }
}

export class LessonsScreen extends LessonsView {
  constructor(readonly page: Page) {
    super(page);
  }

  /** The lesson's lab widgets. */
  get widgets(): Locator {
    return new LabView(this.page).el('widget');
  }

  /** Lab widget n (0-based): its own scene and time bar. */
  widget(n: number): LabView {
    return new LabView(this.widgets.nth(n));
  }

  /** Open the route (or a path under it, e.g. '#/lessons/...'). */
  open(hash = '#/lessons'): Promise<void> {
    return gotoRoute(this.page, hash);
  }
}
