// The practice page's grading worker: graders and the Lua engine run here, never on the page's
// thread. One request, one answer; the page terminates this worker and starts a new one when a
// grade does not answer in time (gradeClient.ts), which stops even a loop inside a C call.
// `init` also loads the Lua engine, so a worker started ahead of time (prewarm) grades at once.
/// <reference lib="webworker" />
import { gradeProblem, type GradeReport } from '../core/grading/grade';
import { luaEngine, setLuaEngineProvider } from '../core/grading/lua';
import type { ProblemContext, Submission } from '../core/grading/types';
import { createLuaEngine } from '../core/lua/index';
import { errorMessage } from '../core/util/errorMessage';

declare const self: DedicatedWorkerGlobalScope;

export interface GradeJob {
  slug: string;
  graderId: string;
  submission: Submission;
  problem: ProblemContext;
  seed: number;
}

export type GradeWorkerRequest =
  | { id: number; type: 'init'; wasmUrl: string; budgetMs: number }
  | ({ id: number; type: 'grade' } & GradeJob);

export type GradeWorkerResponse =
  | { id: number; type: 'ok' }
  | {
      id: number;
      type: 'result';
      report: GradeReport & { cases: { name: string; passed: boolean }[] };
    }
  | { id: number; type: 'error'; message: string };

async function handle(msg: GradeWorkerRequest): Promise<GradeWorkerResponse> {
  if (msg.type === 'init') {
    const { wasmUrl, budgetMs } = msg;
    setLuaEngineProvider(() => createLuaEngine({ wasmUrl, budgetMs }));
    // Load and compile the Lua engine now, while the learner reads the problem, so the first
    // grade does not pay for it (the engine is shared by every grade in this worker).
    await luaEngine();
    return { id: msg.id, type: 'ok' };
  }
  const report = await gradeProblem(msg.slug, msg.graderId, msg.submission, msg.problem, msg.seed);
  return { id: msg.id, type: 'result', report };
}

self.onmessage = (e: MessageEvent<GradeWorkerRequest>) => {
  handle(e.data).then(
    (r) => self.postMessage(r),
    (err: unknown) =>
      self.postMessage({
        id: e.data.id,
        type: 'error',
        message: errorMessage(err),
      } satisfies GradeWorkerResponse),
  );
};
