// The page's side of the races worker, over the one worker client (workerClient.ts): every
// request has a deadline; a worker that misses one is stuck (a runaway script, a search too
// big), so it is terminated and a fresh one starts with the next request. The page keeps each screen's schedule itself, so a
// replaced worker loses nothing: the next request replays it.
import wasmUrl from '../core/lua/wasm/lua51.wasm?url';
import { SCRIPT_BUDGET_MS } from '../core/lua/budget';
import type { SessionState } from '../core/races/session';
import type { Action, ExploreInput, ExploreResult } from '../core/races/types';
import type { RacesRequestBody, RacesResponse } from './racesProtocol';
import { WorkerClient } from './workerClient';

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
  private readonly client: WorkerClient<RacesRequestBody, RacesResponse>;

  constructor(spawn: () => Worker = defaultSpawn) {
    this.client = new WorkerClient({
      name: 'the races worker',
      spawn,
      init: { type: 'init', wasmUrl, budgetMs: SLICE_BUDGET_MS },
      initTimeoutMs: INIT_TIMEOUT_MS,
      timeoutMessage: (ms) =>
        `the races worker did not answer within ${ms / 1000} s, so the lab stopped it and will start a fresh one`,
    });
  }

  /** How many times a stuck worker was replaced. */
  get restarts(): number {
    return this.client.restarts;
  }

  async session(
    input: unknown,
    schedule: Action[],
  ): Promise<{ state: SessionState; input: ExploreInput }> {
    const r = await this.client.request({ type: 'session', input, schedule }, SESSION_TIMEOUT_MS);
    if (r.type === 'session') return { state: r.state, input: r.input };
    throw this.error(r);
  }

  async link(param: string): Promise<{ input: ExploreInput; schedule: Action[] }> {
    const r = await this.client.request({ type: 'link', param }, SESSION_TIMEOUT_MS);
    if (r.type === 'link') return { input: r.input, schedule: r.schedule };
    throw this.error(r);
  }

  async explore(input: unknown): Promise<ExploreResult> {
    const r = await this.client.request(
      { type: 'explore', input, softDeadlineMs: EXPLORE_SOFT_MS },
      EXPLORE_TIMEOUT_MS,
    );
    if (r.type === 'explore') return r.result;
    throw this.error(r);
  }

  terminate(): void {
    this.client.terminate();
  }

  private error(r: RacesResponse): Error {
    if (r.type === 'error') return new RacesError(r.message, r.state, r.input);
    return new Error('the races worker answered out of turn');
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
