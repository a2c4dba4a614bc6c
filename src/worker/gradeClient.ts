// The page's side of the grading worker, over the one worker client (workerClient.ts): a
// grade that gets no answer in time means something in the answer never finishes, so the
// worker is terminated (a hard stop, even inside a loop in C) and a fresh one is started next
// time; the grade is reported as timed out.
import wasmUrl from '../core/lua/wasm/lua51.wasm?url';
import { timedOut, type GradeReport } from '../core/grading/grade';
import type { GradeJob, GradeWorkerRequest, GradeWorkerResponse } from './gradeWorker';
import { WorkerClient, WorkerTimeoutError } from './workerClient';

type Body = GradeWorkerRequest extends infer R
  ? R extends { id: number }
    ? Omit<R, 'id'>
    : never
  : never;

/** Each Lua call may use this much wall time before the engine stops it. */
const SCRIPT_BUDGET_MS = 250;
/** A grade with no answer by then is stopped (generous: phones and busy laptops are slower). */
export const GRADE_TIMEOUT_MS = 12_000;
const INIT_TIMEOUT_MS = 15_000;

export type GradeOutcome = GradeReport & { cases: { name: string; passed: boolean }[] };

export class GradeWorkerClient {
  private readonly client: WorkerClient<Body, GradeWorkerResponse>;

  constructor(spawn: () => Worker = defaultSpawn) {
    this.client = new WorkerClient({
      name: 'the grading worker',
      spawn,
      init: { type: 'init', wasmUrl, budgetMs: SCRIPT_BUDGET_MS },
      initTimeoutMs: INIT_TIMEOUT_MS,
      initTimeoutMessage: () => 'the grading worker did not start',
      timeoutMessage: (ms) => `the grade did not finish within ${ms / 1000} s`,
    });
  }

  async grade(job: GradeJob, timeoutMs = GRADE_TIMEOUT_MS): Promise<GradeOutcome> {
    await this.client.start();
    const t0 = performance.now();
    try {
      const r = await this.client.request({ type: 'grade', ...job }, timeoutMs);
      if (r.type === 'result') return r.report;
      throw new Error(r.type === 'error' ? r.message : 'the grading worker answered out of turn');
    } catch (e) {
      if (!(e instanceof WorkerTimeoutError)) throw e;
      const seconds = Math.round((performance.now() - t0) / 100) / 10;
      return { ...timedOut(job.slug, job.seed, seconds), cases: [] };
    }
  }

  /**
   * Starts the worker and loads its Lua engine ahead of the first grade (the practice page
   * calls this when it opens). Safe to call again: a running worker is reused.
   */
  prewarm(): Promise<void> {
    return this.client.start().catch(() => {
      // A failed start is reported by the grade that needs it (start() runs again then).
    });
  }

  terminate(): void {
    this.client.terminate();
  }
}

function defaultSpawn(): Worker {
  return new Worker(new URL('./gradeWorker.ts', import.meta.url), { type: 'module' });
}

let shared: GradeWorkerClient | null = null;
/** The page's one grading worker (created on first use, reused by every grade after). */
export function gradeWorker(): GradeWorkerClient {
  shared ??= new GradeWorkerClient();
  return shared;
}
