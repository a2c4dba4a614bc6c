// One grade, as the command line and the practice page report it: the problem, the verdict,
// a one-line summary, the first failing case (or null) and the seed that replays the attempt.
import { graderById } from './registry';
import type { FailingCase, GradeOptions, GradeResult, ProblemContext, Submission } from './types';

export interface GradeReport {
  problem: string;
  passed: boolean;
  summary: string;
  failure: FailingCase | null;
  seed: number;
  /** How many hidden cases the grade has in all, run or not (absent: every case ran). */
  total?: number;
}

/** The largest seed an attempt may use (fast-check seeds are 32-bit integers). */
export const MAX_SEED = 2 ** 31 - 1;

export const isSeed = (n: number): boolean => Number.isInteger(n) && n >= 0 && n <= MAX_SEED;

/** Grades `sub` for problem `slug` (whose grader is `graderId`) with the attempt's seed. */
export async function gradeProblem(
  slug: string,
  graderId: string,
  sub: Submission,
  problem: ProblemContext,
  seed = 0,
  opts: Omit<GradeOptions, 'seed' | 'problem'> = {},
): Promise<GradeReport & { cases: GradeResult['cases'] }> {
  const g = graderById(graderId);
  if (!g)
    return {
      problem: slug,
      passed: false,
      summary: `This problem names a grader ("${graderId}") that this build does not have.`,
      failure: null,
      seed,
      cases: [],
    };
  let r: GradeResult;
  try {
    r = await g.grade(sub, { ...opts, problem, seed });
  } catch (e) {
    r = {
      passed: false,
      summary: `The grader stopped with an error: ${(e as Error).message}`,
      cases: [],
    };
  }
  return {
    problem: slug,
    passed: r.passed,
    summary: r.summary,
    failure: r.failure ?? null,
    seed,
    cases: r.cases,
    ...(r.total !== undefined ? { total: r.total } : {}),
  };
}

/** A grade that ran out of time: the learner's code never finished. */
export function timedOut(slug: string, seed: number, seconds: number): GradeReport {
  const message = `The grade was stopped after ${seconds} s without finishing. Something in the answer runs for too long (a loop that never ends, or one that works through far too much data, in Lua or inside a library call).`;
  return {
    problem: slug,
    passed: false,
    summary: `Stopped after ${seconds} s: the answer did not finish in time.`,
    failure: { name: 'the time limit', message },
    seed,
  };
}
