// `simulate` of a scenario with learner Lua: the run is made in a worker thread (the lab's Lua
// worker, labThread.ts) with a wall-clock deadline per script, so no script can hang the
// command; this thread only reads the finished run (its "lua" never runs a script).
import { wrapEngineRun } from '../core/lab/labRun';
import { unpackRun } from '../core/lab/transfer';
import { registerLimiter } from '../core/limiters/registry';
import { luaViewFactory } from '../core/lua/luaLimiter';
import { simulateResult, type SimResult } from '../core/simulate';
import { LabWorkerClient } from '../worker/labClient';
import { messageWorker } from './sandbox';

export type LuaSimulation =
  { ok: true; result: SimResult; notes: string[] } | { ok: false; errors: string[] };

export async function simulateInWorker(
  input: unknown,
  deadlineMs?: number,
): Promise<LuaSimulation> {
  const client = new LabWorkerClient({
    spawn: () => messageWorker(new URL('./labThread.ts', import.meta.url)),
    wasmUrl: '',
    ...(deadlineMs ? { deadlineMs } : {}),
    // A worker thread boots slowly on a loaded machine; the deadline is per script.
    jobTimeoutMs: 60_000,
  });
  try {
    const r = await client.compute(input, false);
    if (!r.ok) return { ok: false, errors: r.errors };
    registerLimiter('lua', luaViewFactory);
    const run = wrapEngineRun(unpackRun(r.run), false);
    return { ok: true, result: simulateResult(run), notes: r.notes };
  } finally {
    client.terminate();
  }
}
