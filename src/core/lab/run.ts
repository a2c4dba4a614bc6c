// The lab run: topology (load balancer, servers), placements, store latency and failures,
// multi-policy, closed-loop traffic, and a columnar event log with limiter checkpoints so
// the UI can seek (see timeline.ts). Same scenario + seed => identical run. The engine lives
// in ./engine, one seam a file (state.ts lists them); this file is its public face.
import type { Limiter } from '../limiters/types';
import type { LimiterSpec, PolicySpec, Scenario } from '../scenario/types';
import type { EventColumns } from './columns';
import { eventLoop } from './engine/loop';
import type { Checkpoint, OpLog } from './engine/opLog';
import type { ProductionData } from './engine/productionData';
import { EngineState } from './engine/state';
import type { RequestTable } from './requestTable';

export { OP, OpLog, type Checkpoint, type OpInputs } from './engine/opLog';

export type SlotRole = 'store' | 'server' | 'fallback';
/** One limiter instance: the store's (per policy), a server's local one, or a fallback. */
export interface LimiterSlot {
  id: number;
  role: SlotRole;
  /** Server index for server/fallback slots, -1 for the store. */
  server: number;
  policy: number;
  spec: LimiterSpec;
  limiter: Limiter;
}

export interface LabTotals {
  requests: number;
  allowed: number;
  denied: number;
  unavailable: number;
  bypass: number;
  /** shared-nonatomic: admissions made on a stale read (lost updates). */
  doubleSpent: number;
  timedOut: number;
  viaFallback: number;
  limiterErrors: number;
  /** multiPolicy naive: cost charged to policies for requests that were denied anyway. */
  wastedBudget: Record<string, number>;
}

export interface EngineRun {
  scenario: Scenario;
  servers: string[];
  policies: PolicySpec[];
  requests: RequestTable;
  events: EventColumns;
  /** Limiter error messages by request index. */
  errors: Map<number, string>;
  /** Request indices in decision order (decidedAt non-decreasing). */
  decisionOrder: Int32Array;
  /** Request indices in load-balancer arrival order (at non-decreasing). */
  arrivalOrder: Int32Array;
  /** Longest respondedAt - at, for in-flight queries. */
  maxLifetime: number;
  endTime: number;
  totals: LabTotals;
  slots: LimiterSlot[];
  ops: OpLog;
  checkpoints: Checkpoint[];
  /** Failover, clocks, shards, leases, shadow mode, dry run (docs/production.md). */
  production: ProductionData;
}

export interface RunOptions {
  /** Checkpoint every this many limiter operations at least (default 2048). */
  checkpointEvery?: number;
  /** false: no op log or checkpoints (no seeking of limiter state); faster. */
  recordOps?: boolean;
}

/** Run a validated scenario (see scenario/validate.ts parseScenario). Deterministic. */
export function runEngine(scenario: Scenario, opts: RunOptions = {}): EngineRun {
  return eventLoop(new EngineState(scenario, opts));
}
