// The lab run: topology (load balancer, servers), placements, store latency and failures,
// multi-policy, closed-loop traffic, and a columnar event log with limiter checkpoints so
// the UI can seek (see timeline.ts). Same scenario + seed => identical run.
import { nginxStatusOf } from '../limiters/leakyBucket';
import { algorithmOf, getLimiterFactory } from '../limiters/registry';
import type { Decision, Limiter, LimiterRequest } from '../limiters/types';
import { Clocks } from '../production/clock';
import { LeaseBook } from '../production/leases';
import { ShardNames, shardLimiterSpec } from '../production/shards';
import { NGINX_STATUS_CODES, type ProductionData } from '../production/types';
import type { LimiterSpec, PolicySpec, Scenario, TrafficSpec, Window } from '../scenario/types';
import { EventQueue } from '../sim/scheduler';
import { hash32, stream, type Rng } from '../sim/rng';
import { generate, retryDelay } from '../traffic/generators';
import { EventColumns, FLAG, OUTCOME, VIA, growTo } from './columns';
import { RequestTable } from './requestTable';

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

export const OP = {
  decide: 0,
  check: 1,
  commitAdmit: 2,
  commitDeny: 3,
  write: 4,
  /** A failover promoted the replica: the slot's whole state is replaced (states.get(op)). */
  restore: 5,
} as const;

/**
 * The limiter inputs of each op when they are not the request's own: the time the limiter's
 * clock read, the (interned) key it charged (a shard key) and the cost (a lease size).
 * Present when the scenario uses clocks, shards or leases; timeline.ts replays from it.
 */
export interface OpInputs {
  at: Float64Array;
  /** Interned name id (run.requests.names), -1 for a restore. */
  key: Int32Array;
  cost: Float64Array;
}

/** Limiter operations in time order, replayed from checkpoints when seeking. */
export class OpLog {
  n = 0;
  time = new Float64Array(1024);
  slot = new Int32Array(1024);
  kind = new Uint8Array(1024);
  req = new Int32Array(1024);
  /** Written states (shared-nonatomic writes, failover restores), by op index. */
  states = new Map<number, unknown>();
  inputs: OpInputs | null = null;
  add(time: number, slot: number, kind: number, req: number): number {
    const i = this.n++;
    if (i >= this.time.length) this.grow(i + 1);
    this.time[i] = time;
    this.slot[i] = slot;
    this.kind[i] = kind;
    this.req[i] = req;
    return i;
  }
  private grow(n: number): void {
    this.time = growTo(this.time, n);
    this.slot = growTo(this.slot, n);
    this.kind = growTo(this.kind, n);
    this.req = growTo(this.req, n);
    const x = this.inputs;
    if (x) {
      x.at = growTo(x.at, n);
      x.key = growTo(x.key, n);
      x.cost = growTo(x.cost, n);
    }
  }
}

export interface Checkpoint {
  /** Ops before this index are included in the snapshots. */
  op: number;
  snapshots: unknown[];
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

const EV = {
  arrive: 1,
  storeDecide: 2,
  fail: 4,
  naRead: 5,
  naDecide: 6,
  naWrite: 7,
  /** The replica's cut: it holds every write made before now (failover.at - lag). */
  replicaCut: 8,
  /** The replica is promoted (failover.at + downSeconds). */
  promote: 9,
  /** placement leased: a lease call reaches the store. */
  leaseDecide: 10,
} as const;

/** Where a limiter decides, for the clock it reads. */
const WHERE = { store: 0, nonatomic: 1, server: 2 } as const;
const TOL = (x: number): number => 1e-9 * Math.max(1, Math.abs(x));

type RetryStorm = Extract<TrafficSpec, { pattern: 'retry-storm' }>;

interface Pending {
  read: unknown[];
  versions: number[];
  written: unknown[] | null;
}

class Engine {
  readonly sc: Scenario;
  readonly t: RequestTable;
  readonly ev: EventColumns;
  readonly q = new EventQueue();
  readonly slots: LimiterSlot[] = [];
  readonly ops = new OpLog();
  readonly checkpoints: Checkpoint[] = [];
  readonly errors = new Map<number, string>();
  readonly S: number;
  readonly P: number;
  readonly storeSlots: LimiterSlot[] = [];
  readonly serverSlots: LimiterSlot[][] = [];
  readonly fallbackSlots: (LimiterSlot[] | null)[] = [];
  readonly scratch: Limiter[] = [];
  readonly versions: Map<string, number>[] = [];
  readonly pending = new Map<number, Pending>();
  readonly remainingOk: boolean[];
  readonly routingRng: Rng;
  readonly jitterRng: Rng;
  readonly storms: (RetryStorm | null)[];
  readonly instant: boolean;
  readonly recordOps: boolean;
  readonly checkpointEvery: number;
  private opsAtCheckpoint = 0;
  private rr = 0;
  // Production features (null / false when the scenario does not use them).
  readonly prod: ProductionData;
  readonly clocks: Clocks | null;
  /** Per clamp index (policy for the store, P + slot id otherwise): key -> latest time. */
  private readonly clamps: (Map<string, number> | undefined)[] = [];
  private where: number = WHERE.store;
  readonly enforced: boolean[];
  /** Bits of the policies in shadow mode (enforce: false). */
  readonly shadowBits: number;
  readonly shardNames: ShardNames | null;
  private readonly shardRng: Rng | null;
  readonly leases: LeaseBook | null;
  private globalId = -1;
  /** Shards or clocks change what limiters see (fill's slow path). */
  private readonly transformsInputs: boolean;
  /** Dry-run status, shadow verdicts or several policies: record() writes production columns. */
  private readonly recordsVerdicts: boolean;
  private readonly failoverActive: boolean;
  /** None of the above: decideOn's small path. */
  private readonly plain: boolean;
  readonly outages: Window[];
  private cutSnapshots: unknown[] | null = null;
  private cutVersions: Map<string, number>[] | null = null;
  decisionOrder = new Int32Array(1024);
  nDecided = 0;
  arrivalOrder = new Int32Array(1024);
  nArrived = 0;
  maxLifetime = 0;
  endTime = 0;
  totals: LabTotals;
  private readonly req: LimiterRequest = { at: 0, key: '', server: '', cost: 1, duration: 0 };

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
    // `remaining` only from algorithms that declare it defined (their descriptor says so).
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
    this.failoverActive = fo !== null;
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
        this.storeSlots.push(this.slot('store', -1, pi, spec));
        this.scratch.push(this.create(p));
        this.versions.push(new Map());
      }
    });
    for (let s = 0; s < this.S; s++) {
      this.serverSlots.push(
        shared ? [] : sc.policies.map((p, pi) => this.slot('server', s, pi, p)),
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
    if (fo) {
      // Before anything else at the same instant: a write made exactly `lag` before the
      // failure has not reached the replica yet, and the promotion precedes what follows it.
      const cut = fo.at - st.replica!.lagSeconds;
      this.q.push(cut - TOL(cut), EV.replicaCut, -1);
      this.q.push(fo.at + fo.downSeconds, EV.promote, -1);
    }
    this.checkpoint();
  }

  private create(spec: LimiterSpec): Limiter {
    const f = getLimiterFactory(spec.algorithm);
    if (!f) throw new Error(`algorithm "${spec.algorithm}" is not registered`);
    return f.create(spec.params);
  }

  private slot(role: SlotRole, server: number, policy: number, spec: LimiterSpec): LimiterSlot {
    const s: LimiterSlot = {
      id: this.slots.length,
      role,
      server,
      policy,
      spec,
      limiter: this.create(spec),
    };
    this.slots.push(s);
    return s;
  }

  private fallbackFor(server: number): LimiterSlot[] {
    let f = this.fallbackSlots[server];
    if (!f) {
      f = this.sc.policies.map((p, pi) =>
        this.slot(
          'fallback',
          server,
          pi,
          this.sc.fallback ?? { algorithm: p.algorithm, params: p.params },
        ),
      );
      this.fallbackSlots[server] = f;
      // A new slot must exist in every checkpoint: earlier ones hold it as never created.
    }
    return f;
  }

  private checkpoint(): void {
    if (!this.recordOps) return;
    this.checkpoints.push({
      op: this.ops.n,
      snapshots: this.slots.map((s) => s.limiter.snapshot()),
    });
    this.opsAtCheckpoint = this.ops.n;
  }

  /** Log a limiter op; with op inputs on, what the limiter saw is this.req (just filled). */
  private log(slot: number, kind: number, i: number, time: number): void {
    if (!this.recordOps) return;
    const op = this.ops.add(time, slot, kind, i);
    const x = this.ops.inputs;
    if (x) {
      const r = this.req;
      x.at[op] = r.at;
      x.key[op] = this.t.names.id(r.key);
      x.cost[op] = r.cost;
    }
  }

  private maybeCheckpoint(): void {
    if (!this.recordOps) return;
    const every = Math.max(this.checkpointEvery, 16 * this.t.names.names.length);
    if (this.ops.n - this.opsAtCheckpoint >= every) this.checkpoint();
  }

  keyFor(i: number, p: PolicySpec): string {
    const names = this.t.names.names;
    if (p.scope === 'key') return names[this.t.keyId[i]!]!;
    if (p.scope === 'tenant') return names[this.t.tenantId[i]!]!;
    return 'global';
  }

  private fillPlain(i: number, pi: number, time: number): LimiterRequest {
    const r = this.req;
    r.at = time;
    r.key = this.keyFor(i, this.sc.policies[pi]!);
    r.server = this.sc.servers[this.t.server[i]!] ?? '';
    r.cost = this.t.cost[i]!;
    r.duration = this.t.duration[i]!;
    return r;
  }

  private fill(i: number, pi: number, time: number, slotId: number): LimiterRequest {
    const r = this.req;
    r.at = time;
    r.key = this.keyFor(i, this.sc.policies[pi]!);
    r.server = this.sc.servers[this.t.server[i]!] ?? '';
    r.cost = this.t.cost[i]!;
    r.duration = this.t.duration[i]!;
    if (this.transformsInputs) this.transform(r, i, pi, time, slotId);
    return r;
  }

  /** Shard keys and clocks: what the limiter sees instead of the request's own key and time. */
  private transform(r: LimiterRequest, i: number, pi: number, time: number, slotId: number): void {
    if (this.shardNames && this.where === WHERE.store)
      r.key = this.shardNames.name(pi, r.key, this.prod.shard![i]!);
    if (this.clocks) r.at = this.limiterTime(i, pi, time, r.key, slotId);
  }

  /**
   * The time the limiter reads (docs/scenario.md, "Time"). Before the key's latest time it is
   * that latest time when the algorithm's script clamps (its descriptor's `pastTime`), else the
   * time as given.
   */
  private limiterTime(i: number, pi: number, time: number, key: string, slotId: number): number {
    const c = this.clocks!;
    const srv = this.t.server[i]!;
    let t: number;
    let m: number;
    if (this.where === WHERE.store) {
      // "app": the server read its clock when it sent the call.
      t = c.timeSource === 'app' ? c.server(srv, this.t.at[i]!) : c.store(time);
      m = pi;
    } else if (this.where === WHERE.nonatomic) {
      // The read brought the stored state (and TIME); the server decides now.
      t = c.timeSource === 'app' ? c.server(srv, time) : c.store(this.ev.storeArrive[i]!);
      m = pi;
    } else {
      t = c.server(srv, time);
      m = this.P + slotId;
    }
    let map = this.clamps[m];
    if (!map) this.clamps[m] = map = new Map();
    const last = map.get(key);
    if (last !== undefined && last > t) {
      if (algorithmOf(this.sc.policies[pi]!.algorithm)?.pastTime === 'clamp') t = last;
    } else map.set(key, t);
    if (pi === 0) this.prod.now![i] = t;
    return t;
  }

  private safe(fn: () => Decision): Decision {
    try {
      return fn();
    } catch (e) {
      return {
        allowed: false,
        retryAfterSeconds: null,
        error: e instanceof Error ? e.message : String(e),
      };
    }
  }

  /**
   * Decide request i on one limiter per policy at `time`, writing retry/remaining/delay
   * columns. `pols` are the policy indices of `lims` (all policies unless a failure mode
   * left some out). Returns allowed, or null when a limiter answered with an error.
   */
  private decideOn(
    lims: Limiter[],
    slotIds: number[] | null,
    i: number,
    time: number,
    pols: readonly number[] = this.allPolicies,
  ): boolean | null {
    const P = lims.length;
    if (P === 1 && this.plain) {
      // The common case, kept as small as it was before the production features.
      const lim = lims[0]!;
      const req = this.fillPlain(i, pols[0]!, time);
      const d = this.safe(() => lim.decide(req));
      if (slotIds) this.log(slotIds[0]!, OP.decide, i, time);
      return this.recordPlain(i, d, pols[0]!);
    }
    if (P === 1) {
      const lim = lims[0]!;
      const pi = pols[0]!;
      const req = this.fill(i, pi, time, slotIds ? slotIds[0]! : -1);
      const d = this.safe(() => lim.decide(req));
      if (slotIds) this.log(slotIds[0]!, OP.decide, i, time);
      return this.record(i, [d], [pi], d.allowed ? 0 : 1 << pi);
    }
    const ds: Decision[] = [];
    const pis: number[] = [];
    let mask = 0;
    if (this.sc.multiPolicy === 'naive') {
      const charged: number[] = [];
      for (let p = 0; p < P; p++) {
        const lim = lims[p]!;
        const pi = pols[p]!;
        const req = this.fill(i, pi, time, slotIds ? slotIds[p]! : -1);
        const d = this.safe(() => lim.decide(req));
        if (slotIds) this.log(slotIds[p]!, OP.decide, i, time);
        ds.push(d);
        pis.push(pi);
        if (!d.allowed) {
          mask |= 1 << pi;
          // A policy in shadow mode denies nothing: the next policy is still charged.
          if (!this.enforced[pi]) continue;
          for (const k of charged) {
            const id = this.sc.policies[k]!.id;
            this.totals.wastedBudget[id] = (this.totals.wastedBudget[id] ?? 0) + this.t.cost[i]!;
          }
          break;
        }
        charged.push(pi);
      }
    } else {
      // All-or-nothing: check everything, then charge all or none. A limiter that cannot
      // separate check from charge (a Lua script) decides in the first pass. A policy in
      // shadow mode is charged when the request goes through and it would have admitted it.
      let all = true;
      for (let p = 0; p < P; p++) {
        const lim = lims[p]!;
        const pi = pols[p]!;
        const req = this.fill(i, pi, time, slotIds ? slotIds[p]! : -1);
        const d = this.safe(() => (lim.separableCheck ? lim.check(req) : lim.decide(req)));
        if (slotIds) this.log(slotIds[p]!, lim.separableCheck ? OP.check : OP.decide, i, time);
        ds.push(d);
        pis.push(pi);
        if (!d.allowed) {
          mask |= 1 << pi;
          if (this.enforced[pi]) all = false;
        }
      }
      for (let p = 0; p < P; p++) {
        const lim = lims[p]!;
        if (!lim.separableCheck) continue;
        const pi = pols[p]!;
        const admit = all && (this.enforced[pi] || ds[p]!.allowed);
        const req = this.fill(i, pi, time, slotIds ? slotIds[p]! : -1);
        ds[p] = this.safe(() => lim.commit(req, admit));
        if (slotIds) this.log(slotIds[p]!, admit ? OP.commitAdmit : OP.commitDeny, i, time);
      }
    }
    return this.record(i, ds, pis, mask);
  }

  private readonly allPolicies: number[];

  /** record() for one enforced policy and no production columns (the common case). */
  private recordPlain(i: number, d: Decision, pi: number): boolean | null {
    const ev = this.ev;
    if (d.error !== undefined) {
      this.errors.set(i, d.error);
      ev.flags[i]! |= FLAG.limiterError;
      this.totals.limiterErrors++;
      return null;
    }
    const allowed = d.allowed;
    const r = d.retryAfterSeconds;
    ev.retry[i] = allowed || r === null ? NaN : r;
    ev.remaining[i] = d.remaining !== undefined && this.remainingOk[pi] ? d.remaining : NaN;
    ev.delay[i] = allowed && d.delaySeconds !== undefined ? d.delaySeconds : NaN;
    return allowed;
  }

  /** `mask`: bit p set when policy p's own verdict was a denial. */
  private record(i: number, ds: Decision[], pis: number[], mask: number): boolean | null {
    const ev = this.ev;
    let allowed = true;
    let retry = NaN;
    let impossible = false;
    let remaining = NaN;
    let delay = NaN;
    let error: string | undefined;
    let status = 0;
    for (let k = 0; k < ds.length; k++) {
      const d = ds[k]!;
      const pi = pis[k]!;
      if (d.error !== undefined && error === undefined) error = d.error;
      if (!d.allowed && this.enforced[pi]) {
        allowed = false;
        if (d.retryAfterSeconds === -1) impossible = true;
        else if (d.retryAfterSeconds !== null && !(d.retryAfterSeconds <= retry))
          retry = d.retryAfterSeconds;
      }
      if (d.remaining !== undefined && this.remainingOk[pi] && !(d.remaining >= remaining))
        remaining = d.remaining;
      if (d.delaySeconds !== undefined && !(d.delaySeconds <= delay)) delay = d.delaySeconds;
      if (this.recordsVerdicts && this.prod.status) {
        const st = nginxStatusOf(d);
        if (st !== undefined) status = Math.max(status, NGINX_STATUS_CODES.indexOf(st) + 1);
      }
    }
    if (error !== undefined) {
      this.errors.set(i, error);
      ev.flags[i]! |= FLAG.limiterError;
      this.totals.limiterErrors++;
      return null;
    }
    ev.retry[i] = allowed ? NaN : impossible ? -1 : retry;
    ev.remaining[i] = remaining;
    ev.delay[i] = allowed ? delay : NaN;
    if (this.recordsVerdicts) {
      const pr = this.prod;
      if (pr.denyMask) pr.denyMask[i] = mask;
      if (pr.wouldDeny) pr.wouldDeny[i] = allowed && mask & this.shadowBits ? 1 : 0;
      if (pr.status) pr.status[i] = status;
    }
    return allowed;
  }

  latency(time: number): number {
    const st = this.sc.store;
    let l = st.latencySeconds;
    for (const s of st.latencySpikes) if (time >= s.from && time < s.to) l = s.latencySeconds;
    return l;
  }

  down(time: number): boolean {
    for (const o of this.outages) if (time >= o.from && time < o.to) return true;
    return false;
  }

  /** The shard request i charges (placement sharded), chosen when it arrives. */
  private pickShard(i: number): number {
    const sh = this.sc.shards!;
    switch (sh.by) {
      case 'random':
        return this.shardRng!.int(sh.count);
      case 'key':
        return hash32(this.t.names.names[this.t.keyId[i]!]!) % sh.count;
      case 'server':
        return this.t.server[i]! % sh.count;
    }
  }

  /** The interned id of request i's key for the (only) policy of a leased run. */
  private leaseKeyId(i: number): number {
    const p = this.sc.policies[0]!;
    if (p.scope === 'key') return this.t.keyId[i]!;
    if (p.scope === 'tenant') return this.t.tenantId[i]!;
    if (this.globalId < 0) this.globalId = this.t.names.id('global');
    return this.globalId;
  }

  /** A store write (an admission charged at the store) at `time`: lost if a failover forgets it. */
  private wrote(i: number, time: number, cost: number): void {
    const f = this.prod.failover;
    if (!f || !(time >= f.replicatedBefore - TOL(f.replicatedBefore)) || !(time < f.at)) return;
    f.lost.push(i);
    f.costLost += cost;
  }

  private route(i: number): void {
    if (this.t.server[i]! >= 0) return;
    let s: number;
    switch (this.sc.routing) {
      case 'round-robin':
        s = this.rr++ % this.S;
        break;
      case 'random':
        s = this.routingRng.int(this.S);
        break;
      case 'sticky':
        s = hash32(this.t.names.names[this.t.keyId[i]!]!) % this.S;
        break;
    }
    this.t.server[i] = s;
  }

  private storeLims: Limiter[] = [];
  private storeIds: number[] = [];

  arrive(i: number, a: number): void {
    this.route(i);
    if (this.nArrived >= this.arrivalOrder.length)
      this.arrivalOrder = growTo(this.arrivalOrder, this.nArrived + 1);
    this.arrivalOrder[this.nArrived++] = i;
    const ev = this.ev;
    const sc = this.sc;
    if (sc.placement === 'local') {
      const slots = this.serverSlots[this.t.server[i]!]!;
      this.where = WHERE.server;
      const ok = this.decideOn(
        slots.map((s) => s.limiter),
        slots.map((s) => s.id),
        i,
        a,
      );
      this.settle(i, ok, VIA.local, a, a);
      return;
    }
    let kind: number = EV.storeDecide;
    if (this.prod.shard) this.prod.shard[i] = this.pickShard(i);
    else if (this.leases) {
      // A live lease on this server pays locally; otherwise one store call takes a lease.
      const id = this.leases.take(this.t.server[i]!, this.leaseKeyId(i), this.t.cost[i]!, a);
      if (id >= 0) {
        this.prod.leaseOf![i] = id;
        if (this.prod.wouldDeny) this.prod.wouldDeny[i] = 0;
        this.settle(i, true, VIA.local, a, a);
        return;
      }
      this.leases.storeCalls++;
      kind = EV.leaseDecide;
    }
    if (this.instant) {
      ev.storeArrive[i] = a;
      ev.storeReply[i] = a;
      if (kind === EV.leaseDecide) {
        this.leaseAtStore(i, a, a);
        return;
      }
      this.where = WHERE.store;
      const ok = this.decideOn(this.storeLims, this.storeIds, i, a);
      if (ok && this.failoverActive) this.wrote(i, a, this.t.cost[i]!);
      this.settle(i, ok, VIA.store, a, a);
      return;
    }
    const l = this.latency(a);
    const atStore = a + l;
    const timeout = sc.store.timeoutSeconds;
    if (this.down(atStore)) {
      ev.flags[i]! |= FLAG.unreachable;
      // No answer comes: the server gives up at its timeout, or (no timeout) hears the
      // connection fail after one round trip.
      this.q.push(timeout !== null ? a + timeout : a + 2 * l, EV.fail, i);
      return;
    }
    const back = atStore + this.latency(atStore);
    if (timeout !== null && back - a > timeout) {
      ev.flags[i]! |= FLAG.timedOut;
      this.q.push(a + timeout, EV.fail, i);
    }
    if (sc.placement === 'shared-nonatomic') kind = EV.naRead;
    this.q.push(atStore, kind, i);
  }

  /**
   * placement leased: the store call of request i reaches the store at `time` and the reply
   * is back at the server at `back`. The call takes a lease of max(size, cost) tokens, or what
   * is left when the limiter reports it (at least the request's cost), in one atomic step.
   */
  private leaseAtStore(i: number, time: number, back: number): void {
    const lim = this.storeLims[0]!;
    const slot = this.storeIds[0]!;
    this.where = WHERE.store;
    const cost = this.t.cost[i]!;
    const want = Math.max(this.leases!.leaseSize, cost);
    const req = this.fill(i, 0, time, slot);
    req.cost = want;
    let d = this.safe(() => lim.decide(req));
    this.log(slot, OP.decide, i, time);
    let grant = want;
    if (!d.allowed && d.error === undefined) {
      const rem = d.remaining;
      const part = rem !== undefined && this.remainingOk[0] ? Math.min(want, rem) : cost;
      grant = 0;
      if (part >= cost && part < want) {
        req.cost = part;
        d = this.safe(() => lim.decide(req));
        this.log(slot, OP.decide, i, time);
        if (d.allowed) grant = part;
      }
      if (!grant && d.error === undefined) {
        // Nothing to lease: the request's own verdict (and Retry-After) at its own cost.
        req.cost = cost;
        d = this.safe(() => lim.check(req));
        this.log(slot, OP.check, i, time);
      }
    }
    const granted = d.allowed && d.error === undefined;
    const ok = this.record(i, [d], [0], d.allowed ? 0 : 1);
    if (granted) this.wrote(i, time, grant);
    const ev = this.ev;
    if (ev.flags[i]! & FLAG.timedOut) {
      if (granted) this.leases!.lostInFlight += grant;
      return; // charged, but the server gave up
    }
    ev.storeReply[i] = back;
    if (granted)
      this.prod.leaseOf![i] = this.leases!.grant(
        this.t.server[i]!,
        this.leaseKeyId(i),
        i,
        grant,
        cost,
        time,
        back,
      );
    this.settle(i, ok, VIA.store, time, back);
  }

  /** Record the outcome of request i (ok: allowed, false: denied, null: limiter error). */
  private settle(
    i: number,
    ok: boolean | null,
    via: number,
    decided: number,
    replied: number,
  ): void {
    if (ok === null) {
      this.failover(i, decided);
      return;
    }
    const ev = this.ev;
    ev.via[i] = via;
    if (ok) {
      ev.outcome[i] = OUTCOME.allowed;
      this.totals.allowed++;
    } else {
      ev.outcome[i] = OUTCOME.denied;
      this.totals.denied++;
    }
    const d = ev.delay[i]!;
    this.finish(i, decided, replied + (d > 0 ? d : 0));
  }

  private finish(i: number, decided: number, responded: number): void {
    const ev = this.ev;
    ev.decidedAt[i] = decided;
    ev.respondedAt[i] = responded;
    if (this.nDecided >= this.decisionOrder.length)
      this.decisionOrder = growTo(this.decisionOrder, this.nDecided + 1);
    this.decisionOrder[this.nDecided++] = i;
    const life = responded - this.t.at[i]!;
    if (life > this.maxLifetime) this.maxLifetime = life;
    if (responded > this.endTime) this.endTime = responded;
    const g = this.t.source[i]!;
    const storm = g >= 0 ? this.storms[g] : null;
    if (storm) {
      const o = ev.outcome[i]!;
      const allowed = o === OUTCOME.allowed || o === OUTCOME.bypass;
      const r = ev.retry[i]!;
      const wait = retryDelay(
        storm,
        this.t.attempt[i]!,
        allowed,
        Number.isNaN(r) ? null : r,
        this.jitterRng,
      );
      if (wait !== null) {
        const j = this.t.add(
          responded + wait,
          this.t.keyId[i]!,
          this.t.tenantId[i]!,
          -1,
          this.t.cost[i]!,
          this.t.duration[i]!,
          g,
          this.t.client[i]!,
          this.t.attempt[i]! + 1,
        );
        this.ev.ensure(this.t.capacity);
        this.ensureProduction(this.t.capacity);
        this.q.push(responded + wait, EV.arrive, j);
      }
    }
  }

  /** Grow the production columns with the request table (retries add requests). */
  private ensureProduction(n: number): void {
    const p = this.prod;
    if (p.now) p.now = growTo(p.now, n, NaN);
    if (p.status) p.status = growTo(p.status, n);
    if (p.wouldDeny) p.wouldDeny = growTo(p.wouldDeny, n);
    if (p.denyMask) p.denyMask = growTo(p.denyMask, n);
    if (p.shard) p.shard = growTo(p.shard, n);
    if (p.leaseOf) p.leaseOf = growTo(p.leaseOf, n, -1);
  }

  /** The store failed (outage, timeout) or a limiter errored: apply the failure mode. */
  private failover(i: number, time: number): void {
    const ev = this.ev;
    const sc = this.sc;
    // A policy in shadow mode never turns a failure into a 503: it fails open.
    const modes = sc.policies.map((p) =>
      p.enforce === false
        ? 'fail-open'
        : sc.placement === 'shared-fallback'
          ? 'local-fallback'
          : p.failureMode,
    );
    if (sc.placement === 'local' || modes.includes('fail-closed')) {
      ev.outcome[i] = OUTCOME.unavailable;
      ev.via[i] = VIA.none;
      ev.retry[i] = NaN;
      ev.remaining[i] = NaN;
      ev.delay[i] = NaN;
      this.totals.unavailable++;
      this.finish(i, time, time);
      return;
    }
    const fb: Limiter[] = [];
    const fbIds: number[] = [];
    const fbPols: number[] = [];
    const server = this.t.server[i]!;
    modes.forEach((m, p) => {
      if (m !== 'local-fallback') return;
      const s = this.fallbackFor(server)[p]!;
      fb.push(s.limiter);
      fbIds.push(s.id);
      fbPols.push(p);
    });
    let ok: boolean | null = true;
    this.where = WHERE.server;
    if (fb.length) ok = this.decideOn(fb, fbIds, i, time, fbPols);
    if (ok === null) ok = false;
    if (!ok) {
      ev.outcome[i] = OUTCOME.denied;
      ev.via[i] = VIA.fallback;
      this.totals.denied++;
      this.totals.viaFallback++;
    } else if (fb.length === modes.length) {
      ev.outcome[i] = OUTCOME.allowed;
      ev.via[i] = VIA.fallback;
      this.totals.allowed++;
      this.totals.viaFallback++;
    } else {
      ev.outcome[i] = OUTCOME.bypass;
      ev.via[i] = VIA.none;
      ev.retry[i] = NaN;
      this.totals.bypass++;
    }
    const d = ev.delay[i]!;
    this.finish(i, time, time + (ok && d > 0 ? d : 0));
  }

  private handle(kind: number, i: number, time: number): void {
    const ev = this.ev;
    switch (kind) {
      case EV.arrive:
        this.arrive(i, time);
        return;
      case EV.fail:
        if (!Number.isNaN(ev.decidedAt[i]!)) return;
        if (ev.flags[i]! & FLAG.timedOut) this.totals.timedOut++;
        this.pending.delete(i);
        this.failover(i, time);
        return;
      case EV.storeDecide: {
        ev.storeArrive[i] = time;
        this.where = WHERE.store;
        const ok = this.decideOn(this.storeLims, this.storeIds, i, time);
        if (ok && this.failoverActive) this.wrote(i, time, this.t.cost[i]!);
        if (ev.flags[i]! & FLAG.timedOut) return; // charged, but the server gave up
        const back = time + this.latency(time);
        ev.storeReply[i] = back;
        // The outcome is fixed at the store; the client hears it when the reply is back.
        this.settle(i, ok, VIA.store, time, back);
        return;
      }
      case EV.naRead: {
        ev.storeArrive[i] = time;
        const read: unknown[] = [];
        const versions: number[] = [];
        this.sc.policies.forEach((p, pi) => {
          const key = this.keyFor(i, p);
          read.push(this.storeSlots[pi]!.limiter.readState(key));
          versions.push(this.versions[pi]!.get(key) ?? 0);
        });
        const back = time + this.latency(time);
        ev.storeReply[i] = back;
        if (ev.flags[i]! & FLAG.timedOut) return;
        this.pending.set(i, { read, versions, written: null });
        this.q.push(back, EV.naDecide, i);
        return;
      }
      case EV.naDecide: {
        const pend = this.pending.get(i);
        if (!pend) return;
        this.sc.policies.forEach((p, pi) =>
          this.scratch[pi]!.writeState(this.keyFor(i, p), pend.read[pi]),
        );
        this.where = WHERE.nonatomic;
        const ok = this.decideOn(this.scratch, null, i, time);
        if (ok) {
          pend.written = this.sc.policies.map((p, pi) =>
            this.scratch[pi]!.readState(this.keyFor(i, p)),
          );
          const w = time + this.latency(time);
          if (this.down(w)) {
            ev.flags[i]! |= FLAG.writeLost;
            this.pending.delete(i);
          } else this.q.push(w, EV.naWrite, i);
        } else this.pending.delete(i);
        this.settle(i, ok, VIA.store, time, time);
        return;
      }
      case EV.naWrite: {
        const pend = this.pending.get(i);
        this.pending.delete(i);
        if (!pend || !pend.written) return;
        ev.writeArrive[i] = time;
        let stale = false;
        this.sc.policies.forEach((p, pi) => {
          const key = this.keyFor(i, p);
          const vmap = this.versions[pi]!;
          const v = vmap.get(key) ?? 0;
          if (v !== pend.versions[pi]) stale = true;
          vmap.set(key, v + 1);
          const slot = this.storeSlots[pi]!;
          slot.limiter.writeState(key, pend.written![pi]);
          if (this.recordOps) {
            const op = this.ops.add(time, slot.id, OP.write, i);
            this.ops.states.set(op, pend.written![pi]);
            const x = this.ops.inputs;
            if (x) {
              x.at[op] = time;
              x.key[op] = this.t.names.id(key);
              x.cost[op] = this.t.cost[i]!;
            }
          }
        });
        this.wrote(i, time, this.t.cost[i]!);
        if (stale) {
          ev.flags[i]! |= FLAG.doubleSpent;
          this.totals.doubleSpent++;
        }
        return;
      }
      case EV.leaseDecide: {
        ev.storeArrive[i] = time;
        this.leaseAtStore(i, time, time + this.latency(time));
        return;
      }
      case EV.replicaCut: {
        // What the replica holds when the primary dies: every write made before now.
        this.cutSnapshots = this.storeSlots.map((s) => s.limiter.snapshot());
        this.cutVersions = this.versions.map((m) => new Map(m));
        return;
      }
      case EV.promote: {
        const snaps = this.cutSnapshots!;
        this.storeSlots.forEach((s, k) => {
          s.limiter.restore(snaps[k]);
          if (this.recordOps) {
            const op = this.ops.add(time, s.id, OP.restore, -1);
            this.ops.states.set(op, snaps[k]);
            const x = this.ops.inputs;
            if (x) {
              x.at[op] = time;
              x.key[op] = -1;
              x.cost[op] = 0;
            }
          }
        });
        this.cutVersions!.forEach((m, k) => {
          const v = this.versions[k]!;
          v.clear();
          for (const [key, n] of m) v.set(key, n);
        });
        this.prod.failover!.promotedAt = time;
        // The clocks' "latest time per key" belonged to the lost primary's state too.
        for (let m = 0; m < this.P; m++) this.clamps[m]?.clear();
        return;
      }
    }
  }

  run(): EngineRun {
    this.storeLims = this.storeSlots.map((s) => s.limiter);
    this.storeIds = this.storeSlots.map((s) => s.id);
    const t = this.t;
    const nStatic = t.n;
    // Arrival order: by time, equal times in index (input) order.
    let sorted = true;
    for (let k = 1; k < nStatic; k++)
      if (t.at[k]! < t.at[k - 1]!) {
        sorted = false;
        break;
      }
    let order: Int32Array | null = null;
    if (!sorted) {
      const idx = new Int32Array(nStatic);
      for (let k = 0; k < nStatic; k++) idx[k] = k;
      const at = t.at;
      order = idx.sort((a, b) => at[a]! - at[b]! || a - b);
    }
    this.arrivalOrder = new Int32Array(Math.max(16, nStatic));
    this.decisionOrder = new Int32Array(Math.max(16, nStatic));
    const q = this.q;
    const out = { time: 0, kind: 0, ref: 0 };
    let p = 0;
    for (;;) {
      const nextI = p < nStatic ? (order ? order[p]! : p) : -1;
      const nextT = nextI >= 0 ? t.at[nextI]! : Infinity;
      if (q.size > 0 && q.peekTime() <= nextT) {
        q.pop(out);
        this.handle(out.kind, out.ref, out.time);
      } else if (nextI >= 0) {
        p++;
        this.arrive(nextI, nextT);
      } else break;
      this.maybeCheckpoint();
    }
    this.totals.requests = t.n;
    this.ev.ensure(t.n);
    return {
      production: this.prod,
      scenario: this.sc,
      servers: this.sc.servers,
      policies: this.sc.policies,
      requests: t,
      events: this.ev,
      errors: this.errors,
      decisionOrder: this.decisionOrder.subarray(0, this.nDecided),
      arrivalOrder: this.arrivalOrder.subarray(0, this.nArrived),
      maxLifetime: this.maxLifetime,
      endTime: this.endTime,
      totals: this.totals,
      slots: this.slots,
      ops: this.ops,
      checkpoints: this.checkpoints,
    };
  }
}

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

/** Run a validated scenario (see scenario/validate.ts parseScenario). Deterministic. */
export function runLab(scenario: Scenario, opts: RunOptions = {}): EngineRun {
  return new Engine(scenario, opts).run();
}
