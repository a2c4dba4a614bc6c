// Grader wiring for the browser: every grade runs in the grading worker (src/worker), never on
// the page's thread, with a hard deadline; a worker that fails becomes a readable failure.
import type { GradeOutcome } from '../worker/gradeClient';
import { gradeWorker } from '../worker/gradeClient';
import type { ProblemContext, Submission } from '../core/grading/types';

export type { GradeOutcome };

/** Grades a submission of problem `slug` with the attempt's seed. */
export async function grade(
  slug: string,
  graderId: string,
  sub: Submission,
  problem: ProblemContext = {},
  seed = 0,
): Promise<GradeOutcome> {
  try {
    return await gradeWorker().grade({ slug, graderId, submission: sub, problem, seed });
  } catch (e) {
    return {
      problem: slug,
      passed: false,
      summary: `The grader stopped with an error: ${(e as Error).message}`,
      failure: null,
      seed,
      cases: [],
    };
  }
}

/** Starts the grading worker now, so the first grade does not wait for it to load. */
export function prewarmGrading(): void {
  void gradeWorker().prewarm();
}
