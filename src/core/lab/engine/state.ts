// Everything one engine run holds, declared in one place. The modules beside it are
// functions over it: loop (the event loop), decide (the four decision paths and their
// record), placements, nonatomic and leased (where a request is decided), outcome (settling
// a request, the failure mode), replication (replica failover), retryStorm, opLog.
import { algorithmOf, getLimiterFactory } from '../../limiters/registry';
import type { Limiter, LimiterRequest } from '../../limiters/types';
import type { LimiterSpec, Scenario, TrafficSpec, Window } from '../../scenario/types';
import { stream, type Rng } from '../../sim/rng';
import { EventQueue } from '../../sim/scheduler';
import { generate } from '../../traffic/generators';
import { EventColumns } from '../columns';
import { RequestTable } from '../requestTable';
import type { LabTotals, LimiterSlot, RunOptions, SlotRole } from '../run';
import { Clocks } from './clock';
import { WHERE } from './events';
import { LeaseBook } from './leases';
import { checkpoint, OpLog, type Checkpoint } from './opLog';
import type { ProductionData } from './productionData';
import { scheduleFailover } from './replication';
import { ShardNames, shardLimiterSpec } from './shards';

type RetryStorm = Extract<TrafficSpec, { pattern: 'retry-storm' }>;

/** shared-nonatomic: what request i read, and what it will write back. */
export interface Pending {
  read: unknown[];
  versions: number[];
  written: unknown[] | null;
}

export class EngineState {
  // The scenario and how to record it.
  readonly sc: Scenario;
  /** Servers and policies. */
  readonly S: number;
  readonly P: number;
  readonly recordOps: boolean;
  readonly checkpointEvery: number;

  // Requests, their events, and the queue of what happens next.
  readonly t: RequestTable;
  readonly ev: EventColumns;
  readonly q = new EventQueue();
  readonly errors = new Map<number, string>();
  readonly totals: LabTotals;
  decisionOrder = new Int32Array(1024);
  nDecided = 0;
  arrivalOrder = new Int32Array(1024);
  nArrived = 0;
  maxLifetime = 0;
  endTime = 0;

  // Limiter instances.
  readonly slots: LimiterSlot[] = [];
  readonly storeSlots: LimiterSlot[] = [];
  readonly serverSlots: LimiterSlot[][] = [];
  readonly fallbackSlots: (LimiterSlot[] | null)[] = [];
  /** The store slots' limiters and ids (set when the loop starts). */
  storeLims: Limiter[] = [];
  storeIds: number[] = [];

  // Policies.
  readonly allPolicies: number[];
  /** `remaining` only from algorithms that declare it defined (their descriptor says so). */
  readonly remainingOk: boolean[];
  readonly enforced: boolean[];
  /** Bits of the policies in shadow mode (enforce: false). */
  readonly shadowBits: number;

  // The op log and checkpoints.
  readonly ops = new OpLog();
  readonly checkpoints: Checkpoint[] = [];
  opsAtCheckpoint = 0;

  // Deciding: the one request object limiters see, and where the limiter decides.
  readonly req: LimiterRequest = { at: 0, key: '', server: '', cost: 1, duration: 0 };
  where: number = WHERE.store;
  /** Shards or clocks change what limiters see (fill's slow path). */
  readonly transformsInputs: boolean;
  /** Dry-run status, shadow verdicts or several policies: record() writes production columns. */
  readonly recordsVerdicts: boolean;
  /** None of the above: decideOn's small path. */
  readonly plain: boolean;

  // Placements and the store.
  /** A shared store with no latency and no outages: decide on arrival. */
  readonly instant: boolean;
  readonly routingRng: Rng;
  /** Round-robin's next server. */
  rr = 0;
  /** Store outages, with a failover's gap added. */
  readonly outages: Window[];
  /** shared-nonatomic: a limiter per policy the servers decide on, keys' write versions. */
  readonly scratch: Limiter[] = [];
  readonly versions: Map<string, number>[] = [];
  readonly pending = new Map<number, Pending>();
  readonly shardNames: ShardNames | null;
  readonly shardRng: Rng | null;
  readonly leases: LeaseBook | null;
  /** Interned id of "global" (leased, scope global), -1 until needed. */
  globalId = -1;

  // Production records and clocks (null when the scenario does not use them).
  readonly prod: ProductionData;
  readonly clocks: Clocks | null;
  /** Per clamp index (policy for the store, P + slot id otherwise): key -> latest time. */
  readonly clamps: (Map<string, number> | undefined)[] = [];

  // Replica failover (store.replica + store.failover).
  readonly replicaFailover: boolean;
  cutSnapshots: unknown[] | null = null;
  cutVersions: Map<string, number>[] | null = null;

  // Retry storms (closed-loop traffic).
  readonly storms: (RetryStorm | null)[];
  readonly jitterRng: Rng;

  constructor(sc: Scenario, opts: RunOptions) {
    this.sc = sc;
    this.S = sc.servers.length;
    this.P = sc.policies.length;
    this.recordOps = opts.recordOps ?? true;
    this.checkpointEvery = opts.checkpointEvery ?? 2048;
    this.routingRng = stream(sc.seed, 'routing');
    this.jitterRng = stream(sc.seed, 'jitter');
    this.totals = {
      requests: 0,
      allowed: 0,
      denied: 0,
      unavailable: 0,
      bypass: 0,
      doubleSpent: 0,
      timedOut: 0,
      viaFallback: 0,
      limiterErrors: 0,
      wastedBudget: Object.fromEntries(sc.policies.map((p) => [p.id, 0])),
    };
    this.remainingOk = sc.policies.map((p) => algorithmOf(p.algorithm)?.reportsRemaining === true);
    this.enforced = sc.policies.map((p) => p.enforce !== false);
    this.allPolicies = sc.policies.map((_, k) => k);
    this.shadowBits = this.enforced.reduce((b, e, k) => (e ? b : b | (1 << k)), 0);

    // Requests: explicit ones first (their index is their input index), then generated.
    let estimate = sc.requests.length;
    for (const g of sc.traffic) estimate += estimateCount(g);
    this.t = new RequestTable(Math.min(estimate + 16, 8_000_000));
    const names = this.t.names;
    for (const r of sc.requests) {
      const server = r.server === null ? -1 : sc.servers.indexOf(r.server);
      this.t.add(r.at, names.id(r.key), names.id(r.tenant), server, r.cost, r.duration ?? NaN, -1);
    }
    this.storms = sc.traffic.map((g) => (g.pattern === 'retry-storm' ? g : null));
    sc.traffic.forEach((g, i) => generate(g, i, sc.seed, this.t));
    this.ev = new EventColumns(this.t.capacity);

    // Production features.
    const st = sc.store;
    const clocks = new Clocks(sc);
    this.clocks = clocks.active ? clocks : null;
    const shards = sc.placement === 'sharded' ? (sc.shards ?? null) : null;
    this.shardNames = shards
      ? new ShardNames(sc, shards.count, st.cluster?.hashTags ?? false)
      : null;
    this.shardRng = shards?.by === 'random' ? stream(sc.seed, 'shards') : null;
    this.leases =
      sc.placement === 'leased' && sc.lease
        ? new LeaseBook(this.S, sc.lease.ttlSeconds, sc.lease.size)
        : null;
    const cap = this.t.capacity;
    const fo = st.failover && st.replica ? st.failover : null;
    this.prod = {
      clocks: this.clocks,
      now: this.clocks ? new Float64Array(cap).fill(NaN) : null,
      status: sc.policies.some((p) => p.algorithm === 'leaky-bucket' && p.params.dryRun === true)
        ? new Uint8Array(cap)
        : null,
      wouldDeny: this.shadowBits ? new Uint8Array(cap) : null,
      denyMask: this.P > 1 ? new Int32Array(cap) : null,
      shard: shards ? new Int16Array(cap) : null,
      leaseOf: this.leases ? new Int32Array(cap).fill(-1) : null,
      leases: this.leases,
      failover: fo
        ? {
            lagSeconds: st.replica!.lagSeconds,
            at: fo.at,
            downSeconds: fo.downSeconds,
            promotedAt: NaN,
            replicatedBefore: fo.at - st.replica!.lagSeconds,
            lost: [],
            costLost: 0,
          }
        : null,
      replicaLagSeconds: st.replica ? st.replica.lagSeconds : null,
    };
    this.outages =
      fo && fo.downSeconds > 0
        ? [...st.outages, { from: fo.at, to: fo.at + fo.downSeconds }]
        : st.outages;
    this.transformsInputs = this.clocks !== null || this.shardNames !== null;
    this.recordsVerdicts =
      this.prod.status !== null || this.prod.wouldDeny !== null || this.prod.denyMask !== null;
    this.replicaFailover = fo !== null;
    this.plain = !this.transformsInputs && !this.recordsVerdicts && this.shadowBits === 0;
    if (this.recordOps && (this.clocks || shards || this.leases))
      this.ops.inputs = {
        at: new Float64Array(1024),
        key: new Int32Array(1024),
        cost: new Float64Array(1024),
      };

    // Limiter instances.
    const shared = sc.placement !== 'local';
    sc.policies.forEach((p, pi) => {
      if (shared) {
        const spec = shards ? shardLimiterSpec(p, shards.count, shards.budget === 'split') : p;
        this.storeSlots.push(addSlot(this, 'store', -1, pi, spec));
        this.scratch.push(createLimiter(p));
        this.versions.push(new Map());
      }
    });
    for (let s = 0; s < this.S; s++) {
      this.serverSlots.push(
        shared ? [] : sc.policies.map((p, pi) => addSlot(this, 'server', s, pi, p)),
      );
      this.fallbackSlots.push(null);
    }
    this.instant =
      (sc.placement === 'shared' ||
        sc.placement === 'shared-fallback' ||
        sc.placement === 'sharded' ||
        sc.placement === 'leased') &&
      st.latencySeconds === 0 &&
      this.outages.length === 0 &&
      st.latencySpikes.length === 0;
    if (fo) scheduleFailover(this, fo.at, fo.downSeconds, st.replica!.lagSeconds);
    checkpoint(this);
  }
}

export function createLimiter(spec: LimiterSpec): Limiter {
  const f = getLimiterFactory(spec.algorithm);
  if (!f) throw new Error(`algorithm "${spec.algorithm}" is not registered`);
  return f.create(spec.params);
}

/** A new limiter instance (a slot) in the run. */
export function addSlot(
  e: EngineState,
  role: SlotRole,
  server: number,
  policy: number,
  spec: LimiterSpec,
): LimiterSlot {
  const s: LimiterSlot = {
    id: e.slots.length,
    role,
    server,
    policy,
    spec,
    limiter: createLimiter(spec),
  };
  e.slots.push(s);
  return s;
}

/** How many requests a generator makes (the retry storm's first attempts), to size the table. */
function estimateCount(g: TrafficSpec): number {
  switch (g.pattern) {
    case 'steady':
    case 'poisson':
      return Math.ceil(g.ratePerSecond * (g.to - g.from)) + 1;
    case 'burst':
      return g.count;
    case 'boundary-attack':
      return 2 * g.count;
    case 'multi-tenant':
      return Math.ceil(g.ratePerSecond * (g.tenants - 1 + g.noisyFactor) * (g.to - g.from) * 1.1);
    case 'retry-storm':
      return g.clients;
  }
}
