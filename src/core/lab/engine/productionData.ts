// What a run records for the production features (docs/production.md): per-request columns
// (indexed like the request table; null when the scenario does not use the feature) and
// per-run records. The engine fills it; production/report.ts and signals.ts read it.
import type { Clocks } from './clock';
import type { LeaseBook } from './leases';
import type { NginxStatus } from '../../limiters/leakyBucket';
import { growTo } from '../columns';

export interface FailoverRecord {
  lagSeconds: number;
  /** The primary is lost at `at`; the replica is promoted at `promotedAt` = at + downSeconds. */
  at: number;
  downSeconds: number;
  promotedAt: number;
  /** The replica holds every write made before this time (at - lagSeconds). */
  replicatedBefore: number;
  /** Requests whose store write was lost at promotion, in the order they were written. */
  lost: number[];
  /** Their cost (lease size for a lease taken) summed: the charge the promoted store forgot. */
  costLost: number;
}

export interface ProductionData {
  /** Clocks of the run (null: every clock reads true time). */
  clocks: Clocks | null;
  /** The time the limiter read for each request's first policy (NaN: no limiter decided). */
  now: Float64Array | null;
  /** Leaky-bucket dry run: NGINX_STATUS_CODES index + 1 per request (0: none). */
  status: Uint8Array | null;
  /** Shadow mode: 1 when the request was admitted but a policy in shadow would deny it. */
  wouldDeny: Uint8Array | null;
  /** With several policies: bit p set when policy p's own verdict was a denial. */
  denyMask: Int32Array | null;
  /** placement "sharded": the shard each request charged. */
  shard: Int16Array | null;
  /** placement "leased": the lease that paid for each request (-1: none). */
  leaseOf: Int32Array | null;
  leases: LeaseBook | null;
  failover: FailoverRecord | null;
  /** Replica lag (store.replica), whether or not a failover happens. */
  replicaLagSeconds: number | null;
}

export const NGINX_STATUS_CODES: readonly NginxStatus[] = [
  'PASSED',
  'DELAYED',
  'REJECTED',
  'DELAYED_DRY_RUN',
  'REJECTED_DRY_RUN',
];

/** The NGINX status recorded for request i, or null. */
export function statusOf(p: ProductionData, i: number): NginxStatus | null {
  const c = p.status?.[i] ?? 0;
  return c === 0 ? null : NGINX_STATUS_CODES[c - 1]!;
}

/** Grow the production columns with the request table (retries add requests). */
export function growProduction(p: ProductionData, n: number): void {
  if (p.now) p.now = growTo(p.now, n, NaN);
  if (p.status) p.status = growTo(p.status, n);
  if (p.wouldDeny) p.wouldDeny = growTo(p.wouldDeny, n);
  if (p.denyMask) p.denyMask = growTo(p.denyMask, n);
  if (p.shard) p.shard = growTo(p.shard, n);
  if (p.leaseOf) p.leaseOf = growTo(p.leaseOf, n, -1);
}
