// One practice attempt's grading state, out of the page so it can be tested in Node: whether a
// grade is running, the last result and the seed it used. A grade records the attempt in the
// learner's progress; a result that comes back after the attempt moved on (a new instance, a
// newer grade) is dropped, never shown against the wrong answer. zustand/vanilla: no React.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ProblemContext, Submission } from '../core/grading/types';
import type { GradeOutcome } from '../worker/gradeClient';

export interface AttemptState {
  busy: boolean;
  result: GradeOutcome | null;
  /** The seed of the grade running or last shown (null before the first grade). */
  seed: number | null;
}

export interface AttemptProblem {
  slug: string;
  graderId: string;
  context: ProblemContext;
  /** Title and link for the review queue. */
  reviewInfo: { title: string; href: string };
}

export interface AttemptDeps {
  grade(
    slug: string,
    graderId: string,
    sub: Submission,
    problem: ProblemContext,
    seed: number,
  ): Promise<GradeOutcome>;
  /** A fresh seed for an attempt that draws new cases. */
  freshSeed(): number;
  progress(): {
    attempted(slug: string): void;
    answered(id: string, right: boolean, info: { title: string; href: string }): void;
    markSolved(slug: string): void;
  };
}

export interface PracticeAttempt {
  store: StoreApi<AttemptState>;
  /**
   * Grades `sub`. `fixedSeed` grades that seed (a predict problem's instance, or a replay);
   * otherwise the grade draws fresh cases. Resolves with the result, or null when it was
   * superseded before it came back.
   */
  grade(sub: Submission, fixedSeed?: number): Promise<GradeOutcome | null>;
  /** A new attempt at the problem (e.g. another instance): the old result goes. */
  reset(): void;
}

export function createPracticeAttempt(p: AttemptProblem, deps: AttemptDeps): PracticeAttempt {
  const store = createStore<AttemptState>(() => ({ busy: false, result: null, seed: null }));
  let generation = 0;
  return {
    store,
    async grade(sub, fixedSeed) {
      const mine = ++generation;
      const seed = fixedSeed ?? deps.freshSeed();
      store.setState({ busy: true, result: null, seed });
      const r = await deps.grade(p.slug, p.graderId, sub, p.context, seed);
      if (mine !== generation) return null;
      store.setState({ busy: false, result: r });
      const progress = deps.progress();
      progress.attempted(p.slug);
      progress.answered(`problem:${p.slug}`, r.passed, p.reviewInfo);
      if (r.passed) progress.markSolved(p.slug);
      return r;
    },
    reset() {
      generation++;
      store.setState({ busy: false, result: null, seed: null });
    },
  };
}
