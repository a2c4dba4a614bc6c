// The page's side of the races worker, over channel.ts: every request has a deadline; a worker
// that misses one is stuck (a runaway script, a search too big), so it is terminated and a
// fresh one starts with the next request. The page keeps each screen's schedule itself, so a
// replaced worker loses nothing: the next request replays it.
import wasmUrl from '../core/lua/wasm/lua51.wasm?url';
import { SCRIPT_BUDGET_MS } from '../core/lua/budget';
import type { SessionState } from '../core/races/session';
import type { Action, ExploreInput, ExploreResult } from '../core/races/types';
import { WorkerChannel } from './channel';
import type { RacesRequestBody, RacesResponse } from './racesProtocol';

/** One Lua slice's budget: the one script step budget (core/lua/budget.ts). */
export const SLICE_BUDGET_MS = SCRIPT_BUDGET_MS;
const INIT_TIMEOUT_MS = 15000;
const SESSION_TIMEOUT_MS = 8000;
/** The explorer stops itself here (complete: false, and why): fast feedback ... */
export const EXPLORE_SOFT_MS = 4000;
/** ... and is replaced if it has not answered by here (a Lua slice stuck past its budget). */
const EXPLORE_TIMEOUT_MS = 15000;

export class RacesError extends Error {
  constructor(
    message: string,
    readonly state?: SessionState,
    readonly input?: ExploreInput,
  ) {
    super(message);
    this.name = 'RacesError';
  }
}

export class RacesWorkerClient {
  private readonly channel = new WorkerChannel<RacesRequestBody, RacesResponse>('the races worker');
  private ready: Promise<void> | null = null;
  restarts = 0;

  constructor(private readonly spawn: () => Worker = defaultSpawn) {}

  async session(
    input: unknown,
    schedule: Action[],
  ): Promise<{ state: SessionState; input: ExploreInput }> {
    const r = await this.request({ type: 'session', input, schedule }, SESSION_TIMEOUT_MS);
    if (r.type === 'session') return { state: r.state, input: r.input };
    throw this.error(r);
  }

  async link(param: string): Promise<{ input: ExploreInput; schedule: Action[] }> {
    const r = await this.request({ type: 'link', param }, SESSION_TIMEOUT_MS);
    if (r.type === 'link') return { input: r.input, schedule: r.schedule };
    throw this.error(r);
  }

  async explore(input: unknown): Promise<ExploreResult> {
    const r = await this.request(
      { type: 'explore', input, softDeadlineMs: EXPLORE_SOFT_MS },
      EXPLORE_TIMEOUT_MS,
    );
    if (r.type === 'explore') return r.result;
    throw this.error(r);
  }

  terminate(): void {
    this.ready = null;
    this.channel.close(new Error('the races worker was stopped'));
  }

  private error(r: RacesResponse): Error {
    if (r.type === 'error') return new RacesError(r.message, r.state, r.input);
    return new Error('the races worker answered out of turn');
  }

  private async request(body: RacesRequestBody, timeoutMs: number): Promise<RacesResponse> {
    await this.start();
    return this.send(body, timeoutMs);
  }

  private start(): Promise<void> {
    if (!this.ready) {
      this.channel.open(this.spawn, (e) => {
        e.preventDefault();
        this.ready = null;
        this.channel.close(
          new Error(`the races worker failed: ${e.message || 'it could not start'}`),
        );
      });
      this.ready = this.send(
        { type: 'init', wasmUrl, budgetMs: SLICE_BUDGET_MS },
        INIT_TIMEOUT_MS,
      ).then((r) => {
        if (r.type === 'error') throw new Error(r.message);
      });
      this.ready.catch(() => this.terminate());
    }
    return this.ready;
  }

  private send(body: RacesRequestBody, timeoutMs: number): Promise<RacesResponse> {
    return this.channel.send(body, timeoutMs, () => {
      this.restarts++;
      this.terminate();
      return new Error(
        `the races worker did not answer within ${timeoutMs / 1000} s, so the lab stopped it and will start a fresh one`,
      );
    });
  }
}

function defaultSpawn(): Worker {
  return new Worker(new URL('./racesWorker.ts', import.meta.url), { type: 'module' });
}

let shared: RacesWorkerClient | null = null;
/** The page's one races worker (created on first use). */
export function racesWorker(): RacesWorkerClient {
  shared ??= new RacesWorkerClient();
  return shared;
}
