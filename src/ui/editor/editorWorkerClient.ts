// The page's side of the editor worker. Follows src/worker/client.ts: a request that gets no
// answer in time means the worker is stuck, so it is terminated and a fresh one is started
// for the next run; the page itself never waits on Lua.
import wasmUrl from 'wasmoon/dist/glue.wasm?url';
import type { RunInput, RunOutput } from '../../core/scripts/runner';
import type { EditorWorkerRequest, EditorWorkerResponse } from './editorWorker';

type Body = EditorWorkerRequest extends infer R
  ? R extends { id: number }
    ? Omit<R, 'id'>
    : never
  : never;

/** Each script run may use this much wall time before the engine stops it. */
export const SCRIPT_BUDGET_MS = 150;
/** A whole run may use this much before the rest of its requests are skipped. */
export const RUN_BUDGET_MS = 1500;
/** No answer within this long: the worker is stuck and is replaced. */
const RUN_TIMEOUT_MS = 6000;
const INIT_TIMEOUT_MS = 15000;

interface Pending {
  resolve: (r: EditorWorkerResponse) => void;
  reject: (e: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

export class EditorWorkerClient {
  private worker: Worker | null = null;
  private ready: Promise<void> | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
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
    this.worker?.terminate();
    this.worker = null;
    this.ready = null;
    for (const [, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(new Error('the Lua worker was stopped'));
    }
    this.pending.clear();
  }

  private start(): Promise<void> {
    if (!this.ready) {
      const w = this.spawn();
      this.worker = w;
      w.onmessage = (e: MessageEvent<EditorWorkerResponse>) => {
        const p = this.pending.get(e.data.id);
        if (!p) return;
        clearTimeout(p.timer);
        this.pending.delete(e.data.id);
        p.resolve(e.data);
      };
      w.onerror = (e) => {
        e.preventDefault();
        this.fail(new Error(`the Lua worker failed: ${e.message || 'it could not start'}`));
      };
      this.ready = this.send(
        { type: 'init', wasmUrl, budgetMs: SCRIPT_BUDGET_MS },
        INIT_TIMEOUT_MS,
      ).then((r) => {
        if (r.type === 'error') throw new Error(r.message);
      });
      this.ready.catch(() => this.terminate());
    }
    return this.ready;
  }

  private fail(e: Error): void {
    for (const [, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(e);
    }
    this.pending.clear();
    this.worker?.terminate();
    this.worker = null;
    this.ready = null;
  }

  private send(body: Body, timeoutMs: number): Promise<EditorWorkerResponse> {
    const w = this.worker;
    if (!w) return Promise.reject(new Error('the Lua worker is not running'));
    const id = this.nextId++;
    return new Promise<EditorWorkerResponse>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        this.restarts++;
        this.terminate();
        reject(
          new Error(
            `the script did not finish within ${timeoutMs / 1000} s, so the lab stopped its worker and started a fresh one`,
          ),
        );
      }, timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      w.postMessage({ ...body, id } as EditorWorkerRequest);
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
