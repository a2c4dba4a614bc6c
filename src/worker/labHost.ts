// The lab worker's message handling, shared by the page's Web Worker (labWorker.ts) and
// Node's worker thread (src/cli/labThread.ts): one job, one fresh Lua engine, the job's
// stream of script starts and writes, then its result.
import { registerLimiter } from '../core/limiters/registry';
import { createLuaEngine } from '../core/lua/index';
import { SCRIPT_STEP_BUDGET } from '../core/lua/budget';
import { runLabJob } from './labJob';
import type { LabWorkerMessage, LabWorkerRequest } from './labProtocol';
import { errorMessage } from '../core/util/errorMessage';

export async function handleLabRequest(
  req: LabWorkerRequest,
  post: (m: LabWorkerMessage) => void,
): Promise<void> {
  const { id, wasmUrl, job } = req;
  try {
    // A fresh engine per job (the compiled module is shared): nothing of one run's Lua
    // (globals, __gc handlers) survives into the next.
    const engine = await createLuaEngine({
      ...(wasmUrl ? { wasmUrl } : {}),
      // The script step budget (core/lua/budget.ts): a runaway is stopped by its step count,
      // deterministically, in a fraction of the deadline even on a loaded machine, and 3 of
      // them settle a hostile scenario within a few seconds. Tests may pass their own.
      budgetSteps: job.budgetSteps ?? SCRIPT_STEP_BUDGET,
    });
    const result = runLabJob(
      job,
      engine,
      {
        start: (seq) => post({ type: 'start', id, seq }),
        end: (seq) => post({ type: 'end', id, seq }),
        write: (seq, args) => post({ type: 'write', id, seq, args }),
      },
      (f) => registerLimiter('lua', f),
    );
    post({ type: 'done', id, result });
  } catch (err) {
    post({ type: 'error', id, message: errorMessage(err) });
  }
}
