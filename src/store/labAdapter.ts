// The one place the lab UI reads the engine. Everything the screen shows (counts, decisions,
// retry-after, remaining, limiter state) comes through a LabRun built here from src/core.
//
// `buildRun` validates with src/core/scenario, runs src/core/lab's runLab and seeks it with
// LabTimeline; the rest of the UI sees only the LabRun shape below.
import { runLab } from '../core/lab/run';
import { LabTimeline, requestEvents } from '../core/lab/timeline';
import type { Decision, LimiterView, Params } from '../core/limiters/types';
import type { Scenario } from '../core/scenario/types';
import { ScenarioError, validateScenario } from '../core/scenario/validate';
import type { PolicySpec } from '../core/scenario/types';

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
  /**
   * Limiter state of one target at time t, one view per key (most active keys first).
   * `random`: an out-of-order query (chart samples, past reads); it uses a second seeker so
   * the clock's seeker keeps replaying forward incrementally.
   */
  views(targetId: string, t: number, maxKeys?: number, random?: boolean): LimiterView[];
  /** Times of every event, sorted (for step and tick marks). */
  eventTimes: Float64Array;
  /** The engine's totals for the whole run (doubleSpent: admissions made on a stale read). */
  totals: { doubleSpent: number; timedOut: number; viaFallback: number; limiterErrors: number };
  /**
   * True when the engine records which policy denied a request. It does not (runLab keeps
   * only the combined decision), so with several policies the UI names none of them.
   */
  perPolicyDecisions: boolean;
}

export type BuildResult =
  { ok: true; run: LabRun } | { ok: false; errors: string[]; message: string };

/** Validate and run a scenario. Bad input returns the engine's messages (nothing throws). */
export function buildRun(input: unknown): BuildResult {
  const v = validateScenario(input);
  if (!v.ok) return { ok: false, errors: v.errors, message: new ScenarioError(v.errors).message };
  try {
    return { ok: true, run: wrapRun(v.scenario) };
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
// The engine's run (src/core/lab) seen through the shape the UI draws from

function wrapRun(s: Scenario): LabRun {
  const run = runLab(s);
  const tl = new LabTimeline(run);
  const n = run.requests.n;
  const ev = run.events;
  const rq = run.requests;
  const names = rq.names.names;
  // Compact key / tenant indexes in order of first appearance (client slots and hues).
  const keys: string[] = [];
  const tenants: string[] = [];
  const keyMap = new Map<number, number>();
  const tenMap = new Map<number, number>();
  const keyIx = new Int32Array(n);
  const tenantIx = new Int32Array(n);
  for (let j = 0; j < n; j++) {
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
  const multi = run.policies.length > 1;
  const targets: LimiterTarget[] = run.slots.map((sl) => {
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
  // Where each slot's views sit in the timeline's StateViews.
  const locate = run.slots.map((sl) => {
    const same = run.slots.filter((o) => o.role === sl.role && o.server === sl.server);
    return { role: sl.role, server: sl.server, pos: same.indexOf(sl) };
  });
  // Two seekers: `tl` follows the clock (forward playback replays only the new ops since the
  // last call); `aux` answers random-access queries (what a read saw, chart samples) so they
  // never rewind the clock's seeker back to a checkpoint.
  let aux: LabTimeline | null = null;
  type States = ReturnType<LabTimeline['statesAt']>;
  let cache: { t: number; views: States } | null = null;
  let auxCache: { t: number; views: States } | null = null;
  const statesAt = (t: number, random = false): States => {
    if (cache && cache.t === t) return cache.views;
    if (auxCache && auxCache.t === t) return auxCache.views;
    if (random) {
      aux ??= new LabTimeline(run);
      auxCache = { t, views: aux.statesAt(t) };
      return auxCache.views;
    }
    cache = { t, views: tl.statesAt(t) };
    return cache.views;
  };
  const readViews = new Map<number, LimiterView | null>();
  const evs: number[] = [];
  for (let i = 0; i < n; i++) {
    evs.push(rq.at[i]!);
    for (const c of [ev.storeArrive, ev.storeReply, ev.writeArrive, ev.decidedAt, ev.respondedAt]) {
      const v = c[i]!;
      if (!Number.isNaN(v)) evs.push(v);
    }
  }
  const eventTimes = Float64Array.from(new Set(evs)).sort();
  const order = run.decisionOrder;
  const decided = (t: number): number => {
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (ev.decidedAt[order[mid]!]! <= t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };

  const views = (targetId: string, t: number, maxKeys = 4, random = false): LimiterView[] => {
    const k = Number(targetId.slice(5));
    const loc = locate[k];
    if (!loc || !targetId.startsWith('slot:')) return [];
    const st = statesAt(t, random);
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
  };

  return {
    scenario: s,
    servers: run.servers,
    shared: s.placement !== 'local',
    n,
    at: rq.at.subarray(0, n),
    serverIx: rq.server.subarray(0, n),
    keyIx,
    tenantIx,
    keys,
    tenants,
    storeArrive: ev.storeArrive.subarray(0, n),
    storeReply: ev.storeReply.subarray(0, n),
    writeArrive: ev.writeArrive.subarray(0, n),
    decidedAt: ev.decidedAt.subarray(0, n),
    respondedAt: ev.respondedAt.subarray(0, n),
    outcome: ev.outcome.subarray(0, n),
    byDecision: run.decisionOrder,
    byArrival: run.arrivalOrder,
    end: run.endTime,
    eventTimes,
    targets,
    totals: {
      doubleSpent: run.totals.doubleSpent,
      timedOut: run.totals.timedOut,
      viaFallback: run.totals.viaFallback,
      limiterErrors: run.totals.limiterErrors,
    },
    perPolicyDecisions: false,
    decidedBy: decided,
    countsAt(t) {
      const c = tl.countsAt(t);
      return {
        allowed: c.allowed + c.bypass,
        denied: c.denied,
        unavailable: c.unavailable,
        bypass: c.bypass,
        decided: c.decided,
      };
    },
    request(i) {
      const r = requestEvents(run, i);
      let readView: LimiterView | null = null;
      if (s.placement === 'shared-nonatomic' && r.storeArrive !== null) {
        // What the read saw: the store's state when the read arrived (before this request's
        // own write). Cached: the run never changes, and the scene asks every tick.
        const cached = readViews.get(i);
        if (cached !== undefined) readView = cached;
        else {
          const store = targets.find((x) => x.kind === 'store');
          if (store)
            readView =
              views(store.id, r.storeArrive, 64, true).find((v) => v.key === r.key) ?? null;
          if (readViews.size > 4096) readViews.clear();
          readViews.set(i, readView);
        }
      }
      return {
        index: i,
        at: r.at,
        server: r.server,
        key: r.key,
        tenant: r.tenant,
        cost: r.cost,
        outcome: r.outcome,
        allowed: r.outcome === 'allowed' || r.outcome === 'bypass',
        retryAfterSeconds: r.retryAfterSeconds,
        remaining: r.remaining,
        delaySeconds: r.delaySeconds,
        storeArrive: r.storeArrive,
        storeReply: r.storeReply,
        writeArrive: r.writeArrive,
        decidedAt: r.decidedAt,
        respondedAt: r.respondedAt,
        via: r.via,
        timedOut: r.timedOut,
        unreachable: r.unreachable,
        doubleSpent: r.doubleSpent,
        error: r.error,
        policies: [],
        readView,
      };
    },
    views,
  };
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
export function windowedAdmits(
  run: LabRun,
  w: number,
  samples = 120,
): { points: { t: number; inWindow: number }[]; max: number; maxAt: number } {
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
export function usageSeries(
  run: LabRun,
  targetId: string,
  samples = 80,
  maxKeys = 4,
): { keys: string[]; limit: number; points: Record<string, number>[] } {
  const end = Math.max(run.end, 1e-9);
  const keys = run.views(targetId, end, maxKeys, true).map((v) => v.key);
  const allKeys = new Set<string>();
  let limit = NaN;
  const points: Record<string, number>[] = [];
  for (let k = 0; k <= samples; k++) {
    const t = (end * k) / samples;
    const row: Record<string, number> = { t: +t.toFixed(6) };
    for (const v of run.views(targetId, t, 64, true)) {
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
export function httpResponse(
  run: LabRun,
  r: RequestInfo,
): {
  status: number;
  statusText: string;
  headers: [string, string][];
  draftHeaders: [string, string][];
  body: string | null;
} {
  const status = OUTCOME_HTTP[r.outcome];
  const statusText =
    status === 200 ? 'OK' : status === 429 ? 'Too Many Requests' : 'Service Unavailable';
  const headers: [string, string][] = [];
  const draftHeaders: [string, string][] = [];
  let body: string | null = null;
  const all = run.scenario.policies;
  // Which policy denied: only when the engine says so (a per-policy decision). runLab records
  // the combined decision only, so with several policies no single one is named.
  const pol = r.policies.find((p) => !p.decision.allowed) ?? null;
  const known = pol ? all.find((p) => p.id === pol.id) : all.length === 1 ? all[0]! : undefined;
  const spec = known ?? all[0]!;
  if (r.outcome === 'denied') {
    headers.push(['Content-Type', 'application/problem+json']);
    if (r.retryAfterSeconds !== null && r.retryAfterSeconds >= 0)
      headers.push(['Retry-After', String(r.retryAfterSeconds)]);
    const ids = all.map((p) => `"${p.id}"`).join(', ');
    body = JSON.stringify(
      {
        type: 'https://ratelimitlab.example/problems/rate-limited',
        title: 'Too Many Requests',
        status: 429,
        detail: known
          ? r.retryAfterSeconds === -1
            ? `This request costs ${r.cost}, more than policy "${known.id}" can ever admit.`
            : `Policy "${known.id}" (${known.algorithm}) is exhausted for "${pol?.limiterKey ?? r.key}". Retry after ${r.retryAfterSeconds} s.`
          : r.retryAfterSeconds === -1
            ? `This request costs ${r.cost}, more than one of the policies ${ids} can ever admit.`
            : `At least one of the policies ${ids} is exhausted for "${r.key}". Retry after ${r.retryAfterSeconds} s.`,
        ...(known ? { policy: known.id } : { policies: all.map((p) => p.id) }),
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
    if (r.outcome === 'bypass')
      headers.push(['X-RateLimit-Bypass', 'store unavailable; failing open']);
  }
  if (r.outcome !== 'unavailable' && r.outcome !== 'bypass' && !known) {
    // Several policies: advertise them all; the engine's `remaining` is the smallest across
    // them without saying whose it is, so no RateLimit field names one.
    const items = all.flatMap((p) => {
      const q = policyLimit(p);
      if (!Number.isFinite(q)) return [];
      const w = policyWindow(p);
      const wPart =
        p.algorithm === 'concurrency' || !Number.isFinite(w) ? '' : `;w=${+w.toFixed(3)}`;
      return [`"${p.id}";q=${q}${wPart}`];
    });
    if (items.length) draftHeaders.push(['RateLimit-Policy', items.join(', ')]);
  }
  if (r.outcome !== 'unavailable' && r.outcome !== 'bypass' && known) {
    const q = policyLimit(spec);
    const w = policyWindow(spec);
    if (Number.isFinite(q)) {
      const wPart =
        spec.algorithm === 'concurrency' || !Number.isFinite(w) ? '' : `;w=${+w.toFixed(3)}`;
      draftHeaders.push(['RateLimit-Policy', `"${spec.id}";q=${q}${wPart}`]);
      const rem = r.remaining ?? (r.allowed ? null : 0);
      const parts = [`"${spec.id}"`];
      if (rem !== null) parts.push(`r=${Math.max(0, Math.floor(rem))}`);
      if (r.retryAfterSeconds !== null && r.retryAfterSeconds > 0)
        parts.push(`t=${r.retryAfterSeconds}`);
      draftHeaders.push(['RateLimit', parts.join(';')]);
    }
  }
  return { status, statusText, headers, draftHeaders, body };
}
