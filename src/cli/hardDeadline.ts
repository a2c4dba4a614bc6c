// Runs a module in a worker thread and gives up on it at a hard deadline: worker.terminate()
// stops it even inside a loop in C or WebAssembly, where no hook of the Lua engine can reach.
// (Meant to become the command line's shared sandbox, src/cli/sandbox.ts.)
import { Worker } from 'node:worker_threads';

export type DeadlineResult<T> =
  { ok: true; value: T } | { ok: false; reason: 'timeout' | 'error'; message: string };

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
): Promise<DeadlineResult<T>> {
  const tsx = import.meta.resolve('tsx/esm/api');
  const boot = `import { register } from ${JSON.stringify(tsx)};\nregister();\nawait import(${JSON.stringify(moduleUrl.href)});`;
  const cpu0 = process.cpuUsage();
  return new Promise((resolve) => {
    let done = false;
    const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(boot)}`), {
      workerData: data,
      stdout: true,
      stderr: true,
    });
    const finish = (r: DeadlineResult<T>) => {
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
