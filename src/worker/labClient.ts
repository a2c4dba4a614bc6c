// The caller's side of the lab's Lua worker (a Web Worker in the page, a worker thread in
// Node: anything WorkerLike). Jobs run one at a time. While a script runs, a wall-clock
// deadline is armed; when it passes, the worker is terminated whatever it is doing (a `__gc`
// loop, one long C call) and the scenario runs again in a fresh worker with that script run
// marked killed, together with the writes it had streamed (labJob.ts decides it as an error
// and applies them). After KILL_CAP stops the job decides the rest without running, so a
// hostile scenario settles in about KILL_CAP deadlines.
import type { LabJob, LabJobResult } from './labJob';
import { KILL_CAP, SCRIPT_DEADLINE_MS, scriptsOf } from './labLimits';
import type { LabWorkerMessage, LabWorkerRequest } from './labProtocol';

export interface WorkerLike {
  postMessage(m: LabWorkerRequest): void;
  terminate(): void;
  /** Replace the listeners (null: none). */
  listen(
    onMessage: ((m: LabWorkerMessage) => void) | null,
    onError: ((message: string) => void) | null,
  ): void;
}

/** A page's Web Worker as WorkerLike. */
export function webWorker(w: Worker): WorkerLike {
  return {
    postMessage: (m) => w.postMessage(m),
    terminate: () => w.terminate(),
    listen(onMessage, onError) {
      w.onmessage = onMessage ? (e: MessageEvent<LabWorkerMessage>) => onMessage(e.data) : null;
      w.onerror = onError
        ? (e: ErrorEvent) => {
            e.preventDefault();
            onError(e.message || 'it could not start');
          }
        : null;
    },
  };
}

export interface LabClientOptions {
  spawn(): WorkerLike;
  /** The bundled lua51.wasm URL (page); '' in Node. */
  wasmUrl: string;
  /** One script run's wall-clock deadline (default SCRIPT_DEADLINE_MS). */
  deadlineMs?: number;
  /** A whole attempt's limit, the engine's own work included (default 20 s). */
  jobTimeoutMs?: number;
  /** The engine's step budget (default: the lab's); tests give one no loop reaches. */
  budgetSteps?: number;
}

/** How long a script stopped KILL_CAP times is decided without running in other jobs. */
const STRUCK_MS = 10_000;

/** After a deadline, how long messages already sent may still arrive before the kill. */
const GRACE_MS = 25;

type Attempt =
  | { kind: 'done'; result: LabJobResult }
  | { kind: 'killed'; seq: number; writes: string[][] }
  | { kind: 'failed'; message: string };

export class LabWorkerClient {
  private worker: WorkerLike | null = null;
  private nextId = 1;
  private queue: Promise<unknown> = Promise.resolve();
  /** Workers terminated at a deadline so far (tests, diagnostics). */
  kills = 0;
  /**
   * Scripts stopped KILL_CAP times in a job (when): a job with the same scripts within
   * STRUCK_MS (the other lanes of one change) decides them without running them.
   */
  private readonly struck = new Map<string, number>();

  constructor(private readonly opts: LabClientOptions) {}

  get deadlineMs(): number {
    return this.opts.deadlineMs ?? SCRIPT_DEADLINE_MS;
  }

  /** Run a scenario's lab run in the worker (validation errors come back as results). */
  compute(input: unknown, seekable: boolean): Promise<LabJobResult> {
    const next = this.queue.then(() => this.computeNow(input, seekable));
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Stop the worker (the next job starts a fresh one). */
  terminate(): void {
    this.worker?.terminate();
    this.worker = null;
  }

  private async computeNow(input: unknown, seekable: boolean): Promise<LabJobResult> {
    const killed: [number, string[][]][] = [];
    const scripts = scriptsOf(input);
    const now = performance.now();
    const capped =
      scripts.length > 0 &&
      scripts.every((s) => now - (this.struck.get(s) ?? -Infinity) < STRUCK_MS);
    for (;;) {
      const job: LabJob = {
        input,
        seekable,
        killed: [...killed],
        deadlineMs: this.deadlineMs,
        capped,
        ...(this.opts.budgetSteps ? { budgetSteps: this.opts.budgetSteps } : {}),
      };
      const a = await this.attempt(job);
      if (a.kind === 'done') {
        if (a.result.ok && !capped)
          for (const s of scripts)
            if (a.result.stops >= KILL_CAP) this.struck.set(s, performance.now());
            else this.struck.delete(s);
        return a.result;
      }
      if (a.kind === 'failed') return { ok: false, errors: [a.message], message: a.message };
      killed.push([a.seq, a.writes]);
      if (killed.length > KILL_CAP) {
        const message = `the lab's Lua worker was stopped ${killed.length} times in one run`;
        return { ok: false, errors: [message], message };
      }
    }
  }

  private attempt(job: LabJob): Promise<Attempt> {
    const w = (this.worker ??= this.opts.spawn());
    const id = this.nextId++;
    const deadline = this.deadlineMs;
    const jobTimeout = this.opts.jobTimeoutMs ?? 20_000;
    return new Promise<Attempt>((resolve) => {
      let seq = -1;
      let writes: string[][] = [];
      let timer: ReturnType<typeof setTimeout> | null = null;
      let settled = false;
      const finish = (a: Attempt, kill: boolean) => {
        if (settled) return;
        settled = true;
        if (timer) clearTimeout(timer);
        clearTimeout(overall);
        w.listen(null, null);
        if (kill) {
          if (this.worker === w) this.worker = null;
          w.terminate();
        }
        resolve(a);
      };
      const overall = setTimeout(
        () =>
          finish(
            {
              kind: 'failed',
              message: `the run took longer than ${jobTimeout / 1000} s, so the lab stopped its Lua worker`,
            },
            true,
          ),
        jobTimeout,
      );
      const onMessage = (m: LabWorkerMessage) => {
        if (m.id !== id) return;
        switch (m.type) {
          case 'start':
            seq = m.seq;
            writes = [];
            if (timer) clearTimeout(timer);
            timer = setTimeout(() => {
              // Messages the script sent before the deadline may still be queued behind this
              // timer: a short grace lets them in, then the worker goes.
              timer = setTimeout(() => {
                this.kills++;
                finish({ kind: 'killed', seq, writes }, true);
              }, GRACE_MS);
            }, deadline);
            break;
          case 'end':
            if (timer) clearTimeout(timer);
            timer = null;
            break;
          case 'write':
            if (m.seq === seq) writes.push(m.args);
            break;
          case 'done':
            finish({ kind: 'done', result: m.result }, false);
            break;
          case 'error':
            finish({ kind: 'failed', message: `the lab's Lua worker failed: ${m.message}` }, true);
            break;
        }
      };
      const onError = (message: string) =>
        finish({ kind: 'failed', message: `the lab's Lua worker failed: ${message}` }, true);
      w.listen(onMessage, onError);
      w.postMessage({ type: 'run', id, wasmUrl: this.opts.wasmUrl, job });
    });
  }
}
