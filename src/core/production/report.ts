// The production report of a run (docs/production.md): what failover, clocks, shards,
// leases and shadow mode did, computed from the engine's record after the run (never in the
// engine's hot loop). The lab's views, the lesson widgets, the graders and `simulate` read it.
import { FLAG, OUTCOME } from '../lab/columns';
import type { EngineRun } from '../lab/run';
import { LEASE_END } from '../lab/engine/leases';
import { overages, policyKey, type PolicyOverage } from './overage';
import { placeKey, shardKeyName } from './shards';

export interface FailoverReport {
  lagSeconds: number;
  at: number;
  downSeconds: number;
  /** When the replica took over (NaN when the run ended first). */
  promotedAt: number;
  /** The replica held every write made before this time. */
  replicatedBefore: number;
  /** Store writes the promoted replica never saw, and their charge (cost, lease sizes). */
  writesLost: number;
  costLost: number;
  /** Request indices of those writes (the first 1000). */
  lostRequests: number[];
}

export interface ShardLoad {
  policy: string;
  /** The policy's key and the shard's Redis key, its hash slot and cluster node. */
  base: string;
  shard: number;
  key: string;
  slot: number;
  node: number;
  requests: number;
  allowed: number;
  denied: number;
}

export interface ShardsReport {
  count: number;
  budget: 'split' | 'copy';
  by: 'random' | 'key' | 'server';
  cluster: { nodes: number; hashTags: boolean };
  /** Shard keys by requests (the 64 busiest), with where each lives. */
  keys: ShardLoad[];
  /** Requests per cluster node (all shard keys). */
  nodes: { node: number; requests: number; share: number }[];
}

export interface LeaseServer {
  server: string;
  leases: number;
  storeCalls: number;
  tokensLeased: number;
  tokensSpent: number;
  /** Leased tokens that expired unspent (a quiet server strands them). */
  tokensStranded: number;
  /** Unspent tokens on leases still live when the run ended. */
  tokensHeldAtEnd: number;
}

export interface LeasesReport {
  size: number;
  ttlSeconds: number;
  requests: number;
  /** Store round trips (each takes a lease), against one per request without leases. */
  storeCalls: number;
  /** Decisions made from a lease already held (no store round trip). */
  localDecisions: number;
  /** requests / storeCalls: how many times fewer store calls. */
  callReduction: number;
  tokensLeased: number;
  tokensSpent: number;
  tokensStranded: number;
  tokensHeldAtEnd: number;
  /** Granted by the store but never heard by the server (the call timed out). */
  tokensLostInFlight: number;
  servers: LeaseServer[];
}

export interface ShadowReport {
  requests: number;
  /** Admitted requests a policy in shadow mode would have denied. */
  wouldDeny: number;
  byPolicy: { policy: string; wouldDeny: number }[];
  /** Tenants by would-be rejections (the top 10). */
  topTenants: { tenant: string; wouldDeny: number; requests: number }[];
}

export interface ClocksReport {
  timeSource: 'store' | 'app';
  servers: { server: string; offsetSeconds: number; driftPpm: number }[];
  steps: { at: number; bySeconds: number }[];
}

export interface ProductionReport {
  failover?: FailoverReport;
  /** With failover, shards or leases: admissions beyond each policy's allowance. */
  overage?: PolicyOverage[];
  shards?: ShardsReport;
  leases?: LeasesReport;
  shadow?: ShadowReport;
  clocks?: ClocksReport;
}

export function failoverReport(run: EngineRun): FailoverReport | undefined {
  const f = run.production.failover;
  if (!f) return undefined;
  return {
    lagSeconds: f.lagSeconds,
    at: f.at,
    downSeconds: f.downSeconds,
    promotedAt: f.promotedAt,
    replicatedBefore: f.replicatedBefore,
    writesLost: f.lost.length,
    costLost: f.costLost,
    lostRequests: f.lost.slice(0, 1000),
  };
}

export function shardsReport(run: EngineRun): ShardsReport | undefined {
  const sh = run.scenario.shards;
  const col = run.production.shard;
  if (!sh || !col) return undefined;
  const cluster = run.scenario.store.cluster ?? { nodes: 3, hashTags: false };
  const ev = run.events;
  const loads = new Map<string, ShardLoad>();
  const nodes = Array.from({ length: cluster.nodes }, (_, node) => ({
    node,
    requests: 0,
    share: 0,
  }));
  let total = 0;
  for (let i = 0; i < run.requests.n; i++) {
    if (Number.isNaN(ev.storeArrive[i]!)) continue; // never reached a shard
    const shard = col[i]!;
    run.policies.forEach((p) => {
      const base = policyKey(run, i, p);
      const key = shardKeyName(p.id, run.scenario.multiPolicyGiven, base, shard, cluster.hashTags);
      let l = loads.get(key);
      if (!l) {
        const at = placeKey(key, cluster.nodes);
        l = { policy: p.id, base, shard, key, ...at, requests: 0, allowed: 0, denied: 0 };
        loads.set(key, l);
      }
      l.requests++;
      const o = ev.outcome[i]!;
      if (o === OUTCOME.allowed) l.allowed++;
      else if (o === OUTCOME.denied) l.denied++;
      nodes[l.node]!.requests++;
      total++;
    });
  }
  for (const x of nodes) x.share = total ? x.requests / total : 0;
  const keys = [...loads.values()]
    .sort((a, b) => b.requests - a.requests || (a.key < b.key ? -1 : 1))
    .slice(0, 64);
  return { count: sh.count, budget: sh.budget, by: sh.by, cluster, keys, nodes };
}

export function leasesReport(run: EngineRun): LeasesReport | undefined {
  const b = run.production.leases;
  const lease = run.scenario.lease;
  if (!b || !lease) return undefined;
  const end = run.endTime;
  const servers: LeaseServer[] = run.servers.map((server) => ({
    server,
    leases: 0,
    storeCalls: 0,
    tokensLeased: 0,
    tokensSpent: 0,
    tokensStranded: 0,
    tokensHeldAtEnd: 0,
  }));
  for (let id = 0; id < b.n; id++) {
    const s = servers[b.server[id]!]!;
    s.leases++;
    s.tokensLeased += b.size[id]!;
    s.tokensSpent += b.size[id]! - b.left[id]!;
    if (
      b.end[id] === LEASE_END.expired ||
      (b.end[id] === LEASE_END.open && b.expiresAt[id]! <= end)
    )
      s.tokensStranded += b.left[id]!;
    else if (b.end[id] === LEASE_END.open) s.tokensHeldAtEnd += b.left[id]!;
  }
  let local = 0;
  const ev = run.events;
  for (let i = 0; i < run.requests.n; i++) {
    if (!Number.isNaN(ev.storeArrive[i]!) || ev.flags[i]! & FLAG.unreachable)
      servers[run.requests.server[i]!]!.storeCalls++;
    else if (run.production.leaseOf![i]! >= 0) local++;
  }
  const sum = (f: (s: LeaseServer) => number): number => servers.reduce((a, s) => a + f(s), 0);
  return {
    size: lease.size,
    ttlSeconds: lease.ttlSeconds,
    requests: run.requests.n,
    storeCalls: b.storeCalls,
    localDecisions: local,
    callReduction: b.storeCalls ? run.requests.n / b.storeCalls : Infinity,
    tokensLeased: sum((s) => s.tokensLeased),
    tokensSpent: sum((s) => s.tokensSpent),
    tokensStranded: sum((s) => s.tokensStranded),
    tokensHeldAtEnd: sum((s) => s.tokensHeldAtEnd),
    tokensLostInFlight: b.lostInFlight,
    servers,
  };
}

export function shadowReport(run: EngineRun, top = 10): ShadowReport | undefined {
  const wd = run.production.wouldDeny;
  if (!wd) return undefined;
  const rq = run.requests;
  const mask = run.production.denyMask;
  const shadow = run.policies.map((p) => p.enforce === false);
  const byPolicy = run.policies.map((p) => ({ policy: p.id, wouldDeny: 0 }));
  const tenants = new Map<number, { wouldDeny: number; requests: number }>();
  let total = 0;
  for (let i = 0; i < rq.n; i++) {
    let t = tenants.get(rq.tenantId[i]!);
    if (!t) tenants.set(rq.tenantId[i]!, (t = { wouldDeny: 0, requests: 0 }));
    t.requests++;
    if (!wd[i]) continue;
    total++;
    t.wouldDeny++;
    run.policies.forEach((_, k) => {
      if (shadow[k] && (mask ? (mask[i]! >> k) & 1 : 1)) byPolicy[k]!.wouldDeny++;
    });
  }
  const topTenants = [...tenants.entries()]
    .filter(([, t]) => t.wouldDeny > 0)
    .map(([id, t]) => ({ tenant: rq.names.names[id]!, ...t }))
    .sort((a, b) => b.wouldDeny - a.wouldDeny || (a.tenant < b.tenant ? -1 : 1))
    .slice(0, top);
  return {
    requests: rq.n,
    wouldDeny: total,
    byPolicy: byPolicy.filter((_, k) => shadow[k]),
    topTenants,
  };
}

/** Would-be rejections and requests per time bucket (by decision time), for the shadow chart. */
export function shadowSeries(
  run: EngineRun,
  bucketSeconds: number,
): { bucketSeconds: number; wouldDeny: Int32Array; requests: Int32Array } | null {
  const wd = run.production.wouldDeny;
  if (!wd || !(bucketSeconds > 0)) return null;
  const nb = Math.max(1, Math.ceil(Math.max(run.endTime, 1e-9) / bucketSeconds) + 1);
  const wouldDeny = new Int32Array(nb);
  const requests = new Int32Array(nb);
  const ev = run.events;
  for (const i of run.decisionOrder) {
    const b = Math.min(nb - 1, Math.floor(ev.decidedAt[i]! / bucketSeconds));
    requests[b]!++;
    if (wd[i]) wouldDeny[b]!++;
  }
  return { bucketSeconds, wouldDeny, requests };
}

export function clocksReport(run: EngineRun): ClocksReport | undefined {
  const sc = run.scenario;
  if (!sc.serverClocks && !sc.timeSource && !sc.store.clockSteps) return undefined;
  return {
    timeSource: sc.timeSource ?? 'store',
    servers: sc.servers.map((server, s) => ({
      server,
      offsetSeconds: sc.serverClocks?.[s]?.offsetSeconds ?? 0,
      driftPpm: sc.serverClocks?.[s]?.driftPpm ?? 0,
    })),
    steps: sc.store.clockSteps ?? [],
  };
}

/** Everything the run's production features produced (empty for a run without them). */
export function productionReport(run: EngineRun): ProductionReport {
  const r: ProductionReport = {};
  const failover = failoverReport(run);
  if (failover) r.failover = failover;
  const shards = shardsReport(run);
  if (shards) r.shards = shards;
  const leases = leasesReport(run);
  if (leases) r.leases = leases;
  if (failover || shards || leases) r.overage = overages(run);
  const shadow = shadowReport(run);
  if (shadow) r.shadow = shadow;
  const clocks = clocksReport(run);
  if (clocks) r.clocks = clocks;
  return r;
}
