// Main-thread client of the Redis worker. A request unanswered within `timeoutMs` means the
// worker is stuck (a script the engine could not stop): the worker is terminated and rebuilt
// from the last state snapshot, and the request fails with a message the UI can show.
import type { ModelState } from '../core/lua/modelState';
import type { RedisRequest, RedisResponse, RequestBody } from './protocol';

export interface RedisClientOptions {
  /** Creates the worker, e.g. () => new Worker(new URL('./redisWorker.ts', import.meta.url), {type: 'module'}). */
  spawn: () => Worker;
  /** The bundled glue.wasm URL (import wasmUrl from 'wasmoon/dist/glue.wasm?url'). */
  wasmUrl: string;
  timeoutMs?: number;
  budgetMs?: number;
  /** Called after a stuck worker was replaced. */
  onRestart?: (reason: string) => void;
}

interface Pending {
  resolve: (r: RedisResponse) => void;
  reject: (e: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

export class RedisWorkerClient {
  private worker: Worker | null = null;
  private ready: Promise<void> | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  /** The last state the worker reported (after every successful write-capable request). */
  private lastState: ModelState | undefined;

  constructor(private readonly opts: RedisClientOptions) {}

  /** Send a request; resolves with the worker's response (type 'error' included). */
  async request(body: RequestBody): Promise<RedisResponse> {
    await this.start();
    const r = await this.send(body);
    if (body.type !== 'snapshot' && r.type !== 'error') {
      const s = await this.send({ type: 'snapshot' });
      if (s.type === 'state') this.lastState = s.state;
    } else if (r.type === 'state') this.lastState = r.state;
    return r;
  }

  terminate(): void {
    this.worker?.terminate();
    this.worker = null;
    this.ready = null;
    for (const [, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(new Error('the Redis worker was stopped'));
    }
    this.pending.clear();
  }

  private start(): Promise<void> {
    if (!this.ready) {
      const w = this.opts.spawn();
      this.worker = w;
      w.onmessage = (e: MessageEvent<RedisResponse>) => {
        const p = this.pending.get(e.data.id);
        if (!p) return;
        clearTimeout(p.timer);
        this.pending.delete(e.data.id);
        p.resolve(e.data);
      };
      const init: RequestBody = {
        type: 'init',
        wasmUrl: this.opts.wasmUrl,
        budgetMs: this.opts.budgetMs,
        state: this.lastState,
      };
      // The wasm download and compile may take longer than a request; allow 15 s.
      const ready: Promise<void> = this.send(init, 15000).then((r) => {
        if (r.type !== 'error') return;
        // A worker that failed to initialise is of no use: drop it (the request that waited
        // for it fails with the error). The saved state may be what it choked on, so it is
        // dropped too: one retry starts at once from an empty model when there was a state,
        // otherwise the next request tries again (no endless respawning).
        if (this.ready === ready) {
          this.terminate();
          if (init.state !== undefined) {
            this.lastState = undefined;
            void this.start().catch(() => undefined);
          }
        }
        throw new Error(r.message);
      });
      this.ready = ready;
    }
    return this.ready;
  }

  private send(body: RequestBody, timeoutMs = this.opts.timeoutMs ?? 1500): Promise<RedisResponse> {
    const w = this.worker;
    if (!w) return Promise.reject(new Error('the Redis worker is not running'));
    const id = this.nextId++;
    return new Promise<RedisResponse>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(
          new Error(`the Redis worker did not answer within ${timeoutMs} ms and was restarted`),
        );
        this.restart('timeout');
      }, timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      w.postMessage({ ...body, id } as RedisRequest);
    });
  }

  private restart(reason: string): void {
    this.terminate();
    this.opts.onRestart?.(reason);
    void this.start().catch(() => undefined);
  }
}
