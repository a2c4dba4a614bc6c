// The lab worker's message handling, shared by the page's Web Worker (labWorker.ts) and
// Node's worker thread (src/cli/labThread.ts): one job, one fresh Lua engine, the job's
// stream of script starts and writes, then its result.
import { registerLimiter } from '../core/limiters/registry';
import { createLuaEngine } from '../core/lua/index';
import { LAB_SCRIPT_BUDGET_MS, runLabJob } from './labJob';
import type { LabWorkerMessage, LabWorkerRequest } from './labProtocol';

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
      ...(job.budgetSteps ? { budgetSteps: job.budgetSteps } : { budgetMs: LAB_SCRIPT_BUDGET_MS }),
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
    post({ type: 'error', id, message: err instanceof Error ? err.message : String(err) });
  }
}
