// Request/response over one Web Worker, with a deadline per request (the editor's, races' and
// grading clients use it): an answer is matched to its request by id, and a request with no answer in time fails
// (the client then decides how to replace the worker).

interface Pending<Res> {
  resolve: (r: Res) => void;
  reject: (e: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

export class WorkerChannel<Req extends object, Res extends { id: number }> {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending<Res>>();

  /** `name` is how messages call the worker, e.g. "the Lua worker". */
  constructor(private readonly name: string) {}

  /** Starts a worker (any previous one must have been closed). */
  open(spawn: () => Worker, onError?: (e: ErrorEvent) => void): void {
    const w = spawn();
    this.worker = w;
    w.onmessage = (e: MessageEvent<Res>) => {
      const p = this.pending.get(e.data.id);
      if (!p) return;
      clearTimeout(p.timer);
      this.pending.delete(e.data.id);
      p.resolve(e.data);
    };
    if (onError) w.onerror = onError;
  }

  /**
   * Posts `body` with a fresh id. With no answer within `timeoutMs` the request is rejected
   * with the error `onTimeout` returns (which may close and restart the worker).
   */
  send(body: Req, timeoutMs: number, onTimeout: () => Error): Promise<Res> {
    const w = this.worker;
    if (!w) return Promise.reject(new Error(`${this.name} is not running`));
    const id = this.nextId++;
    return new Promise<Res>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(onTimeout());
      }, timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      w.postMessage({ ...body, id });
    });
  }

  /** Terminates the worker and fails every request still waiting with `reason`. */
  close(reason: Error): void {
    this.worker?.terminate();
    this.worker = null;
    for (const [, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(reason);
    }
    this.pending.clear();
  }
}
