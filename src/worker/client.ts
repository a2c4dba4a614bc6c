// Main-thread client of the Redis worker. A request unanswered within `timeoutMs` means the
// worker is stuck (a script the engine could not stop): the worker is terminated and rebuilt
// from the last state snapshot, and the request fails with a message the UI can show.
import type { ModelState } from '../core/lua/modelState';
import { WorkerChannel } from './channel';
import type { RedisResponse, RequestBody } from './protocol';

export interface RedisClientOptions {
  /** Creates the worker, e.g. () => new Worker(new URL('./redisWorker.ts', import.meta.url), {type: 'module'}). */
  spawn: () => Worker;
  /** The bundled lua51.wasm URL (import wasmUrl from '../core/lua/wasm/lua51.wasm?url'). */
  wasmUrl: string;
  timeoutMs?: number;
  budgetMs?: number;
  /** Called after a stuck worker was replaced. */
  onRestart?: (reason: string) => void;
}

export class RedisWorkerClient {
  private readonly channel = new WorkerChannel<RequestBody, RedisResponse>('the Redis worker');
  private ready: Promise<void> | null = null;
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
    this.ready = null;
    this.channel.close(new Error('the Redis worker was stopped'));
  }

  private start(): Promise<void> {
    if (!this.ready) {
      this.channel.open(this.opts.spawn);
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
    return this.channel.send(body, timeoutMs, () => {
      this.restart('timeout');
      return new Error(`the Redis worker did not answer within ${timeoutMs} ms and was restarted`);
    });
  }

  private restart(reason: string): void {
    this.terminate();
    this.opts.onRestart?.(reason);
    void this.start().catch(() => undefined);
  }
}
