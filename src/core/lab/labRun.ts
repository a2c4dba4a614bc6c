// What a lab run means: the one view over the engine's raw output (EngineRun) that every
// consumer reads, so the command line, window.rateLab, the lab screen, lesson widgets and
// graders report the same numbers for the same scenario.
//
// One name per idea: `labRunFromInput` validates raw input (src/core/scenario) and answers a
// LabRunResult (nothing throws); `labRun` runs a validated scenario (runEngine, run.ts) and
// wraps it; `wrapEngineRun` wraps an EngineRun already made (the worker's, unpacked). Counts follow timeline.ts's `Counts`: `allowed` is what
// the limiter admitted, `bypass`, `unavailable` and `denied` are their own counts, and
// `admitted` = allowed + bypass.
import type { LimiterView } from '../limiters/types';
import type { ProductionData } from './engine/productionData';
import type { Scenario } from '../scenario/types';
import { ScenarioError, validateScenario } from '../scenario/validate';
import type { OverLimit } from './moments';
import { overLimitOf } from './overLimit';
import { viewUsage } from './policy';
import {
  RequestRecord,
  policyDecisions,
  requestDecision,
  type RequestDecision,
  type RequestInfo,
} from './requestRecord';
import { runEngine, type EngineRun } from './run';
import { LabTimeline, requestEvents, type Counts } from './timeline';
import { errorMessage } from '../util/errorMessage';

export type { Counts } from './timeline';
export type { PolicyDecision, RequestDecision, RequestInfo } from './requestRecord';
export { snapshotAt, type LabSnapshot, type SnapshotDecision } from './snapshot';
export type { OverLimit } from './moments';

/** A limiter the scene can draw: the shared store, a server's own counter, or its fallback. */
export interface LimiterTarget {
  id: string;
  label: string;
  /** "store" or a server name. */
  where: string;
  kind: 'store' | 'local' | 'fallback';
  policyId: string;
  algorithm: string;
}

export interface LabRun {
  scenario: Scenario;
  /** The engine's raw output this run is a view of. */
  engine: EngineRun;
  /** False when the run kept no operation log: limiter states cannot be seeked (views are empty). */
  seekable: boolean;
  servers: string[];
  shared: boolean;
  n: number;
  /** Columns, request-index order. NaN = did not happen. */
  at: Float64Array;
  serverIx: Int16Array;
  /** Compact key / tenant indexes in order of first arrival (client slots and hues). */
  keyIx: Int32Array;
  tenantIx: Int32Array;
  keys: string[];
  tenants: string[];
  storeArrive: Float64Array;
  storeReply: Float64Array;
  writeArrive: Float64Array;
  decidedAt: Float64Array;
  respondedAt: Float64Array;
  /** Outcome codes: index into OUTCOME_NAMES. */
  outcome: Uint8Array;
  /** Request indexes sorted by decision time. */
  byDecision: Int32Array;
  /** Request indexes sorted by arrival time. */
  byArrival: Int32Array;
  /** Last event time (the scrubber's end). */
  end: number;
  targets: LimiterTarget[];
  /** Counts of the requests decided at or before t (Infinity: the whole run). */
  countsAt(t: number): Counts;
  /** How many requests are decided at or before t. */
  decidedBy(t: number): number;
  /** Request i's decision (cheap: no names, no path). */
  decision(i: number): RequestDecision;
  /** Request i as the panels show it. */
  request(i: number): RequestInfo;
  /**
   * The admissions over the limit (single policy; null when the run cannot be compared with one
   * shared counter, e.g. a Lua script or several policies). Computed once, on first use.
   */
  readonly overLimit: OverLimit | null;
  /** Failover, clocks, shards, leases, shadow mode, dry run (docs/production.md). */
  production: ProductionData;
  /**
   * Limiter state of one target at time t, one view per key (most active keys first).
   * `random`: an out-of-order query (chart samples, past reads); it uses a second seeker so
   * the clock's seeker keeps replaying forward incrementally.
   */
  views(targetId: string, t: number, maxKeys?: number, random?: boolean): LimiterView[];
  /** Times of every event, sorted (for step and tick marks). */
  eventTimes: Float64Array;
  /** The engine's totals for the whole run (doubleSpent: admissions made on a stale read). */
  totals: {
    doubleSpent: number;
    timedOut: number;
    viaFallback: number;
    limiterErrors: number;
    /** Naive multi-policy: cost charged, per policy id, for requests denied anyway. */
    wastedBudget: Record<string, number>;
  };
  /** True: every denial names the policies that denied it (RequestDecision.deniedBy). */
  perPolicyDecisions: boolean;
}

export interface LabRunOptions {
  /**
   * Keep the limiter operation log so that states can be seeked (default true). Runs that
   * only need outcomes (simulate, lesson widgets, graders) pass false: faster, same outcomes.
   */
  seekable?: boolean;
}

export type LabRunResult =
  { ok: true; run: LabRun } | { ok: false; errors: string[]; message: string };

/** Validate and run a scenario. Bad input returns the engine's messages (nothing throws). */
export function labRunFromInput(input: unknown, opts: LabRunOptions = {}): LabRunResult {
  const v = validateScenario(input);
  if (!v.ok) return { ok: false, errors: v.errors, message: new ScenarioError(v.errors).message };
  try {
    return { ok: true, run: labRun(v.scenario, opts) };
  } catch (e) {
    const message = errorMessage(e);
    return { ok: false, errors: [message], message };
  }
}

/** The engine's messages for a scenario ([] when it is valid). */
export function scenarioErrors(input: unknown): string[] {
  const v = validateScenario(input);
  return v.ok ? [] : v.errors;
}

/** Run a validated scenario and wrap it. */
export function labRun(s: Scenario, opts: LabRunOptions = {}): LabRun {
  const seekable = opts.seekable ?? true;
  return wrapEngineRun(runEngine(s, { recordOps: seekable }), seekable);
}

/**
 * The engine's raw output under a run: for core code that reads engine columns itself (the
 * production reports, the worker's transfer). Lint keeps it out of the UI, store and content.
 */
export function engineOf(run: LabRun): EngineRun {
  return run.engine;
}

/** The LabRun view over an engine run. */
export function wrapEngineRun(run: EngineRun, seekable = run.checkpoints.length > 0): LabRun {
  return new Run(run, seekable);
}

type States = ReturnType<LabTimeline['statesAt']>;

class Run implements LabRun {
  readonly scenario: Scenario;
  readonly servers: string[];
  readonly shared: boolean;
  readonly n: number;
  readonly at: Float64Array;
  readonly serverIx: Int16Array;
  readonly storeArrive: Float64Array;
  readonly storeReply: Float64Array;
  readonly writeArrive: Float64Array;
  readonly decidedAt: Float64Array;
  readonly respondedAt: Float64Array;
  readonly outcome: Uint8Array;
  readonly byDecision: Int32Array;
  readonly byArrival: Int32Array;
  readonly end: number;
  readonly targets: LimiterTarget[];
  readonly totals: LabRun['totals'];
  readonly perPolicyDecisions = true;
  readonly production: ProductionData;
  private over: { v: OverLimit | null } | null = null;
  private lost: Set<number> | null | undefined;
  private indexes: {
    keyIx: Int32Array;
    tenantIx: Int32Array;
    keys: string[];
    tenants: string[];
  } | null = null;
  private times: Float64Array | null = null;
  /** Where each slot's views sit in the timeline's StateViews. */
  private readonly locate: { role: string; server: number; pos: number }[];
  // Two seekers: `tl` follows the clock (forward playback replays only the new ops since the
  // last call); `aux` answers random-access queries (what a read saw, chart samples) so they
  // never rewind the clock's seeker back to a checkpoint.
  private tlSeeker: LabTimeline | null = null;
  private aux: LabTimeline | null = null;
  private cache: { t: number; views: States } | null = null;
  private auxCache: { t: number; views: States } | null = null;
  private readonly readViews = new Map<number, LimiterView | null>();

  constructor(
    readonly engine: EngineRun,
    readonly seekable: boolean,
  ) {
    const run = engine;
    const s = run.scenario;
    const n = run.requests.n;
    const ev = run.events;
    const rq = run.requests;
    this.scenario = s;
    this.servers = run.servers;
    this.shared = s.placement !== 'local';
    this.n = n;
    this.at = rq.at.subarray(0, n);
    this.serverIx = rq.server.subarray(0, n);
    this.storeArrive = ev.storeArrive.subarray(0, n);
    this.storeReply = ev.storeReply.subarray(0, n);
    this.writeArrive = ev.writeArrive.subarray(0, n);
    this.decidedAt = ev.decidedAt.subarray(0, n);
    this.respondedAt = ev.respondedAt.subarray(0, n);
    this.outcome = ev.outcome.subarray(0, n);
    this.byDecision = run.decisionOrder;
    this.byArrival = run.arrivalOrder;
    this.end = run.endTime;
    this.totals = {
      doubleSpent: run.totals.doubleSpent,
      timedOut: run.totals.timedOut,
      viaFallback: run.totals.viaFallback,
      limiterErrors: run.totals.limiterErrors,
      wastedBudget: run.totals.wastedBudget,
    };
    this.production = run.production;
    const multi = run.policies.length > 1;
    this.targets = run.slots.map((sl) => {
      const where = sl.role === 'store' ? 'store' : (run.servers[sl.server] ?? '?');
      const pol = run.policies[sl.policy]!;
      const kind: LimiterTarget['kind'] =
        sl.role === 'store' ? 'store' : sl.role === 'server' ? 'local' : 'fallback';
      const label =
        kind === 'store'
          ? `Shared store${multi ? ` · ${pol.id}` : ''}`
          : kind === 'fallback'
            ? `Server ${where} fallback${multi ? ` · ${pol.id}` : ''}`
            : `Server ${where}${multi ? ` · ${pol.id}` : ''}`;
      return {
        id: `slot:${sl.id}`,
        label,
        where,
        kind,
        policyId: pol.id,
        algorithm: sl.spec.algorithm,
      };
    });
    this.locate = run.slots.map((sl) => {
      const same = run.slots.filter((o) => o.role === sl.role && o.server === sl.server);
      return { role: sl.role, server: sl.server, pos: same.indexOf(sl) };
    });
  }

  private get ix() {
    if (this.indexes) return this.indexes;
    const run = this.engine;
    const n = this.n;
    const rq = run.requests;
    const names = rq.names.names;
    const keys: string[] = [];
    const tenants: string[] = [];
    const keyMap = new Map<number, number>();
    const tenMap = new Map<number, number>();
    const keyIx = new Int32Array(n);
    const tenantIx = new Int32Array(n);
    for (let j = 0; j < run.arrivalOrder.length; j++) {
      const i = run.arrivalOrder[j]!;
      const kid = rq.keyId[i]!;
      let k = keyMap.get(kid);
      if (k === undefined) keyMap.set(kid, (k = keys.push(names[kid]!) - 1));
      keyIx[i] = k;
      const tid = rq.tenantId[i]!;
      let tn = tenMap.get(tid);
      if (tn === undefined) tenMap.set(tid, (tn = tenants.push(names[tid]!) - 1));
      tenantIx[i] = tn;
    }
    this.indexes = { keyIx, tenantIx, keys, tenants };
    return this.indexes;
  }
  get keyIx(): Int32Array {
    return this.ix.keyIx;
  }
  get tenantIx(): Int32Array {
    return this.ix.tenantIx;
  }
  get keys(): string[] {
    return this.ix.keys;
  }
  get tenants(): string[] {
    return this.ix.tenants;
  }

  get eventTimes(): Float64Array {
    if (this.times) return this.times;
    const evs: number[] = [];
    for (let i = 0; i < this.n; i++) {
      evs.push(this.at[i]!);
      for (const c of [
        this.storeArrive,
        this.storeReply,
        this.writeArrive,
        this.decidedAt,
        this.respondedAt,
      ]) {
        const v = c[i]!;
        if (!Number.isNaN(v)) evs.push(v);
      }
    }
    this.times = Float64Array.from(new Set(evs)).sort();
    return this.times;
  }

  private get tl(): LabTimeline {
    return (this.tlSeeker ??= new LabTimeline(this.engine));
  }

  countsAt(t: number): Counts {
    return this.tl.countsAt(t);
  }

  decidedBy(t: number): number {
    const order = this.byDecision;
    const dec = this.decidedAt;
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (dec[order[mid]!]! <= t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private statesAt(t: number, random = false): States {
    if (this.cache && this.cache.t === t) return this.cache.views;
    if (this.auxCache && this.auxCache.t === t) return this.auxCache.views;
    if (random) {
      this.aux ??= new LabTimeline(this.engine);
      this.auxCache = { t, views: this.aux.statesAt(t) };
      return this.auxCache.views;
    }
    this.cache = { t, views: this.tl.statesAt(t) };
    return this.cache.views;
  }

  views(targetId: string, t: number, maxKeys = 4, random = false): LimiterView[] {
    if (!this.seekable || !targetId.startsWith('slot:')) return [];
    const loc = this.locate[Number(targetId.slice(5))];
    if (!loc) return [];
    const st = this.statesAt(t, random);
    const pv =
      loc.role === 'store'
        ? st.store?.[loc.pos]
        : loc.role === 'server'
          ? st.servers[loc.server]?.local[loc.pos]
          : st.servers[loc.server]?.fallback[loc.pos];
    const vs = pv?.views ?? [];
    if (vs.length <= maxKeys) return vs;
    // The busiest keys first.
    return [...vs].sort((x, y) => viewUsage(y).used - viewUsage(x).used).slice(0, maxKeys);
  }

  request(i: number): RequestInfo {
    const r = requestEvents(this.engine, i);
    let readView: LimiterView | null = null;
    if (this.seekable && this.scenario.placement === 'shared-nonatomic' && r.storeArrive !== null) {
      // What the read saw: the store's state when the read arrived (before this request's
      // own write). Cached: the run never changes, and the scene asks every tick.
      const cached = this.readViews.get(i);
      if (cached !== undefined) readView = cached;
      else {
        const store = this.targets.find((x) => x.kind === 'store');
        if (store)
          readView =
            this.views(store.id, r.storeArrive, 64, true).find((v) => v.key === r.key) ?? null;
        if (this.readViews.size > 4096) this.readViews.clear();
        this.readViews.set(i, readView);
      }
    }
    const d = this.decision(i);
    return new RequestRecord(this, d, r, policyDecisions(this.engine, i, d), readView);
  }

  decision(i: number): RequestDecision {
    if (this.lost === undefined)
      this.lost = this.production.failover ? new Set(this.production.failover.lost) : null;
    return requestDecision(this.engine, i, this.lost);
  }

  get overLimit(): OverLimit | null {
    this.over ??= {
      v: overLimitOf(this, this.engine, (s) => labRun(s, { seekable: false })),
    };
    return this.over.v;
  }
}
