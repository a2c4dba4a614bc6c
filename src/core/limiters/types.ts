// The contract every limiter implements, built-in or plugged in (the Lua limiter lives in
// src/core/lua and registers itself through ./registry). Semantics: docs/spec/limiters.md.
import type { LimiterView } from './registry';

/** One request as a limiter sees it. `at` is the virtual time the limiter decides at. */
export interface LimiterRequest {
  at: number;
  key: string;
  /** The app server that received it ("A", "B", ...); informational for most limiters. */
  server: string;
  cost: number;
  /** Concurrency only: how long an admitted request occupies its slots. */
  duration: number;
}

export interface Decision {
  allowed: boolean;
  /** null when allowed; smallest whole wait >= 1 when denied; -1 when no wait can admit. */
  retryAfterSeconds: number | null;
  remaining?: number;
  /** Leaky bucket only, admitted requests only. */
  delaySeconds?: number;
  /** A limiter error (e.g. a Lua error reply): not a denial by policy. */
  error?: string;
}

/**
 * A drawable state for one key at a moment (never mutates the limiter). Each algorithm
 * declares its own view next to its code (e.g. TokenBucketView in tokenBucket.ts); the
 * registry joins them into this union, so adding an algorithm does not edit this file.
 */
export type { LimiterView };

/** The view of a limiter whose state has no drawing of its own (a Lua script's keys). */
export interface OpaqueView {
  kind: 'opaque';
  key: string;
  algorithm: string;
  data: unknown;
}

/**
 * A limiter holding the state of many keys (one "store": one Redis, or one app process).
 * `check` never charges (it may refresh, e.g. refill, which changes nothing observable);
 * `commit` charges an admission (or records a denied attempt where the algorithm counts
 * attempts). `decide` is check + commit. Multi-policy all-or-nothing calls check on every
 * policy, then commit(admitted = all admitted) on every policy.
 */
export interface Limiter {
  readonly algorithm: string;
  /** false when check/commit cannot be separated (a Lua script decides atomically). */
  readonly separableCheck: boolean;
  check(req: LimiterRequest): Decision;
  commit(req: LimiterRequest, admitted: boolean): Decision;
  decide(req: LimiterRequest): Decision;
  view(key: string, now: number): LimiterView | null;
  keys(): string[];
  /** Copy of one key's state (undefined = never seen), for read-decide-write placements. */
  readState(key: string): unknown;
  writeState(key: string, state: unknown): void;
  /** Whole-limiter copy for checkpoints; restore() replaces the state with it. */
  snapshot(): unknown;
  restore(snapshot: unknown): void;
}

export type Params = Record<string, unknown>;

/**
 * One parameter of an algorithm: what the controls draw, what validation checks, what the
 * docs list. Numbers must be finite and > 0 (>= 0 with `allowZero`), then within
 * [min, max] when those are given (sane bounds: docs/spec/limiters.md, "Bounds").
 */
export interface ParamDescriptor {
  name: string;
  kind: 'number' | 'boolean' | 'string' | 'string[]';
  required: boolean;
  /** The value the lab starts from when the algorithm is picked (absent: leave it out). */
  default?: number | boolean | string | string[];
  /** A few words for the control's label. */
  help: string;
  /** Numbers: 0 is allowed (>= 0) rather than refused (> 0). */
  allowZero?: boolean;
  /** Numbers: the smallest and largest value accepted (inclusive). */
  min?: number;
  max?: number;
  /** Numbers: what they count, for messages and controls ("seconds", "per second"). */
  unit?: string;
}

/** How an algorithm's script treats a time before the key's latest: see `pastTime`. */
export type PastTime = 'clamp' | 'asGiven';

/** What a usage figure means: `used` of `limit`, in the algorithm's own unit. */
export interface Usage {
  used: number;
  limit: number;
  unit: string;
}

/**
 * What a policy allows on the true clock, per key: its envelope, the same footing on which
 * the overage report (lab/overage.ts) compares algorithms after a failover, with
 * leases or with shards. A run without failures stays within it (the limiters' properties).
 */
export type Allowance =
  /** `limit` in each aligned window [kW, (k+1)W). */
  | { kind: 'aligned-window'; limit: number; windowSeconds: number }
  /** `limit` in any window (t - W, t]. */
  | { kind: 'window'; limit: number; windowSeconds: number }
  /** `limit` + rate * (t - s) in any interval [s, t]. */
  | { kind: 'bucket'; limit: number; ratePerSecond: number }
  /** `limit` in flight at any instant. */
  | { kind: 'in-flight'; limit: number };

/**
 * Everything the lab needs to know about an algorithm besides its arithmetic, declared once
 * beside it: the controls, the state view, the charts, the policy text, the HTTP headers and
 * the store's defaults read this instead of switching on the algorithm's name.
 */
export interface AlgorithmDescriptor {
  /** One line: what the algorithm does. */
  summary: string;
  params: ParamDescriptor[];
  /** The `kind` of the LimiterViews its limiter draws (the UI finds its glyph by it). */
  viewKind: string;
  /** Whether decisions carry `remaining` (simulate reports it only then). */
  reportsRemaining: boolean;
  /**
   * The params that carry its budget, rates and sizes alike: `shardBudget: "split"` gives each
   * of n shards 1/n of every one (a split token bucket refills at r/n too). Empty: no split.
   */
  budgetParams: readonly string[];
  /** Whether servers can hold its budget as leased tokens (placement "leased"). */
  leasable: boolean;
  /** What it allows over time (the overage report's envelope); null when it has none. */
  allowance(params: Params): Allowance | null;
  /**
   * Whether it reads a request's `duration`: then a request's duration is checked (and
   * `validateRequest` may require it) rather than ignored.
   */
  usesDuration: boolean;
  /**
   * What its usual Redis script does with a time before the key's latest one (a caller whose
   * clock is behind, a store clock stepped back): "clamp" reads it as the latest time (elapsed
   * 0, the stored time never moves back); "asGiven" uses the time as sent (e.g. the caller's
   * window number picks the key). The engine asks the limiter accordingly (docs/scenario.md, "Time").
   */
  pastTime: PastTime;
  /** The nominal limit per window (its quota), NaN when it has none. */
  quota(params: Params): number;
  /** The window the quota applies to, in seconds; NaN when it is not a time window. */
  window(params: Params): number;
  /** How much of the limit a view says is used (NaN when the view cannot say). */
  usage(view: LimiterView): Usage;
  /** The policy in words, e.g. "3 per 60 s (fixed window)". */
  describe(params: Params): string;
}

/**
 * What registerLimiter() takes. Built-ins declare the whole description (they are typed
 * `Algorithm`); a plug-in (the Lua limiter, the editor's replay) may leave any of it out and
 * the registry fills in neutral answers (no quota, no window, an opaque view, `remaining`
 * reported as the limiter returns it).
 */
export interface LimiterFactory extends Partial<AlgorithmDescriptor> {
  /** Validate params; return messages naming `path` + field, empty when valid. */
  validateParams(params: Params, path: string): string[];
  /** Validate one request's cost/duration for this algorithm (e.g. leaky bucket cost 1). */
  validateRequest?(req: { cost: number; duration: number | undefined }, path: string): string[];
  create(params: Params): Limiter;
}

/** A factory with its whole description: every built-in algorithm is one. */
export type Algorithm = LimiterFactory & AlgorithmDescriptor;
