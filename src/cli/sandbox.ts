// Runs one exported function of a module in a Node worker thread with a hard wall-clock
// deadline: when the deadline passes the worker is terminated, whatever it is doing (a Lua
// loop inside C included), and the caller gets { ok: false, reason: 'timeout' }. Any verb
// that runs learner code (explore today; simulate, redis and grade can adopt it) calls it as
//   runInWorker(new URL('./job.ts', import.meta.url), 'job', input, { timeoutMs: 30000 })
// where job(input) returns (or resolves to) structured-cloneable data.
// Under tsx (`npm run cli`) a worker does not inherit tsx's loader for its entry, so the
// worker first registers tsx's ESM hooks, then imports the module.
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { LabWorkerMessage, LabWorkerRequest } from '../worker/labProtocol';

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
      resourceLimits: opts.resourceLimits ?? { maxOldGenerationSizeMb: 512 },
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
    resourceLimits: { maxOldGenerationSizeMb: 512 },
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
