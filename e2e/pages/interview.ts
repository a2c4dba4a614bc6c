// The interview (#/interview, the host's session screen and the candidate's screen) as the
// specs drive it. Its test ids live here once.
import type { Locator, Page } from '@playwright/test';
import { gotoRoute } from '../fixtures';
import type { Root } from './lab';

/** The interview route's test ids (the UI's data-testid values). */
export const INTERVIEW_IDS = {
  askFollowUp: 'ask-follow-up',
  candidateLab: 'candidate-lab',
  candidateName: 'candidate-name',
  candidateNext: 'candidate-next',
  candidatePosition: 'candidate-position',
  candidateQuestion: 'candidate-question',
  candidateRace: 'candidate-race',
  candidateScreen: 'candidate-screen',
  downloadJson: 'download-json',
  downloadMd: 'download-md',
  endSession: 'end-session',
  followUpAsked: 'follow-up-asked',
  hostAnswer: 'host-answer',
  hostCandidateTools: 'host-candidate-tools',
  hostNext: 'host-next',
  hostOrder: 'host-order',
  hostPage: 'host-page',
  hostQuestionTitle: 'host-question-title',
  interviewAnswer: 'interview-answer',
  interviewLessonLink: 'interview-lesson-link',
  interviewQuestion: 'interview-question',
  notesKept: 'notes-kept',
  overallNotes: 'overall-notes',
  questionClock: 'question-clock',
  questionNotes: 'question-notes',
  saveError: 'save-error',
  scorecard: 'scorecard',
  sessionClock: 'session-clock',
  startSession: 'start-session',
  suggestedSet: 'suggested-set',
  timer: 'timer',
} as const;

export type InterviewId = keyof typeof INTERVIEW_IDS;

/** The interview route's elements under a root (the page, or one widget in it). */
export class InterviewView {
  constructor(readonly root: Root) {}

  /** One element by its name in INTERVIEW_IDS. */
  el(name: InterviewId): Locator {
    return this.root.getByTestId(INTERVIEW_IDS[name]);
  }

  /** The host's checkbox that puts a question in the session, by the question's id. */
  pick(id: string): Locator {
    return this.root.getByTestId(`pick-${id}`);
  }
  rubric(n: number): Locator {
    return this.root.getByTestId(`rubric-${n}`);
  }
  agenda(n: number): Locator {
    return this.root.getByTestId(`agenda-${n}`);
  }
}

export class InterviewScreen extends InterviewView {
  constructor(readonly page: Page) {
    super(page);
  }

  /** Open the route (or a path under it, e.g. '#/interview/...'). */
  open(hash = '#/interview'): Promise<void> {
    return gotoRoute(this.page, hash);
  }
}
