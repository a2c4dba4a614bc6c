// The page's side of the editor worker, over src/worker/channel.ts: a request that gets no
// answer in time means the worker is stuck, so it is terminated and a fresh one is started
// for the next run; the page itself never waits on Lua.
import wasmUrl from '../core/lua/wasm/lua51.wasm?url';
import { SCRIPT_BUDGET_MS } from '../core/lua/budget';
import type { RunInput, RunOutput } from '../core/playground/runner';
import { WorkerChannel } from './channel';
import type { EditorWorkerRequest, EditorWorkerResponse } from './editorWorker';

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
  private readonly channel = new WorkerChannel<Body, EditorWorkerResponse>('the Lua worker');
  private ready: Promise<void> | null = null;
  /** How many times a stuck worker was replaced (shown to the learner). */
  restarts = 0;

  constructor(private readonly spawn: () => Worker = defaultSpawn) {}

  async run(input: RunInput): Promise<RunOutput> {
    await this.start();
    const r = await this.send({ type: 'run', input }, RUN_TIMEOUT_MS);
    if (r.type === 'result') return r.output;
    throw new Error(r.type === 'error' ? r.message : 'the Lua worker answered out of turn');
  }

  terminate(): void {
    this.ready = null;
    this.channel.close(new Error('the Lua worker was stopped'));
  }

  private start(): Promise<void> {
    if (!this.ready) {
      this.channel.open(this.spawn, (e) => {
        e.preventDefault();
        this.ready = null;
        this.channel.close(
          new Error(`the Lua worker failed: ${e.message || 'it could not start'}`),
        );
      });
      this.ready = this.send(
        {
          type: 'init',
          wasmUrl,
          budgetMs: SCRIPT_BUDGET_MS /* the one script step budget, core/lua/budget.ts */,
        },
        INIT_TIMEOUT_MS,
      ).then((r) => {
        if (r.type === 'error') throw new Error(r.message);
      });
      this.ready.catch(() => this.terminate());
    }
    return this.ready;
  }

  private send(body: Body, timeoutMs: number): Promise<EditorWorkerResponse> {
    return this.channel.send(body, timeoutMs, () => {
      this.restarts++;
      this.terminate();
      return new Error(
        `the script did not finish within ${timeoutMs / 1000} s, so the lab stopped its worker and started a fresh one`,
      );
    });
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
