// The lab's production views (replica and failover, clocks, shards and cluster, leases, shadow
// mode, signals) as the specs read them: in the lab's scene and Production tab, and in a
// lesson widget's scene and caption. Their test ids live here once.
import type { Locator } from '@playwright/test';
import type { Root } from './lab';

/** The production views' test ids (the UI's data-testid values). */
export const PRODUCTION_IDS = {
  replica: 'replica',
  inFlight: 'in-flight',
  writesLost: 'writes-lost',
  storeTitle: 'store-title',
  failoverWritesLost: 'failover-writes-lost',
  failoverOverage: 'failover-overage',
  failoverCompare: 'failover-compare',
  clockSteps: 'clock-steps',
  timeSource: 'time-source',
  clusterView: 'cluster-view',
  shardBars: 'shard-bars',
  leaseStoreCalls: 'lease-store-calls',
  leaseStranded: 'lease-stranded',
  shadowWouldDeny: 'shadow-would-deny',
  shadowTenant: 'shadow-tenant',
  sigErrors: 'sig-errors',
  sigFailOpen: 'sig-fail-open',
  labelNote: 'label-note',
  metricsText: 'metrics-text',
  captionFailover: 'caption-failover',
  captionSignals: 'caption-signals',
  captionClocks: 'caption-clocks',
  captionShards: 'caption-shards',
  captionLeases: 'caption-leases',
  captionShadow: 'caption-shadow',
  signalsPanel: 'signals-panel',
  sigDecisions: 'sig-decisions',
  sig429: 'sig-429',
  sigAsOf: 'sig-as-of',
  realClusterPanel: 'real-cluster-panel',
  realClusterRun: 'real-cluster-run',
  realClusterMessage: 'real-cluster-message',
  realClusterResult: 'real-cluster-result',
  realClusterSummary: 'real-cluster-summary',
  realClusterRow: 'real-cluster-row',
} as const;

export type ProductionId = keyof typeof PRODUCTION_IDS;

/** The production views under a root (the lab page, a lane, or one lesson widget). */
export class ProductionView {
  constructor(readonly root: Root) {}

  /** One element by its name in PRODUCTION_IDS. */
  el(name: ProductionId): Locator {
    return this.root.getByTestId(PRODUCTION_IDS[name]);
  }

  /** A server's row in the clocks panel. */
  clockRow(server: string): Locator {
    return this.root.getByTestId(`clock-row-${server}`);
  }
  /** A server's own clock in the scene. */
  serverClock(server: string): Locator {
    return this.root.getByTestId(`server-clock-${server}`);
  }
  /** Shard k's row in the shards panel, and its bar in the store. */
  shardRow(k: number | string): Locator {
    return this.root.getByTestId(`shard-row-${k}`);
  }
  shard(k: number | string): Locator {
    return this.root.getByTestId(`shard-${k}`);
  }
  /** A cluster node in the cluster view. */
  clusterNode(node: number | string): Locator {
    return this.root.getByTestId(`cluster-node-${node}`);
  }
  /** A server's row in the leases panel. */
  leaseRow(server: string): Locator {
    return this.root.getByTestId(`lease-row-${server}`);
  }
  /** The real-cluster panel's reply to the multi-key step, on the model's side or Redis's. */
  realClusterMultikey(side: string): Locator {
    return this.root.getByTestId(`real-cluster-multikey-${side}`);
  }
  /** A tenant's row in the shadow-mode panel. */
  shadowTenant(tenant: string | number): Locator {
    return this.root.locator(
      `[data-testid="${PRODUCTION_IDS.shadowTenant}"][data-tenant="${tenant}"]`,
    );
  }
}
