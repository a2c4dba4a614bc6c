// The lab run: topology (load balancer, servers), placements, store latency and failures,
// multi-policy, closed-loop traffic, and a columnar event log with limiter checkpoints so
// the UI can seek (see timeline.ts). Same scenario + seed => identical run.
import { algorithmOf, getLimiterFactory } from '../limiters/registry';
import type { Decision, Limiter, LimiterRequest } from '../limiters/types';
import type { LimiterSpec, PolicySpec, Scenario, TrafficSpec } from '../scenario/types';
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

export const OP = { decide: 0, check: 1, commitAdmit: 2, commitDeny: 3, write: 4 } as const;

/** Limiter operations in time order, replayed from checkpoints when seeking. */
export class OpLog {
  n = 0;
  time = new Float64Array(1024);
  slot = new Int32Array(1024);
  kind = new Uint8Array(1024);
  req = new Int32Array(1024);
  /** Written states (shared-nonatomic writes), by op index. */
  states = new Map<number, unknown>();
  add(time: number, slot: number, kind: number, req: number): number {
    const i = this.n++;
    if (i >= this.time.length) {
      this.time = growTo(this.time, i + 1);
      this.slot = growTo(this.slot, i + 1);
      this.kind = growTo(this.kind, i + 1);
      this.req = growTo(this.req, i + 1);
    }
    this.time[i] = time;
    this.slot[i] = slot;
    this.kind[i] = kind;
    this.req[i] = req;
    return i;
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
}

export interface RunOptions {
  /** Checkpoint every this many limiter operations at least (default 2048). */
  checkpointEvery?: number;
  /** false: no op log or checkpoints (no seeking of limiter state); faster. */
  recordOps?: boolean;
}

const EV = { arrive: 1, storeDecide: 2, fail: 4, naRead: 5, naDecide: 6, naWrite: 7 } as const;

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

    // Limiter instances.
    const shared = sc.placement !== 'local';
    sc.policies.forEach((p, pi) => {
      if (shared) {
        this.storeSlots.push(this.slot('store', -1, pi, p));
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
    const st = sc.store;
    this.instant =
      (sc.placement === 'shared' || sc.placement === 'shared-fallback') &&
      st.latencySeconds === 0 &&
      st.outages.length === 0 &&
      st.latencySpikes.length === 0;
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

  private log(slot: number, kind: number, i: number, time: number): void {
    if (!this.recordOps) return;
    this.ops.add(time, slot, kind, i);
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

  private fill(i: number, pi: number, time: number): LimiterRequest {
    const r = this.req;
    r.at = time;
    r.key = this.keyFor(i, this.sc.policies[pi]!);
    r.server = this.sc.servers[this.t.server[i]!] ?? '';
    r.cost = this.t.cost[i]!;
    r.duration = this.t.duration[i]!;
    return r;
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
   * columns. Returns allowed, or null when a limiter answered with an error.
   */
  private decideOn(
    lims: Limiter[],
    slotIds: number[] | null,
    i: number,
    time: number,
  ): boolean | null {
    const P = lims.length;
    if (P === 1) {
      const lim = lims[0]!;
      const req = this.fill(i, 0, time);
      const d = this.safe(() => lim.decide(req));
      if (slotIds) this.log(slotIds[0]!, OP.decide, i, time);
      return this.record(i, [d], [0]);
    }
    const ds: Decision[] = [];
    const pis: number[] = [];
    if (this.sc.multiPolicy === 'naive') {
      let charged = 0;
      for (let p = 0; p < P; p++) {
        const lim = lims[p]!;
        const req = this.fill(i, p, time);
        const d = this.safe(() => lim.decide(req));
        if (slotIds) this.log(slotIds[p]!, OP.decide, i, time);
        ds.push(d);
        pis.push(p);
        if (!d.allowed) {
          for (let k = 0; k < charged; k++) {
            const id = this.sc.policies[k]!.id;
            this.totals.wastedBudget[id] = (this.totals.wastedBudget[id] ?? 0) + this.t.cost[i]!;
          }
          break;
        }
        charged++;
      }
    } else {
      // All-or-nothing: check everything, then charge all or none. A limiter that cannot
      // separate check from charge (a Lua script) decides in the first pass.
      let all = true;
      for (let p = 0; p < P; p++) {
        const lim = lims[p]!;
        const req = this.fill(i, p, time);
        const d = this.safe(() => (lim.separableCheck ? lim.check(req) : lim.decide(req)));
        if (slotIds) this.log(slotIds[p]!, lim.separableCheck ? OP.check : OP.decide, i, time);
        ds.push(d);
        pis.push(p);
        if (!d.allowed) all = false;
      }
      for (let p = 0; p < P; p++) {
        const lim = lims[p]!;
        if (!lim.separableCheck) continue;
        const req = this.fill(i, p, time);
        ds[p] = this.safe(() => lim.commit(req, all));
        if (slotIds) this.log(slotIds[p]!, all ? OP.commitAdmit : OP.commitDeny, i, time);
      }
    }
    return this.record(i, ds, pis);
  }

  private record(i: number, ds: Decision[], pis: number[]): boolean | null {
    const ev = this.ev;
    let allowed = true;
    let retry = NaN;
    let impossible = false;
    let remaining = NaN;
    let delay = NaN;
    let error: string | undefined;
    for (let k = 0; k < ds.length; k++) {
      const d = ds[k]!;
      if (d.error !== undefined && error === undefined) error = d.error;
      if (!d.allowed) {
        allowed = false;
        if (d.retryAfterSeconds === -1) impossible = true;
        else if (d.retryAfterSeconds !== null && !(d.retryAfterSeconds <= retry))
          retry = d.retryAfterSeconds;
      }
      if (d.remaining !== undefined && this.remainingOk[pis[k]!] && !(d.remaining >= remaining))
        remaining = d.remaining;
      if (d.delaySeconds !== undefined && !(d.delaySeconds <= delay)) delay = d.delaySeconds;
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
    return allowed;
  }

  latency(time: number): number {
    const st = this.sc.store;
    let l = st.latencySeconds;
    for (const s of st.latencySpikes) if (time >= s.from && time < s.to) l = s.latencySeconds;
    return l;
  }

  down(time: number): boolean {
    for (const o of this.sc.store.outages) if (time >= o.from && time < o.to) return true;
    return false;
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
      const ok = this.decideOn(
        slots.map((s) => s.limiter),
        slots.map((s) => s.id),
        i,
        a,
      );
      this.settle(i, ok, VIA.local, a, a);
      return;
    }
    if (this.instant) {
      ev.storeArrive[i] = a;
      ev.storeReply[i] = a;
      const ok = this.decideOn(this.storeLims, this.storeIds, i, a);
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
    this.q.push(atStore, sc.placement === 'shared-nonatomic' ? EV.naRead : EV.storeDecide, i);
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
        this.q.push(responded + wait, EV.arrive, j);
      }
    }
  }

  /** The store failed (outage, timeout) or a limiter errored: apply the failure mode. */
  private failover(i: number, time: number): void {
    const ev = this.ev;
    const sc = this.sc;
    const modes = sc.policies.map((p) =>
      sc.placement === 'shared-fallback' ? 'local-fallback' : p.failureMode,
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
    const server = this.t.server[i]!;
    modes.forEach((m, p) => {
      if (m !== 'local-fallback') return;
      const s = this.fallbackFor(server)[p]!;
      fb.push(s.limiter);
      fbIds.push(s.id);
    });
    let ok: boolean | null = true;
    if (fb.length) ok = this.decideOn(fb, fbIds, i, time);
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
        const ok = this.decideOn(this.storeLims, this.storeIds, i, time);
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
          }
        });
        if (stale) {
          ev.flags[i]! |= FLAG.doubleSpent;
          this.totals.doubleSpent++;
        }
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
