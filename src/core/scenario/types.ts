// A lab scenario: the headless `simulate` input (docs/spec/headless.md) plus the lab's
// extensions (docs/scenario.md). `Scenario` is the validated, defaults-filled form.
import type { Params } from '../limiters/types';

export type Placement = 'shared' | 'local' | 'shared-nonatomic' | 'shared-fallback';
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
}

export interface LimiterSpec {
  algorithm: string;
  params: Params;
}

export interface PolicySpec extends LimiterSpec {
  id: string;
  scope: Scope;
  failureMode: FailureMode;
}

interface GenBase {
  key: string;
  tenant: string | undefined;
  cost: number;
  duration: number | undefined;
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
}
