// Hand-made run records for the editor panels' component tests.
import type { RequestRecord, RunOutput } from '../../core/playground/runner';

/** A request that ran: admitted unless `over` says otherwise. */
export function record(index: number, over: Partial<RequestRecord> = {}): RequestRecord {
  return {
    index,
    at: index * 0.5,
    server: index % 2 ? 'B' : 'A',
    key: 'client-1',
    cost: 1,
    keys: ['rl:client-1'],
    argv: ['3', '60'],
    decidedAt: index * 0.5 + 0.1,
    decision: { allowed: true, retryAfterSeconds: null },
    reply: [1, 2],
    calls: [],
    logs: [],
    errorLine: null,
    killed: false,
    stale: false,
    skipped: false,
    ...over,
  };
}

export const denied = { allowed: false, retryAfterSeconds: 30 };
export const failed = { allowed: false, retryAfterSeconds: null, error: 'ERR boom' };

/** A run of these records (no frames, nothing killed). */
export function output(records: RequestRecord[], over: Partial<RunOutput> = {}): RunOutput {
  return {
    mode: 'script',
    records,
    frames: [],
    compileError: null,
    killedCount: 0,
    skippedCount: 0,
    ...over,
  };
}
