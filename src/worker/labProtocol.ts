// Messages between the page and the lab's Lua worker (labWorker.ts): one job at a time; while
// it runs the worker streams each script run's start and write commands (labJob.ts says why).
import type { LabJob, LabJobResult } from './labJob';

/** `wasmUrl` empty: Node, where the engine reads the committed file. */
export type LabWorkerRequest = { type: 'run'; id: number; wasmUrl: string; job: LabJob };

export type LabWorkerMessage =
  | { type: 'start'; id: number; seq: number }
  | { type: 'end'; id: number; seq: number }
  | { type: 'write'; id: number; seq: number; args: string[] }
  | { type: 'done'; id: number; result: LabJobResult }
  | { type: 'error'; id: number; message: string };
