// A lab scenario: the headless `simulate` input (docs/spec/headless.md) plus the lab's
// extensions (docs/scenario.md). `Scenario` is the validated, defaults-filled form.
import type { Params } from '../limiters/types';

export type Placement =
  'shared' | 'local' | 'shared-nonatomic' | 'shared-fallback' | 'sharded' | 'leased';
export type Routing = 'round-robin' | 'random' | 'sticky';
export type FailureMode = 'fail-open' | 'fail-closed' | 'local-fallback';
export type Scope = 'key' | 'tenant' | 'global';

export interface RequestSpec {
  at: number;
  key: string;
  /** null: the load balancer routes it. */
  server: string | null;
  cost: number;
  duration: number | undefined;
  tenant: string;
  /** Route class for the signals (metrics); absent: "default". */
  route?: string;
}

export interface Window {
  from: number;
  to: number;
}

export interface StoreSpec {
  latencySeconds: number;
  timeoutSeconds: number | null;
  outages: Window[];
  latencySpikes: (Window & { latencySeconds: number })[];
  /** A replica that receives every write `lagSeconds` after the primary made it. */
  replica?: { lagSeconds: number };
  /** The primary is lost at `at`; the replica is promoted `downSeconds` later. */
  failover?: { at: number; downSeconds: number };
  /** Steps of the store's clock (Redis TIME): from `at` on it reads `bySeconds` more. */
  clockSteps?: { at: number; bySeconds: number }[];
  /** Redis Cluster layout for sharded keys (hash slots spread over `nodes` primaries). */
  cluster?: { nodes: number; hashTags: boolean };
}

/** An app server's clock: reads t + offsetSeconds + driftPpm * 1e-6 * t at true time t. */
export interface ServerClock {
  offsetSeconds: number;
  driftPpm: number;
}

export type TimeSource = 'store' | 'app';
export type ShardBudget = 'split' | 'copy';
export type ShardBy = 'random' | 'key' | 'server';

export interface LeaseSpec {
  /** Tokens a server takes from the shared limiter at a time. */
  size: number;
  /** How long a lease may be spent from, from when the server receives it. */
  ttlSeconds: number;
}

export interface ShardSpec {
  count: number;
  budget: ShardBudget;
  by: ShardBy;
}

export interface LimiterSpec {
  algorithm: string;
  params: Params;
}

export interface PolicySpec extends LimiterSpec {
  id: string;
  scope: Scope;
  failureMode: FailureMode;
  /** false: shadow mode (the policy decides and is charged as if enforcing, denies nothing). */
  enforce?: boolean;
}

interface GenBase {
  key: string;
  tenant: string | undefined;
  cost: number;
  duration: number | undefined;
  /** Route class for the signals (metrics); absent: "default". */
  route?: string;
}
export type TrafficSpec = GenBase &
  (
    | { pattern: 'steady'; ratePerSecond: number; from: number; to: number }
    | { pattern: 'burst'; at: number; count: number; spacingSeconds: number }
    | { pattern: 'poisson'; ratePerSecond: number; from: number; to: number }
    | {
        pattern: 'boundary-attack';
        windowSeconds: number;
        boundary: number;
        count: number;
        spreadSeconds: number;
      }
    | {
        pattern: 'multi-tenant';
        tenants: number;
        ratePerSecond: number;
        noisyTenant: number;
        noisyFactor: number;
        from: number;
        to: number;
      }
    | { pattern: 'retry-storm'; clients: number; at: number; jitter: boolean; maxAttempts: number }
  );

export interface Scenario {
  /** One policy per limiter; a scenario without `policies` has one policy "main". */
  policies: PolicySpec[];
  /** True when the scenario gave `policies` (multi-policy reporting applies). */
  multiPolicyGiven: boolean;
  multiPolicy: 'all-or-nothing' | 'naive';
  placement: Placement;
  requests: RequestSpec[];
  traffic: TrafficSpec[];
  seed: number;
  servers: string[];
  routing: Routing;
  store: StoreSpec;
  failureMode: FailureMode;
  fallback: LimiterSpec | null;
  /** Per-server clocks, parallel to `servers` (absent: every clock reads true time). */
  serverClocks?: ServerClock[];
  /** Where the limiter takes `now` (absent: "store", Redis TIME). */
  timeSource?: TimeSource;
  /** placement "sharded". */
  shards?: ShardSpec;
  /** placement "leased". */
  lease?: LeaseSpec;
  /** Top-level `enforce` (absent: true); each policy's own `enforce` defaults to it. */
  enforce?: boolean;
}
