// The page's side of the editor worker, over the one worker client (workerClient.ts): a run
// that gets no answer in time means the worker is stuck, so it is terminated and a fresh one
// is started for the next run; the page itself never waits on Lua.
import wasmUrl from '../core/lua/wasm/lua51.wasm?url';
import { SCRIPT_BUDGET_MS } from '../core/lua/budget';
import type { RunInput, RunOutput } from '../core/playground/runner';
import type { EditorWorkerRequest, EditorWorkerResponse } from './editorWorker';
import { WorkerClient } from './workerClient';

type Body = EditorWorkerRequest extends infer R
  ? R extends { id: number }
    ? Omit<R, 'id'>
    : never
  : never;

/** A whole run may use this much before the rest of its requests are skipped. */
export const RUN_BUDGET_MS = 1500;
/** No answer within this long: the worker is stuck and is replaced. */
const RUN_TIMEOUT_MS = 6000;
const INIT_TIMEOUT_MS = 15000;

export class EditorWorkerClient {
  private readonly client: WorkerClient<Body, EditorWorkerResponse>;

  constructor(spawn: () => Worker = defaultSpawn) {
    this.client = new WorkerClient({
      name: 'the Lua worker',
      spawn,
      // The one script step budget, core/lua/budget.ts.
      init: { type: 'init', wasmUrl, budgetMs: SCRIPT_BUDGET_MS },
      initTimeoutMs: INIT_TIMEOUT_MS,
      timeoutMessage: (ms) =>
        `the script did not finish within ${ms / 1000} s, so the lab stopped its worker and started a fresh one`,
    });
  }

  /** How many times a stuck worker was replaced (shown to the learner). */
  get restarts(): number {
    return this.client.restarts;
  }

  async run(input: RunInput): Promise<RunOutput> {
    const r = await this.client.request({ type: 'run', input }, RUN_TIMEOUT_MS);
    if (r.type === 'result') return r.output;
    throw new Error(r.type === 'error' ? r.message : 'the Lua worker answered out of turn');
  }

  terminate(): void {
    this.client.terminate();
  }
}

function defaultSpawn(): Worker {
  return new Worker(new URL('./editorWorker.ts', import.meta.url), { type: 'module' });
}

let shared: EditorWorkerClient | null = null;
/** The page's one editor worker (created on first use). */
export function editorWorker(): EditorWorkerClient {
  shared ??= new EditorWorkerClient();
  return shared;
}
