// A workshop learner's progress board row, read from what the practice grader recorded in this
// browser (src/store/progress.ts), never from a button: a problem is attempted once the learner
// asked for a grade, and solved once the grader passed an answer.
import type { ProblemStatus } from '../../core/live/room';
import type { ProgressData } from '../../store/progress';

export function gradedProgress(
  data: Pick<ProgressData, 'attempts' | 'problemsSolved'>,
  problems: readonly string[],
): Record<string, ProblemStatus> {
  const out: Record<string, ProblemStatus> = {};
  for (const slug of problems) {
    if (data.problemsSolved[slug] !== undefined) out[slug] = 'solved';
    else if ((data.attempts[slug] ?? 0) > 0) out[slug] = 'attempted';
  }
  return out;
}

/** What the server has not heard yet (it keeps solved as solved, so nothing goes back). */
export function progressToSend(
  graded: Record<string, ProblemStatus>,
  reported: Record<string, ProblemStatus>,
): { problem: string; status: ProblemStatus }[] {
  const out: { problem: string; status: ProblemStatus }[] = [];
  for (const [problem, status] of Object.entries(graded)) {
    const had = reported[problem];
    if (had === status || had === 'solved') continue;
    out.push({ problem, status });
  }
  return out;
}
