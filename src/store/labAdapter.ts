// The one place the lab UI reads the engine. Everything the screen shows (counts, decisions,
// retry-after, remaining, limiter state) comes through a LabRun built here from src/core.
//
// Until src/core/lab exposes its topology run, `buildRun` drives the core limiters itself:
// routing, placement (local / shared / shared-nonatomic / shared-fallback), store latency,
// outages and timeouts, failure modes, policies and the traffic generators, with the event
// fields named as src/core/lab/columns.ts names them. Swapping in the engine's run means
// rewriting this file only.
import { getLimiterFactory } from '../core/limiters/registry';
import type { Decision, Limiter, LimiterRequest, LimiterView, Params } from '../core/limiters/types';
import { EventQueue } from '../core/sim/scheduler';
import { hash32, stream } from '../core/sim/rng';
import type { PolicySpec, Scenario } from '../core/scenario/types';
import { ScenarioError, validateScenario } from '../core/scenario/validate';

export const OUTCOMES = ['allowed', 'denied', 'unavailable', 'bypass'] as const;
export type Outcome = (typeof OUTCOMES)[number];
export const OUTCOME_HTTP: Record<Outcome, number> = {
  allowed: 200,
  denied: 429,
  unavailable: 503,
  bypass: 200,
};

export interface PolicyDecision {
  id: string;
  algorithm: string;
  params: Params;
  scope: string;
  limiterKey: string;
  decision: Decision;
}

/** One request as the panels show it (built on demand from the run's columns). */
export interface RequestInfo {
  index: number;
  at: number;
  server: string;
  key: string;
  tenant: string;
  cost: number;
  outcome: Outcome;
  allowed: boolean;
  retryAfterSeconds: number | null;
  remaining: number | null;
  delaySeconds: number | null;
  storeArrive: number | null;
  storeReply: number | null;
  writeArrive: number | null;
  decidedAt: number;
  respondedAt: number;
  via: 'local' | 'store' | 'fallback' | 'none';
  timedOut: boolean;
  unreachable: boolean;
  doubleSpent: boolean;
  error: string | null;
  policies: PolicyDecision[];
  /** shared-nonatomic: the value the server read from the store (engine view at read time). */
  readView: LimiterView | null;
}

export interface Counts {
  allowed: number;
  denied: number;
  unavailable: number;
  bypass: number;
  decided: number;
}

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
  servers: string[];
  shared: boolean;
  n: number;
  /** Columns, request-index order. NaN = did not happen. */
  at: Float64Array;
  serverIx: Int16Array;
  keyIx: Int32Array;
  tenantIx: Int32Array;
  keys: string[];
  tenants: string[];
  storeArrive: Float64Array;
  storeReply: Float64Array;
  writeArrive: Float64Array;
  decidedAt: Float64Array;
  respondedAt: Float64Array;
  /** index into OUTCOMES */
  outcome: Uint8Array;
  /** Request indexes sorted by decision time. */
  byDecision: Int32Array;
  /** Request indexes sorted by arrival time. */
  byArrival: Int32Array;
  /** Last event time (the scrubber's end). */
  end: number;
  /** The longest store latency seen (for drawing). */
  targets: LimiterTarget[];
  countsAt(t: number): Counts;
  decidedBy(t: number): number;
  request(i: number): RequestInfo;
  /** Limiter state of one target at time t, one view per key (most active keys first). */
  views(targetId: string, t: number, maxKeys?: number): LimiterView[];
  /** Times of every event, sorted (for step and tick marks). */
  eventTimes: Float64Array;
}

export type BuildResult = { ok: true; run: LabRun } | { ok: false; errors: string[]; message: string };

/** Validate and run a scenario. Bad input returns the engine's messages (nothing throws). */
export function buildRun(input: unknown): BuildResult {
  const v = validateScenario(input);
  if (!v.ok) return { ok: false, errors: v.errors, message: new ScenarioError(v.errors).message };
  try {
    return { ok: true, run: simulateTopology(v.scenario) };
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    return { ok: false, errors: [message], message };
  }
}

/** The engine's messages for a scenario ([] when it is valid). */
export function scenarioErrors(input: unknown): string[] {
  const v = validateScenario(input);
  return v.ok ? [] : v.errors;
}

// ---------------------------------------------------------------------------------------
// Traffic

interface Arrival {
  at: number;
  key: string;
  tenant: string;
  server: string | null;
  cost: number;
  duration: number;
  /** retry storm */
  client: number;
  attempt: number;
  storm: number;
}

function generate(s: Scenario): Arrival[] {
  const out: Arrival[] = s.requests.map((r) => ({
    at: r.at,
    key: r.key,
    tenant: r.tenant,
    server: r.server,
    cost: r.cost,
    duration: r.duration ?? 1,
    client: -1,
    attempt: 1,
    storm: -1,
  }));
  s.traffic.forEach((g, gi) => {
    const rng = stream(s.seed, `traffic[${gi}]`);
    const base = {
      key: g.key,
      tenant: g.tenant ?? g.key,
      server: null,
      cost: g.cost,
      duration: g.duration ?? 1,
      client: -1,
      attempt: 1,
      storm: -1,
    };
    switch (g.pattern) {
      case 'steady':
        for (let i = 0; ; i++) {
          const t = g.from + i / g.ratePerSecond;
          if (t >= g.to) break;
          out.push({ ...base, at: t });
        }
        break;
      case 'burst':
        for (let i = 0; i < g.count; i++) out.push({ ...base, at: g.at + i * g.spacingSeconds });
        break;
      case 'poisson':
        for (let t = g.from + rng.exp(g.ratePerSecond); t < g.to; t += rng.exp(g.ratePerSecond))
          out.push({ ...base, at: t });
        break;
      case 'boundary-attack':
        for (let i = 0; i < g.count; i++) {
          const off = (i * g.spreadSeconds) / g.count;
          out.push({ ...base, at: g.boundary - g.spreadSeconds + off });
          out.push({ ...base, at: g.boundary + off });
        }
        break;
      case 'multi-tenant':
        for (let k = 0; k < g.tenants; k++) {
          const r = k === g.noisyTenant ? g.ratePerSecond * g.noisyFactor : g.ratePerSecond;
          const name = `tenant-${k}`;
          for (let t = g.from + rng.exp(r); t < g.to; t += rng.exp(r))
            out.push({ ...base, key: name, tenant: name, at: t });
        }
        break;
      case 'retry-storm':
        for (let c = 0; c < g.clients; c++)
          out.push({ ...base, key: `client-${c}`, tenant: `client-${c}`, at: g.at, client: c, storm: gi });
        break;
    }
  });
  return out;
}

// ---------------------------------------------------------------------------------------
// The topology run

const EV_ARRIVE = 0;
const EV_STORE = 1; // atomic decision at the store, or the non-atomic read
const EV_DECIDE = 2; // non-atomic: decide at the server on the value read
const EV_WRITE = 3; // non-atomic: the write lands at the store

interface LimInst {
  target: LimiterTarget;
  policy: PolicySpec;
  lim: Limiter;
  /** key -> (times, states) for time travel */
  hist: Map<string, { t: number[]; s: unknown[] }>;
  counts: Map<string, number>;
}

function scopeKey(p: PolicySpec, a: Arrival): string {
  return p.scope === 'global' ? '*' : p.scope === 'tenant' ? a.tenant : a.key;
}

function simulateTopology(s: Scenario): LabRun {
  const arrivals = generate(s);
  const shared = s.placement !== 'local';
  const nonatomic = s.placement === 'shared-nonatomic';
  const servers = s.servers;
  const insts: LimInst[] = [];
  const mk = (p: PolicySpec, kind: LimiterTarget['kind'], where: string, alg = p.algorithm, params = p.params) => {
    const f = getLimiterFactory(alg);
    if (!f) throw new Error(`algorithm "${alg}" is not available`);
    const multi = s.policies.length > 1;
    const label =
      kind === 'store'
        ? `Shared store${multi ? ` · ${p.id}` : ''}`
        : kind === 'fallback'
          ? `Server ${where} fallback`
          : `Server ${where}${multi ? ` · ${p.id}` : ''}`;
    const inst: LimInst = {
      target: { id: `${kind}:${where}:${p.id}`, label, where, kind, policyId: p.id, algorithm: alg },
      policy: { ...p, algorithm: alg, params },
      lim: f.create(params),
      hist: new Map(),
      counts: new Map(),
    };
    insts.push(inst);
    return inst;
  };
  const storeLims = shared ? s.policies.map((p) => mk(p, 'store', 'store')) : [];
  const localLims = new Map<string, LimInst[]>();
  const fallbackLims = new Map<string, LimInst[]>();
  for (const sv of servers) {
    if (!shared) localLims.set(sv, s.policies.map((p) => mk(p, 'local', sv)));
    const useFallback =
      shared && (s.placement === 'shared-fallback' || s.policies.some((p) => p.failureMode === 'local-fallback'));
    if (useFallback)
      fallbackLims.set(
        sv,
        s.policies.map((p) => mk(p, 'fallback', sv, s.fallback?.algorithm ?? p.algorithm, s.fallback?.params ?? p.params)),
      );
  }
  const scratch = new Map<string, Limiter>();
  const scratchOf = (inst: LimInst): Limiter => {
    let l = scratch.get(inst.target.id);
    if (!l) {
      l = getLimiterFactory(inst.policy.algorithm)!.create(inst.policy.params);
      scratch.set(inst.target.id, l);
    }
    return l;
  };
  const record = (inst: LimInst, key: string, t: number) => {
    let h = inst.hist.get(key);
    if (!h) inst.hist.set(key, (h = { t: [], s: [] }));
    h.t.push(t);
    h.s.push(inst.lim.readState(key));
    inst.counts.set(key, (inst.counts.get(key) ?? 0) + 1);
  };

  // Growable per-request storage.
  const reqs: Arrival[] = [];
  const routed: number[] = [];
  const cols = {
    storeArrive: [] as number[],
    storeReply: [] as number[],
    writeArrive: [] as number[],
    decidedAt: [] as number[],
    respondedAt: [] as number[],
    outcome: [] as number[],
    via: [] as RequestInfo['via'][],
    flags: [] as number[],
    policies: [] as PolicyDecision[][],
    readView: [] as (LimiterView | null)[],
  };
  const pending: ({ states: unknown[]; decisions: Decision[] } | null)[] = [];
  const q = new EventQueue();
  const add = (a: Arrival): number => {
    const i = reqs.length;
    reqs.push(a);
    routed.push(-1);
    cols.storeArrive.push(NaN);
    cols.storeReply.push(NaN);
    cols.writeArrive.push(NaN);
    cols.decidedAt.push(NaN);
    cols.respondedAt.push(NaN);
    cols.outcome.push(0);
    cols.via.push('none');
    cols.flags.push(0);
    cols.policies.push([]);
    cols.readView.push(null);
    pending.push(null);
    q.push(a.at, EV_ARRIVE, i);
    return i;
  };
  // Explicit requests keep input order at equal times: push in time order, stable.
  const sorted = arrivals.map((a, i) => ({ a, i })).sort((x, y) => x.a.at - y.a.at || x.i - y.i);
  for (const { a } of sorted) add(a);

  const rr = { n: 0 };
  const routeRng = stream(s.seed, 'routing');
  const stormRng = new Map<number, ReturnType<typeof stream>>();
  const latencyAt = (t: number): number => {
    let l = s.store.latencySeconds;
    for (const sp of s.store.latencySpikes) if (t >= sp.from && t < sp.to) l = Math.max(l, sp.latencySeconds);
    return l;
  };
  const down = (t: number): boolean => s.store.outages.some((o) => t >= o.from && t < o.to);

  const limReq = (a: Arrival, server: string, t: number): LimiterRequest => ({
    at: t,
    key: a.key,
    server,
    cost: a.cost,
    duration: a.duration,
  });

  /** Check every policy, then charge per multiPolicy; returns the final decisions. */
  const decideOn = (lims: LimInst[], a: Arrival, server: string, t: number, recordIt: boolean): PolicyDecision[] => {
    const out: PolicyDecision[] = [];
    if (lims.length === 1) {
      const inst = lims[0]!;
      const key = scopeKey(inst.policy, a);
      const d = inst.lim.decide({ ...limReq(a, server, t), key });
      if (recordIt) record(inst, key, t);
      out.push(pd(inst, key, d));
      return out;
    }
    if (s.multiPolicy === 'naive') {
      for (const inst of lims) {
        const key = scopeKey(inst.policy, a);
        const d = inst.lim.decide({ ...limReq(a, server, t), key });
        if (recordIt) record(inst, key, t);
        out.push(pd(inst, key, d));
        if (!d.allowed) break;
      }
      return out;
    }
    const checks = lims.map((inst) => {
      const key = scopeKey(inst.policy, a);
      return { inst, key, d: inst.lim.check({ ...limReq(a, server, t), key }) };
    });
    const all = checks.every((c) => c.d.allowed);
    for (const c of checks) {
      const d = c.inst.lim.commit({ ...limReq(a, server, t), key: c.key }, all);
      if (recordIt) record(c.inst, c.key, t);
      out.push(pd(c.inst, c.key, d));
    }
    return out;
  };
  const pd = (inst: LimInst, key: string, d: Decision): PolicyDecision => ({
    id: inst.policy.id,
    algorithm: inst.policy.algorithm,
    params: inst.policy.params,
    scope: inst.policy.scope,
    limiterKey: key,
    decision: { ...d },
  });
  const finish = (i: number, t: number, pols: PolicyDecision[], via: RequestInfo['via']) => {
    const allowed = pols.every((p) => p.decision.allowed);
    const err = pols.find((p) => p.decision.error);
    cols.policies[i] = pols;
    cols.via[i] = via;
    cols.decidedAt[i] = t;
    cols.outcome[i] = err ? 2 : allowed ? 0 : 1;
    if (err) cols.flags[i]! |= 16;
    const delay = pols.find((p) => p.decision.delaySeconds !== undefined)?.decision.delaySeconds ?? 0;
    cols.respondedAt[i] = t + (allowed ? delay : 0);
    afterDecision(i, t);
  };
  const failed = (i: number, t: number, flag: number) => {
    const a = reqs[i]!;
    const server = servers[routed[i]!]!;
    cols.flags[i]! |= flag;
    cols.decidedAt[i] = t;
    cols.respondedAt[i] = t;
    const mode = s.policies[0]!.failureMode;
    if (mode === 'local-fallback' || s.placement === 'shared-fallback') {
      const fl = fallbackLims.get(server)!;
      const pols = decideOn(fl, a, server, t, true);
      finish(i, t, pols, 'fallback');
      return;
    }
    cols.via[i] = 'none';
    cols.outcome[i] = mode === 'fail-open' ? 3 : 2;
    afterDecision(i, t);
  };
  const afterDecision = (i: number, t: number) => {
    const a = reqs[i]!;
    if (a.storm < 0 || cols.outcome[i] !== 1) return;
    const g = s.traffic[a.storm];
    if (!g || g.pattern !== 'retry-storm' || a.attempt >= g.maxAttempts) return;
    const retry = cols.policies[i]!.find((p) => !p.decision.allowed)?.decision.retryAfterSeconds ?? null;
    if (retry === null || retry < 0) return;
    let r = stormRng.get(a.storm);
    if (!r) stormRng.set(a.storm, (r = stream(s.seed, `retry-storm[${a.storm}]`)));
    const factor = g.jitter ? 0.5 + r.next() : 1;
    add({ ...a, at: t + retry * factor, attempt: a.attempt + 1 });
  };

  const ev = { time: 0, kind: 0, ref: 0 };
  let guard = 0;
  while (q.pop(ev)) {
    if (++guard > 20_000_000) throw new Error('the run did not finish');
    const i = ev.ref;
    const a = reqs[i]!;
    const t = ev.time;
    if (ev.kind === EV_ARRIVE) {
      let sv = a.server !== null ? servers.indexOf(a.server) : -1;
      if (sv < 0) {
        if (s.routing === 'random') sv = routeRng.int(servers.length);
        else if (s.routing === 'sticky') sv = hash32(a.key) % servers.length;
        else sv = rr.n++ % servers.length;
      }
      routed[i] = sv;
      const server = servers[sv]!;
      if (!shared) {
        finish(i, t, decideOn(localLims.get(server)!, a, server, t, true), 'local');
        continue;
      }
      const lat = latencyAt(t);
      const timeout = s.store.timeoutSeconds;
      if (timeout !== null && 2 * lat > timeout) {
        // The store still sees it; the server gives up first.
        cols.flags[i]! |= 1;
        q.push(t + lat, EV_STORE, i);
        continue;
      }
      q.push(t + lat, EV_STORE, i);
    } else if (ev.kind === EV_STORE) {
      const server = servers[routed[i]!]!;
      cols.storeArrive[i] = t;
      const lat = latencyAt(t);
      const timedOut = (cols.flags[i]! & 1) !== 0;
      if (down(t)) {
        const timeout = s.store.timeoutSeconds;
        failed(i, reqs[i]!.at + (timeout ?? 2 * lat), 2);
        continue;
      }
      if (nonatomic) {
        // Read now; decide at the server when the reply lands; write back later.
        const states = storeLims.map((inst) => inst.lim.readState(scopeKey(inst.policy, a)));
        const first = storeLims[0]!;
        const k0 = scopeKey(first.policy, a);
        const sc = scratchOf(first);
        sc.writeState(k0, states[0]);
        cols.readView[i] = states[0] === undefined ? null : sc.view(k0, t);
        pending[i] = { states, decisions: [] };
        cols.storeReply[i] = t + lat;
        q.push(t + lat, EV_DECIDE, i);
        continue;
      }
      const pols = decideOn(storeLims, a, server, t, true);
      if (timedOut) {
        failed(i, a.at + s.store.timeoutSeconds!, 0);
        continue;
      }
      cols.storeReply[i] = t + lat;
      finish(i, t + lat, pols, 'store');
    } else if (ev.kind === EV_DECIDE) {
      const server = servers[routed[i]!]!;
      const p = pending[i]!;
      const pols: PolicyDecision[] = [];
      const newStates: unknown[] = [];
      storeLims.forEach((inst, j) => {
        const key = scopeKey(inst.policy, a);
        const sc = scratchOf(inst);
        sc.writeState(key, p.states[j]);
        const d = sc.decide({ ...limReq(a, server, t), key });
        newStates.push(sc.readState(key));
        pols.push(pd(inst, key, d));
      });
      p.states = newStates;
      const admitted = pols.every((x) => x.decision.allowed);
      finish(i, t, pols, 'store');
      if (admitted) q.push(t + latencyAt(t), EV_WRITE, i);
    } else if (ev.kind === EV_WRITE) {
      const p = pending[i]!;
      if (down(t)) {
        cols.flags[i]! |= 8;
        continue;
      }
      cols.writeArrive[i] = t;
      storeLims.forEach((inst, j) => {
        const key = scopeKey(inst.policy, a);
        // A write that overwrites a newer charge loses it (the race the placement shows).
        const before = inst.hist.get(key);
        if (before && before.t.length && before.t[before.t.length - 1]! > cols.storeArrive[i]!) cols.flags[i]! |= 4;
        inst.lim.writeState(key, p.states[j]);
        record(inst, key, t);
      });
    }
  }

  // Columns
  const n = reqs.length;
  const keys: string[] = [];
  const tenants: string[] = [];
  const keyMap = new Map<string, number>();
  const tenMap = new Map<string, number>();
  const at = new Float64Array(n);
  const serverIx = new Int16Array(n);
  const keyIx = new Int32Array(n);
  const tenantIx = new Int32Array(n);
  const f64 = (xs: number[]) => Float64Array.from(xs);
  for (let i = 0; i < n; i++) {
    const a = reqs[i]!;
    at[i] = a.at;
    serverIx[i] = routed[i]!;
    let k = keyMap.get(a.key);
    if (k === undefined) keyMap.set(a.key, (k = keys.push(a.key) - 1));
    keyIx[i] = k;
    let tn = tenMap.get(a.tenant);
    if (tn === undefined) tenMap.set(a.tenant, (tn = tenants.push(a.tenant) - 1));
    tenantIx[i] = tn;
  }
  const decidedAt = f64(cols.decidedAt);
  const respondedAt = f64(cols.respondedAt);
  const outcome = Uint8Array.from(cols.outcome);
  const byDecision = Int32Array.from(
    [...Array(n).keys()].sort((x, y) => decidedAt[x]! - decidedAt[y]! || x - y),
  );
  const byArrival = Int32Array.from([...Array(n).keys()].sort((x, y) => at[x]! - at[y]! || x - y));
  // Prefix counts over decision order.
  const pref = [new Int32Array(n + 1), new Int32Array(n + 1), new Int32Array(n + 1), new Int32Array(n + 1)];
  const decTimes = new Float64Array(n);
  for (let j = 0; j < n; j++) {
    const i = byDecision[j]!;
    decTimes[j] = decidedAt[i]!;
    for (let o = 0; o < 4; o++) pref[o]![j + 1] = pref[o]![j]! + (outcome[i] === o ? 1 : 0);
  }
  const upper = (arr: Float64Array, t: number): number => {
    let lo = 0;
    let hi = arr.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (arr[mid]! <= t + 1e-12) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const evs: number[] = [];
  for (let i = 0; i < n; i++) {
    evs.push(at[i]!);
    for (const c of [cols.storeArrive, cols.storeReply, cols.writeArrive, cols.decidedAt, cols.respondedAt]) {
      const v = c[i]!;
      if (!Number.isNaN(v)) evs.push(v);
    }
  }
  const eventTimes = Float64Array.from(new Set(evs)).sort();
  const end = eventTimes.length ? eventTimes[eventTimes.length - 1]! : 0;
  const byId = new Map(insts.map((x) => [x.target.id, x]));

  const run: LabRun = {
    scenario: s,
    servers,
    shared,
    n,
    at,
    serverIx,
    keyIx,
    tenantIx,
    keys,
    tenants,
    storeArrive: f64(cols.storeArrive),
    storeReply: f64(cols.storeReply),
    writeArrive: f64(cols.writeArrive),
    decidedAt,
    respondedAt,
    outcome,
    byDecision,
    byArrival,
    end,
    eventTimes,
    targets: insts.map((x) => x.target),
    decidedBy: (t) => upper(decTimes, t),
    countsAt(t) {
      const j = upper(decTimes, t);
      return {
        allowed: pref[0]![j]! + pref[3]![j]!,
        denied: pref[1]![j]! + pref[2]![j]!,
        unavailable: pref[2]![j]!,
        bypass: pref[3]![j]!,
        decided: j,
      };
    },
    request(i) {
      const a = reqs[i]!;
      const pols = cols.policies[i]!;
      const denied = pols.find((p) => !p.decision.allowed);
      const oc = OUTCOMES[outcome[i]!]!;
      const flags = cols.flags[i]!;
      const rem = pols.map((p) => p.decision.remaining).filter((x): x is number => x !== undefined);
      const nan = (x: number) => (Number.isNaN(x) ? null : x);
      return {
        index: i,
        at: a.at,
        server: servers[routed[i]!] ?? '?',
        key: a.key,
        tenant: a.tenant,
        cost: a.cost,
        outcome: oc,
        allowed: oc === 'allowed' || oc === 'bypass',
        retryAfterSeconds: oc === 'denied' ? (denied?.decision.retryAfterSeconds ?? null) : null,
        remaining: rem.length ? Math.min(...rem) : null,
        delaySeconds: pols.find((p) => p.decision.delaySeconds !== undefined)?.decision.delaySeconds ?? null,
        storeArrive: nan(cols.storeArrive[i]!),
        storeReply: nan(cols.storeReply[i]!),
        writeArrive: nan(cols.writeArrive[i]!),
        decidedAt: cols.decidedAt[i]!,
        respondedAt: cols.respondedAt[i]!,
        via: cols.via[i]!,
        timedOut: (flags & 1) !== 0,
        unreachable: (flags & 2) !== 0,
        doubleSpent: (flags & 4) !== 0,
        error: pols.find((p) => p.decision.error)?.decision.error ?? null,
        policies: pols,
        readView: cols.readView[i]!,
      };
    },
    views(targetId, t, maxKeys = 4) {
      const inst = byId.get(targetId);
      if (!inst) return [];
      const ks = [...inst.counts.entries()].sort((x, y) => y[1] - x[1]).map((x) => x[0]);
      const out: LimiterView[] = [];
      const sc = scratchOf(inst);
      for (const key of ks) {
        if (out.length >= maxKeys) break;
        const h = inst.hist.get(key)!;
        let lo = 0;
        let hi = h.t.length;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (h.t[mid]! <= t + 1e-12) lo = mid + 1;
          else hi = mid;
        }
        if (lo === 0) continue;
        sc.writeState(key, h.s[lo - 1]);
        const v = sc.view(key, t);
        if (v) out.push(v);
      }
      return out;
    },
  };
  return run;
}

// ---------------------------------------------------------------------------------------
// Derived series for the charts (engine numbers, bucketed by time)

export interface SeriesPoint {
  t: number;
  allowed: number;
  denied: number;
  unavailable: number;
  bypass: number;
}

/** Decisions per interval. */
export function outcomeSeries(run: LabRun, buckets = 40): { width: number; points: SeriesPoint[] } {
  const end = Math.max(run.end, 1e-9);
  const width = niceStep(end / buckets);
  const points: SeriesPoint[] = [];
  for (let b = 0; b * width <= end; b++)
    points.push({ t: +(b * width).toFixed(6), allowed: 0, denied: 0, unavailable: 0, bypass: 0 });
  for (let i = 0; i < run.n; i++) {
    const p = points[Math.min(points.length - 1, Math.floor(run.decidedAt[i]! / width))]!;
    p[OUTCOMES[run.outcome[i]!]!]++;
  }
  return { width, points };
}

/** The policy's window length in seconds (for "most admitted in any window"). */
export function policyWindow(p: PolicySpec): number {
  const n = (k: string) => (typeof p.params[k] === 'number' ? (p.params[k] as number) : NaN);
  switch (p.algorithm) {
    case 'fixed-window':
    case 'sliding-log':
    case 'sliding-window-counter':
      return n('windowSeconds');
    case 'token-bucket':
      return n('capacity') / n('refillPerSecond');
    case 'gcra':
      return n('burst') / n('ratePerSecond');
    case 'leaky-bucket':
      return Math.max(1, n('burst')) / n('ratePerSecond');
    default:
      return 1;
  }
}

/** The policy's nominal limit per window (its quota). */
export function policyLimit(p: PolicySpec): number {
  const n = (k: string) => (typeof p.params[k] === 'number' ? (p.params[k] as number) : NaN);
  switch (p.algorithm) {
    case 'fixed-window':
    case 'sliding-log':
    case 'sliding-window-counter':
      return n('limit');
    case 'token-bucket':
      return n('capacity');
    case 'gcra':
      return n('burst');
    case 'leaky-bucket':
      return Math.max(1, n('burst'));
    case 'concurrency':
      return n('maxInFlight');
    default:
      return NaN;
  }
}

/** Admitted in the trailing window of length w at each sample time, and the maximum over the run. */
export function windowedAdmits(run: LabRun, w: number, samples = 120): { points: { t: number; inWindow: number }[]; max: number; maxAt: number } {
  const times: number[] = [];
  for (let j = 0; j < run.n; j++) {
    const i = run.byDecision[j]!;
    if (run.outcome[i] === 0 || run.outcome[i] === 3) times.push(run.decidedAt[i]!);
  }
  let max = 0;
  let maxAt = 0;
  for (let a = 0, b = 0; b < times.length; b++) {
    while (times[a]! <= times[b]! - w + 1e-9) a++;
    if (b - a + 1 > max) {
      max = b - a + 1;
      maxAt = times[b]!;
    }
  }
  const end = Math.max(run.end, 1e-9);
  const points: { t: number; inWindow: number }[] = [];
  let lo = 0;
  let hi = 0;
  for (let k = 0; k <= samples; k++) {
    const t = (end * k) / samples;
    while (hi < times.length && times[hi]! <= t + 1e-9) hi++;
    while (lo < hi && times[lo]! <= t - w + 1e-9) lo++;
    points.push({ t: +t.toFixed(6), inWindow: hi - lo });
  }
  return { points, max, maxAt };
}

/** What a state view says is used against what is allowed, in the algorithm's own terms. */
export function viewUsage(v: LimiterView): { used: number; limit: number; unit: string } {
  switch (v.kind) {
    case 'token-bucket':
      return { used: v.capacity - v.tokens, limit: v.capacity, unit: 'tokens spent' };
    case 'fixed-window':
      return { used: v.count, limit: v.limit, unit: 'in window' };
    case 'sliding-log':
      return { used: v.sum, limit: v.limit, unit: 'in log' };
    case 'sliding-window-counter':
      return { used: v.estimate, limit: v.limit, unit: 'estimate' };
    case 'gcra':
      return { used: v.burst - v.available, limit: v.burst, unit: 'burst used' };
    case 'leaky-bucket':
      return { used: v.level, limit: v.burst + 1, unit: 'queued' };
    case 'concurrency':
      return { used: v.used, limit: v.maxInFlight, unit: 'in flight' };
    default:
      return { used: NaN, limit: NaN, unit: '' };
  }
}

/** Per key usage over time from the engine's state views, for the top keys of one target. */
export function usageSeries(run: LabRun, targetId: string, samples = 80, maxKeys = 4): { keys: string[]; limit: number; points: Record<string, number>[] } {
  const end = Math.max(run.end, 1e-9);
  const keys = run.views(targetId, end, maxKeys).map((v) => v.key);
  const allKeys = new Set<string>();
  let limit = NaN;
  const points: Record<string, number>[] = [];
  for (let k = 0; k <= samples; k++) {
    const t = (end * k) / samples;
    const row: Record<string, number> = { t: +t.toFixed(6) };
    for (const v of run.views(targetId, t, 64)) {
      if (!keys.includes(v.key) && keys.length >= maxKeys) continue;
      const u = viewUsage(v);
      row[v.key] = +u.used.toFixed(3);
      limit = u.limit;
      allKeys.add(v.key);
    }
    points.push(row);
  }
  return { keys: [...allKeys].slice(0, maxKeys), limit, points };
}

function niceStep(x: number): number {
  const p = Math.pow(10, Math.floor(Math.log10(x)));
  for (const m of [1, 2, 5, 10]) if (m * p >= x) return m * p;
  return 10 * p;
}

/** HTTP headers (IETF draft RateLimit fields) and problem body for a decided request. */
export function httpResponse(run: LabRun, r: RequestInfo): { status: number; statusText: string; headers: [string, string][]; draftHeaders: [string, string][]; body: string | null } {
  const status = OUTCOME_HTTP[r.outcome];
  const statusText = status === 200 ? 'OK' : status === 429 ? 'Too Many Requests' : 'Service Unavailable';
  const headers: [string, string][] = [];
  const draftHeaders: [string, string][] = [];
  let body: string | null = null;
  const pol = r.policies.find((p) => !p.decision.allowed) ?? r.policies[0];
  const spec = run.scenario.policies.find((p) => p.id === pol?.id) ?? run.scenario.policies[0]!;
  if (r.outcome === 'denied') {
    headers.push(['Content-Type', 'application/problem+json']);
    if (r.retryAfterSeconds !== null && r.retryAfterSeconds >= 0) headers.push(['Retry-After', String(r.retryAfterSeconds)]);
    body = JSON.stringify(
      {
        type: 'https://ratelimitlab.example/problems/rate-limited',
        title: 'Too Many Requests',
        status: 429,
        detail:
          r.retryAfterSeconds === -1
            ? `This request costs ${r.cost}, more than policy "${spec.id}" can ever admit.`
            : `Policy "${spec.id}" (${spec.algorithm}) is exhausted for "${pol?.limiterKey ?? r.key}". Retry after ${r.retryAfterSeconds} s.`,
        policy: spec.id,
        retryAfterSeconds: r.retryAfterSeconds,
      },
      null,
      2,
    );
  } else if (r.outcome === 'unavailable') {
    headers.push(['Content-Type', 'application/problem+json']);
    body = JSON.stringify(
      {
        type: 'https://ratelimitlab.example/problems/limiter-unavailable',
        title: 'Service Unavailable',
        status: 503,
        detail: r.error
          ? `The limiter failed: ${r.error}`
          : `The rate limiter's store could not be reached${r.timedOut ? ' in time' : ''}; the service fails closed.`,
      },
      null,
      2,
    );
  } else {
    headers.push(['Content-Type', 'application/json']);
    if (r.outcome === 'bypass') headers.push(['X-RateLimit-Bypass', 'store unavailable; failing open']);
  }
  if (r.outcome !== 'unavailable' && r.outcome !== 'bypass') {
    const q = policyLimit(spec);
    const w = policyWindow(spec);
    if (Number.isFinite(q)) {
      const wPart = spec.algorithm === 'concurrency' || !Number.isFinite(w) ? '' : `;w=${+w.toFixed(3)}`;
      draftHeaders.push(['RateLimit-Policy', `"${spec.id}";q=${q}${wPart}`]);
      const rem = r.remaining ?? (r.allowed ? null : 0);
      const parts = [`"${spec.id}"`];
      if (rem !== null) parts.push(`r=${Math.max(0, Math.floor(rem))}`);
      if (r.retryAfterSeconds !== null && r.retryAfterSeconds > 0) parts.push(`t=${r.retryAfterSeconds}`);
      draftHeaders.push(['RateLimit', parts.join(';')]);
    }
  }
  return { status, statusText, headers, draftHeaders, body };
}
