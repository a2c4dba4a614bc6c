// The shapes of a script problem's hidden case: what the problem checks in the Redis state,
// the case's input (requests and a clock that may lie), and what one run of it recorded.
import type { KeySnapshot, RedisModel } from '../redis';
import type { ReferenceSpec, Reference, RefDecision } from './reference';
import type { ScriptCallInput, CallDecision } from './scriptCall';
import type { ClockStep, GenRequest } from './traffic';
import type { FailingCase } from './types';

/** What a problem checks in the Redis state, and how it names things. */
export interface StructureRules {
  /** Every key the script creates must have an expiry (default true). */
  requireExpiry?: boolean;
  /** After a refused request: null if the state is acceptable, else what was written. */
  afterRefusal?: (
    before: Map<string, KeySnapshot>,
    after: Map<string, KeySnapshot>,
    keys: string[],
  ) => string | null;
  /** After the whole run. */
  afterRun?: (run: RunRecord) => string | null;
  /**
   * After an admitted call k: until when (lab seconds, the script's clock) the state of its
   * client still decides requests, and what that state is; null when nothing is held. Every key
   * the call was given must outlive it (an expiry that comes first forgets admissions).
   */
  stateUntil?: (run: RunRecord, k: number) => { until: number; what: string } | null;
}

export interface CaseProblem extends StructureRules {
  reference: ReferenceSpec;
  /** How messages name the reference, e.g. "the built-in GCRA (2 per second, burst 4)". */
  referenceName: string;
  /** Redis Cluster rules: one script's keys in one slot. */
  clusterMode?: boolean;
  /** Unix seconds at lab time 0 (default the lab's). */
  epoch?: number;
  /** The clock the script should trust: Redis TIME (default) or the app server's `{now}`. */
  clock?: 'redis' | 'app';
  compareRetry?: boolean;
  /** Lease problems: the lease (seconds); jobs that finish sooner call the script to release. */
  lease?: number;
  /** Spans that make a request land "exactly one window after" another (for messages). */
  spans?: { seconds: number; name: string }[];
  /** The most a single request may cost (a larger cost is refused with -1). */
  maxCost?: number;
}

/** A hidden case's input: requests, and a clock that may lie for a stretch. */
export interface CaseInput {
  requests: GenRequest[];
  /** Redis problems: the Redis clock's step; app-clock problems: each server's clock. */
  step?: ClockStep | null;
  /** App-clock problems: what server S's clock reads at true time t. */
  appClock?: (server: string, at: number) => number;
}

/** Everything one run of a case recorded. */
export interface RunRecord {
  calls: ScriptCallInput[];
  /** Per call: the script's decision (releases too). */
  decisions: CallDecision[];
  /** Per arrival call: the reference's decision (undefined for releases). */
  expected: (RefDecision | undefined)[];
  /** KEYS each call got. */
  keysOf: string[][];
  model: RedisModel;
  reference: Reference;
  epoch: number;
}

export interface CaseOptions {
  /** Compare decisions with the reference (false: just record them, for property checks). */
  compare: boolean;
}

export interface CaseResult {
  record: RunRecord;
  /** The first mismatch, error or structure problem; null when the case passes. */
  failure: FailingCase | null;
  /** True when the failure is a runaway script (no point in shrinking it). */
  fatal?: boolean;
}
