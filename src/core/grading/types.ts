// Graders check a practice answer on hidden cases run by the engine. They are pure (no DOM, no
// timers) and registered by id, which is the problem's slug (front matter `grader:`).
import type { Outcome } from '../lab/columns';

/** What the learner submits: the answer form's values, or `{code}` for fix/write problems. */
export type Submission = Record<string, unknown>;

/** One request of a failing case, as the reference decided it and as the answer did. */
export interface CaseRow {
  at: number;
  server: string;
  key: string;
  cost: number;
  expected: Outcome | string;
  actual: Outcome | string;
  /** Retry-After the reference gave (refusals only; -1: can never fit). */
  expectedRetry?: number | null;
  /** Retry-After the answer gave. */
  actualRetry?: number | null;
  /** The error this request got instead of a decision (e.g. a Lua error reply). */
  note?: string;
  /** The clock the limiter read for this request, when it differs from the true time. */
  clock?: number;
}

export interface FailingCase {
  /** Short name of the hidden case, e.g. "21 requests in one burst (N+1)". */
  name: string;
  /** What went wrong, in one or two sentences. */
  message: string;
  /** A scenario that replays the case in the lab (with the learner's answer in it). */
  scenario?: Record<string, unknown>;
  /** The reference's scenario, for a side-by-side comparison. */
  reference?: Record<string, unknown>;
  /** Per-request expected vs actual (only the first rows that matter). */
  rows?: CaseRow[];
  /** Index into rows of the first mismatch. */
  firstMismatch?: number;
  /** App-server interleavings: the round trips in the order they happened. */
  trace?: string[];
  /** A race failure: the explorer input and the schedule, replayable on the scheduler screen. */
  replay?: { input: unknown; schedule: { request: number; crash?: boolean }[] };
  /** The hidden case's own requests (generated cases: after shrinking). */
  requests?: Record<string, unknown>[];
  /** The seed that generated this case: grading again with it replays the same case. */
  seed?: number;
  /** Generated cases: how many generated cases passed first, and how often this one shrank. */
  generated?: { passedBefore: number; shrinks: number };
}

export interface GradeResult {
  passed: boolean;
  /** One-line verdict. */
  summary: string;
  /** Every hidden case in the order it ran (grading stops at the first failure). */
  cases: { name: string; passed: boolean }[];
  /** How many hidden cases the grade has in all, run or not (absent: all of `cases`). */
  total?: number;
  failure?: FailingCase;
  /** The attempt's seed (instance and generated cases); absent for graders that draw nothing. */
  seed?: number;
}

/** What a grader may read from the problem itself (its ```starter block). */
export interface ProblemContext {
  /** The starter JSON: a predict problem's `scenario`, a script's `keys` and `args`. */
  starter?: Record<string, unknown>;
}

export interface GradeOptions {
  /**
   * The attempt's seed. 0 (the default) grades the problem's own instance, the numbers in its
   * statement, with generated cases from seed 0; another seed draws instance N and its cases.
   */
  seed?: number;
  /** Called between cases so a UI can stay responsive (await a macrotask there). */
  yieldToUi?: () => Promise<void>;
  /** The problem being graded (predict graders run its starter scenario). */
  problem?: ProblemContext;
}

export interface Grader {
  id: string;
  /** What the submission must hold (documented for content writers). */
  expects: string;
  grade(sub: Submission, opts?: GradeOptions): Promise<GradeResult>;
}
