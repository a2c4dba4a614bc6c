// The page's side of a request/response Web Worker (the editor's, the races' and the grading
// worker): started on first use with an init message, each request matched to its answer by
// id and given a deadline. A request with no answer in time means the worker is stuck (a
// runaway script, a search too big): it is terminated at once, whatever it is doing, every
// other waiting request fails, and the next request starts a fresh worker. The page itself
// never waits on Lua.

/** Every worker answers a failed request with this. */
interface ErrorAnswer {
  type: 'error';
  message: string;
}

export interface WorkerClientOptions<Body> {
  /** How messages name the worker, e.g. "the Lua worker". */
  name: string;
  spawn: () => Worker;
  /** The first message a fresh worker gets (it loads its Lua engine): answered 'ok' or 'error'. */
  init: Body;
  initTimeoutMs: number;
  /** Why a request that got no answer within `timeoutMs` failed. */
  timeoutMessage: (timeoutMs: number) => string;
  /** Why a fresh worker did not start in time (default: timeoutMessage). */
  initTimeoutMessage?: (timeoutMs: number) => string;
}

/** A request that missed its deadline (the worker was stopped for it). */
export class WorkerTimeoutError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WorkerTimeoutError';
  }
}

interface Pending<Res> {
  resolve: (r: Res) => void;
  reject: (e: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

export class WorkerClient<Body extends object, Res extends { id: number; type: string }> {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending<Res>>();
  private ready: Promise<void> | null = null;
  /** Workers stopped because they missed a deadline. */
  restarts = 0;

  constructor(private readonly opts: WorkerClientOptions<Body>) {}

  /** Starts the worker and sends it init, unless one is running; fails as init failed. */
  start(): Promise<void> {
    if (!this.ready) {
      this.open();
      const { initTimeoutMs } = this.opts;
      const message = this.opts.initTimeoutMessage ?? this.opts.timeoutMessage;
      this.ready = this.post(
        this.opts.init,
        initTimeoutMs,
        () => new Error(message(initTimeoutMs)),
      ).then((r) => {
        if (r.type === 'error') throw new Error((r as unknown as ErrorAnswer).message);
      });
      this.ready.catch(() => this.terminate());
    }
    return this.ready;
  }

  /**
   * Sends `body` (starting the worker first if needed). With no answer within `timeoutMs` the
   * worker is stopped and the request fails with a WorkerTimeoutError.
   */
  async request(body: Body, timeoutMs: number): Promise<Res> {
    await this.start();
    return this.post(
      body,
      timeoutMs,
      () => new WorkerTimeoutError(this.opts.timeoutMessage(timeoutMs)),
    );
  }

  /** Terminates the worker and fails every request still waiting (the next one starts anew). */
  terminate(): void {
    this.ready = null;
    this.close(new Error(`${this.opts.name} was stopped`));
  }

  private open(): void {
    const w = this.opts.spawn();
    this.worker = w;
    w.onmessage = (e: MessageEvent<Res>) => {
      const p = this.pending.get(e.data.id);
      if (!p) return;
      clearTimeout(p.timer);
      this.pending.delete(e.data.id);
      p.resolve(e.data);
    };
    w.onerror = (e: ErrorEvent) => {
      e.preventDefault();
      this.ready = null;
      this.close(new Error(`${this.opts.name} failed: ${e.message || 'it could not start'}`));
    };
  }

  private post(body: Body, timeoutMs: number, timeoutError: () => Error): Promise<Res> {
    const w = this.worker;
    if (!w) return Promise.reject(new Error(`${this.opts.name} is not running`));
    const id = this.nextId++;
    return new Promise<Res>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        this.restarts++;
        this.terminate();
        reject(timeoutError());
      }, timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      w.postMessage({ ...body, id });
    });
  }

  private close(reason: Error): void {
    this.worker?.terminate();
    this.worker = null;
    for (const [, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(reason);
    }
    this.pending.clear();
  }
}
