// The worker thread of `grade`: loads the graders and the Lua engine, grades one answer and
// posts the report. The main thread terminates it at the deadline (sandbox.ts runWithDeadline).
import { parentPort, workerData } from 'node:worker_threads';
import '../core/lua/register';
import { gradeProblem } from '../core/grading/grade';
import type { ProblemContext, Submission } from '../core/grading/types';

interface Job {
  slug: string;
  graderId: string;
  submission: Submission;
  problem: ProblemContext;
  seed: number;
}

const job = workerData as Job;
const r = await gradeProblem(job.slug, job.graderId, job.submission, job.problem, job.seed);
parentPort!.postMessage({
  problem: r.problem,
  passed: r.passed,
  summary: r.summary,
  failure: r.failure,
  seed: r.seed,
});
