// The command line's sandbox: every verb that runs learner Lua does it in a Node worker thread
// that can be terminated whatever it is doing (a loop inside C or WebAssembly included).
// - runInWorker: one exported function, one answer, a wall-clock deadline (explore);
// - runWithDeadline: a module's first message, a CPU and a wall-clock deadline (grade);
// - messageWorker: a long-lived thread spoken to by messages (simulate's lab worker, the redis
//   verb's cases), terminated by its caller at each job's deadline.
//
// runInWorker runs one exported function of a module in a Node worker thread with a hard
// wall-clock deadline: when the deadline passes the worker is terminated, whatever it is doing (a Lua
// loop inside C included), and the caller gets { ok: false, reason: 'timeout' }. Any verb
// that wants one answer calls it as
//   runInWorker(new URL('./job.ts', import.meta.url), 'job', input, { timeoutMs: 30000 })
// where job(input) returns (or resolves to) structured-cloneable data.
// Under tsx (`npm run cli`) a worker does not inherit tsx's loader for its entry, so the
// worker first registers tsx's ESM hooks, then imports the module.
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { LabWorkerMessage, LabWorkerRequest } from '../worker/labProtocol';

/**
 * Every sandbox thread's V8 heap cap: a learner's run that outgrows it ends its worker (an
 * error its verb reports), never the whole process as V8 running out of heap would.
 */
export const WORKER_HEAP: ResourceLimits = { maxOldGenerationSizeMb: 512 };

export type WorkerOutcome<T> =
  { ok: true; value: T } | { ok: false; reason: 'timeout' | 'error'; message: string };

export interface RunInWorkerOptions {
  /** Hard deadline, ms of wall time from the start of the worker. */
  timeoutMs: number;
  /** V8 heap caps for the worker (default: 512 MB old generation). */
  resourceLimits?: ResourceLimits;
}

const BOOT = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  if (workerData.tsx) (await import(workerData.tsx)).register();
  const mod = await import(workerData.module);
  const fn = mod[workerData.exportName];
  if (typeof fn !== 'function') throw new Error(workerData.module + ' has no export ' + workerData.exportName);
  const value = await fn(workerData.input);
  parentPort.postMessage({ ok: true, value });
})().catch((e) => {
  parentPort.postMessage({ ok: false, reason: 'error', message: e && e.message ? e.message : String(e) });
});
`;

function tsxLoader(moduleUrl: string): string | null {
  if (!/\.[cm]?tsx?$/.test(new URL(moduleUrl).pathname)) return null;
  try {
    return import.meta.resolve('tsx/esm/api');
  } catch {
    return null;
  }
}

export function runInWorker<T>(
  moduleUrl: URL | string,
  exportName: string,
  input: unknown,
  opts: RunInWorkerOptions,
): Promise<WorkerOutcome<T>> {
  const module = String(moduleUrl);
  return new Promise((resolve) => {
    let settled = false;
    const worker = new Worker(BOOT, {
      eval: true,
      workerData: { module, exportName, input, tsx: tsxLoader(module) },
      resourceLimits: opts.resourceLimits ?? WORKER_HEAP,
      stdout: false,
      stderr: false,
    });
    const settle = (o: WorkerOutcome<T>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(o);
    };
    const timer = setTimeout(
      () =>
        settle({
          ok: false,
          reason: 'timeout',
          message: `stopped after ${opts.timeoutMs / 1000} s`,
        }),
      opts.timeoutMs,
    );
    worker.on('message', (m: WorkerOutcome<T>) => settle(m));
    worker.on('error', (e: Error) => settle({ ok: false, reason: 'error', message: e.message }));
    worker.on('exit', (code) =>
      settle({
        ok: false,
        reason: 'error',
        message: `the worker exited (code ${code}) without an answer`,
      }),
    );
  });
}

/**
 * A worker thread running `moduleUrl` (a .ts module: tsx's hooks are registered first) that
 * talks by messages, as WorkerLike: the lab's Lua worker in Node (labThread.ts).
 */
/** A worker that talks by messages (the lab's WorkerLike is one). */
export interface MessageWorker<In, Out> {
  postMessage(m: In): void;
  terminate(): void;
  listen(onMessage: ((m: Out) => void) | null, onError: ((message: string) => void) | null): void;
}

export function messageWorker<In = LabWorkerRequest, Out = LabWorkerMessage>(
  moduleUrl: URL | string,
): MessageWorker<In, Out> {
  const module = String(moduleUrl);
  const tsx = tsxLoader(module);
  const boot = `${tsx ? `(await import(${JSON.stringify(tsx)})).register();\n` : ''}await import(${JSON.stringify(module)});`;
  const w = new Worker(new URL(`data:text/javascript,${encodeURIComponent(boot)}`), {
    resourceLimits: WORKER_HEAP,
    stdout: false,
    stderr: false,
  });
  let onMessage: ((m: Out) => void) | null = null;
  let onError: ((message: string) => void) | null = null;
  w.on('message', (m: Out) => onMessage?.(m));
  w.on('error', (e: Error) => onError?.(e.message));
  w.on('exit', (code) => onError?.(`the worker exited (code ${code})`));
  // Never keeps the process alive by itself.
  w.unref();
  return {
    postMessage: (m) => w.postMessage(m),
    terminate: () => void w.terminate(),
    listen(m, e) {
      onMessage = m;
      onError = e;
    },
  };
}

export interface Deadline {
  /** Stop once the process has used this much CPU time (user + system) since the start, ms. */
  cpuMs: number;
  /** Stop at this moment whatever happens (performance.now() time, ms). */
  wallMs: number;
}

/**
 * Starts `moduleUrl` (a .ts file: tsx is registered in the thread first) with `data` as its
 * workerData and waits for its first message. The worker is stopped when it has used up its
 * CPU budget (a runaway loop burns CPU at full speed, so on an idle machine that is wall time
 * too) or at the wall-clock limit (a machine so busy that nothing finishes).
 */
export function runWithDeadline<T>(
  moduleUrl: URL,
  data: unknown,
  deadline: Deadline,
): Promise<WorkerOutcome<T>> {
  const tsx = import.meta.resolve('tsx/esm/api');
  const boot = `import { register } from ${JSON.stringify(tsx)};\nregister();\nawait import(${JSON.stringify(moduleUrl.href)});`;
  const cpu0 = process.cpuUsage();
  return new Promise((resolve) => {
    let done = false;
    const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(boot)}`), {
      workerData: data,
      // A heap of its own: running out of it ends the worker, never the process.
      resourceLimits: WORKER_HEAP,
      stdout: true,
      stderr: true,
    });
    const finish = (r: WorkerOutcome<T>) => {
      if (done) return;
      done = true;
      clearInterval(timer);
      void worker.terminate();
      resolve(r);
    };
    const timer = setInterval(() => {
      const used = process.cpuUsage(cpu0);
      if ((used.user + used.system) / 1000 > deadline.cpuMs || performance.now() > deadline.wallMs)
        finish({ ok: false, reason: 'timeout', message: 'the deadline passed' });
    }, 25);
    worker.once('message', (value: T) => finish({ ok: true, value }));
    worker.once('error', (e) => finish({ ok: false, reason: 'error', message: e.message }));
    worker.once('exit', (code) =>
      finish({ ok: false, reason: 'error', message: `the worker stopped (exit code ${code})` }),
    );
  });
}
