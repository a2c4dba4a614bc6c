// The contract every limiter implements, built-in or plugged in (the Lua limiter lives in
// src/core/lua and registers itself through ./registry). Semantics: docs/spec/limiters.md.

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

/** A drawable state for one key at a moment (never mutates the limiter). */
export type LimiterView =
  | {
      kind: 'token-bucket';
      key: string;
      tokens: number;
      capacity: number;
      refillPerSecond: number;
      updatedAt: number;
    }
  | {
      kind: 'fixed-window';
      key: string;
      windowStart: number;
      windowEnd: number;
      count: number;
      limit: number;
    }
  | {
      kind: 'sliding-log';
      key: string;
      entries: { at: number; cost: number }[];
      sum: number;
      limit: number;
      windowSeconds: number;
    }
  | {
      kind: 'sliding-window-counter';
      key: string;
      windowStart: number;
      windowEnd: number;
      previousCount: number;
      currentCount: number;
      estimate: number;
      limit: number;
    }
  | {
      kind: 'gcra';
      key: string;
      tat: number;
      emissionInterval: number;
      burst: number;
      /** How many unit requests could be admitted now. */
      available: number;
    }
  | {
      kind: 'leaky-bucket';
      key: string;
      /** excess as stored at `last`. */
      excess: number;
      last: number;
      /** excess drained to `now` (what a drawing shows as the water level). */
      level: number;
      ratePerSecond: number;
      burst: number;
    }
  | {
      kind: 'concurrency';
      key: string;
      inFlight: { end: number; cost: number }[];
      used: number;
      maxInFlight: number;
    }
  | { kind: 'opaque'; key: string; algorithm: string; data: unknown };

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

export interface LimiterFactory {
  /** Validate params; return messages naming `path` + field, empty when valid. */
  validateParams(params: Params, path: string): string[];
  /** Validate one request's cost/duration for this algorithm (e.g. leaky bucket cost 1). */
  validateRequest?(req: { cost: number; duration: number | undefined }, path: string): string[];
  create(params: Params): Limiter;
}
