// Seeking a finished run: counts so far and every limiter's state view at any time t.
// Counts come from the decision log (binary search + block prefix sums); limiter states
// from the nearest checkpoint plus a replay of the logged operations up to t.
import { getLimiterFactory } from '../limiters/registry';
import type { Limiter, LimiterRequest, LimiterView } from '../limiters/types';
import {
  OUTCOME_HTTP,
  OUTCOME_NAMES,
  OUTCOME,
  VIA_NAMES,
  FLAG,
  type Outcome,
  type Via,
} from './columns';
import { OP, type EngineRun } from './run';

/**
 * Outcome counts, meaning the same everywhere (simulate, window.rateLab, widgets, graders):
 * `allowed` what the limiter admitted (its fallback included), `denied` its 429s,
 * `unavailable` 503s (the limiter could not decide, failing closed), `bypass` admitted with
 * no decision (failing open), and `admitted` = allowed + bypass, what reached the app.
 */
export interface Counts {
  allowed: number;
  denied: number;
  unavailable: number;
  bypass: number;
  /** allowed + bypass: every request that reached the app. */
  admitted: number;
  decided: number;
  doubleSpent: number;
}

export interface PolicyViews {
  policy: string;
  algorithm: string;
  views: LimiterView[];
}

export interface StateViews {
  time: number;
  /** The shared store's state per policy (null with placement local). */
  store: PolicyViews[] | null;
  /** Each server's local limiter (placement local) and emergency fallback limiter. */
  servers: { server: string; local: PolicyViews[]; fallback: PolicyViews[] }[];
}

export interface RequestEvents {
  index: number;
  at: number;
  key: string;
  tenant: string;
  server: string;
  cost: number;
  /** Arrival at the load balancer and routing to the server happen at `at`. */
  routedAt: number;
  /** Store round trip: send (= at), arrival at the store, reply back at the server. */
  storeSend: number | null;
  storeArrive: number | null;
  storeReply: number | null;
  /** shared-nonatomic: when the write landed. */
  writeArrive: number | null;
  decidedAt: number;
  respondedAt: number;
  outcome: Outcome;
  http: number;
  via: Via;
  retryAfterSeconds: number | null;
  remaining: number | null;
  delaySeconds: number | null;
  timedOut: boolean;
  unreachable: boolean;
  doubleSpent: boolean;
  error: string | null;
  /** traffic generator index (-1: explicit request), retry-storm client and attempt. */
  source: number;
  client: number;
  attempt: number;
}

const BLOCK = 1024;
const nn = (x: number): number | null => (Number.isNaN(x) ? null : x);

/** First index k in [0, n) with value(k) > t (values non-decreasing). */
function upperBound(n: number, value: (k: number) => number, t: number): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (value(mid) <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class LabTimeline {
  /** Cumulative counts per outcome (+ double spends) at every BLOCK decisions. */
  private prefix: Int32Array;
  private limiters: Limiter[];
  /** Index of the next op to replay into `limiters` (-1: needs a restore). */
  private pos = -1;
  private readonly req: LimiterRequest = { at: 0, key: '', server: '', cost: 1, duration: 0 };

  constructor(readonly run: EngineRun) {
    const order = run.decisionOrder;
    const blocks = Math.floor(order.length / BLOCK) + 1;
    this.prefix = new Int32Array(blocks * 5);
    const acc = [0, 0, 0, 0, 0];
    for (let k = 0; k < order.length; k++) {
      if (k % BLOCK === 0) this.prefix.set(acc, (k / BLOCK) * 5);
      const i = order[k]!;
      acc[run.events.outcome[i]!]!++;
      if (run.events.flags[i]! & FLAG.doubleSpent) acc[4]!++;
    }
    this.limiters = run.slots.map((s) => this.fresh(s.spec.algorithm, s.spec.params));
  }

  private fresh(algorithm: string, params: Record<string, unknown>): Limiter {
    const f = getLimiterFactory(algorithm);
    if (!f) throw new Error(`algorithm "${algorithm}" is not registered`);
    return f.create(params);
  }

  /** Outcome counts of the requests decided at or before t. */
  countsAt(t: number): Counts {
    const { decisionOrder: order, events } = this.run;
    const k = upperBound(order.length, (j) => events.decidedAt[order[j]!]!, t);
    const b = Math.floor(k / BLOCK);
    const c = Array.from(this.prefix.subarray(b * 5, b * 5 + 5));
    for (let j = b * BLOCK; j < k; j++) {
      const i = order[j]!;
      c[events.outcome[i]!]!++;
      if (events.flags[i]! & FLAG.doubleSpent) c[4]!++;
    }
    return {
      allowed: c[OUTCOME.allowed]!,
      denied: c[OUTCOME.denied]!,
      unavailable: c[OUTCOME.unavailable]!,
      bypass: c[OUTCOME.bypass]!,
      admitted: c[OUTCOME.allowed]! + c[OUTCOME.bypass]!,
      decided: k,
      doubleSpent: c[4]!,
    };
  }

  /** Bring the seek limiters to the state after every op at or before t. */
  private replayTo(t: number): void {
    const { ops, checkpoints, slots } = this.run;
    const end = upperBound(ops.n, (j) => ops.time[j]!, t);
    let ck = checkpoints[0];
    for (const c of checkpoints)
      if (c.op <= end) ck = c;
      else break;
    if (!ck) return;
    if (this.pos < ck.op || this.pos > end) {
      this.limiters = slots.map((s, k) => {
        const l = this.fresh(s.spec.algorithm, s.spec.params);
        const snap = ck.snapshots[k];
        if (snap !== undefined) l.restore(snap);
        return l;
      });
      this.pos = ck.op;
    }
    for (let j = this.pos; j < end; j++) this.apply(j);
    this.pos = end;
  }

  private apply(j: number): void {
    const { ops, slots, requests: r, policies, servers } = this.run;
    const slot = slots[ops.slot[j]!]!;
    const lim = this.limiters[slot.id]!;
    const i = ops.req[j]!;
    if (ops.kind[j] === OP.restore) {
      // A failover promoted the replica: the slot's state is what the replica held.
      lim.restore(ops.states.get(j));
      return;
    }
    const p = policies[slot.policy]!;
    const names = r.names.names;
    const req = this.req;
    req.at = ops.time[j]!;
    req.key =
      p.scope === 'key'
        ? names[r.keyId[i]!]!
        : p.scope === 'tenant'
          ? names[r.tenantId[i]!]!
          : 'global';
    req.server = servers[r.server[i]!] ?? '';
    req.cost = r.cost[i]!;
    req.duration = r.duration[i]!;
    const x = ops.inputs;
    if (x) {
      // What the limiter saw when it was not the request's own (a clock, a shard, a lease).
      req.at = x.at[j]!;
      req.key = names[x.key[j]!]!;
      req.cost = x.cost[j]!;
    }
    try {
      switch (ops.kind[j]) {
        case OP.decide:
          lim.decide(req);
          break;
        case OP.check:
          lim.check(req);
          break;
        case OP.commitAdmit:
          lim.commit(req, true);
          break;
        case OP.commitDeny:
          lim.commit(req, false);
          break;
        case OP.write:
          lim.writeState(req.key, ops.states.get(j));
          break;
      }
    } catch {
      // The run recorded this op's error already; replay just skips it.
    }
  }

  /** Every limiter's drawable state at time t. */
  statesAt(t: number): StateViews {
    this.replayTo(t);
    const { slots, policies, servers } = this.run;
    const clocks = this.run.production.clocks;
    const views = (k: number): PolicyViews => {
      const s = slots[k]!;
      const lim = this.limiters[k]!;
      const vs: LimiterView[] = [];
      // With skewed or stepped clocks a limiter is drawn at the time its own clock reads.
      const now = clocks ? clocks.slotTime(s.role === 'store' ? -1 : s.server, t) : t;
      for (const key of lim.keys()) {
        const v = lim.view(key, now);
        if (v) vs.push(v);
      }
      return { policy: policies[s.policy]!.id, algorithm: s.spec.algorithm, views: vs };
    };
    const store = slots.filter((s) => s.role === 'store').map((s) => views(s.id));
    return {
      time: t,
      store: store.length ? store : null,
      servers: servers.map((name, si) => ({
        server: name,
        local: slots.filter((s) => s.role === 'server' && s.server === si).map((s) => views(s.id)),
        fallback: slots
          .filter((s) => s.role === 'fallback' && s.server === si)
          .map((s) => views(s.id)),
      })),
    };
  }

  /** Counts and states at t: what the UI shows after a seek. */
  seek(t: number): { time: number; counts: Counts; states: StateViews } {
    return { time: t, counts: this.countsAt(t), states: this.statesAt(t) };
  }

  /** Requests in flight at t (arrived at or before t, not yet answered), arrival order. */
  activeAt(t: number): number[] {
    const { arrivalOrder: order, requests: r, events, maxLifetime } = this.run;
    const end = upperBound(order.length, (j) => r.at[order[j]!]!, t);
    const out: number[] = [];
    for (let j = end - 1; j >= 0; j--) {
      const i = order[j]!;
      if (r.at[i]! < t - maxLifetime) break;
      if (!(events.respondedAt[i]! < t)) out.push(i);
    }
    return out.reverse();
  }
}

/** Everything that happened to request i (times in virtual seconds; null = did not happen). */
export function requestEvents(run: EngineRun, i: number): RequestEvents {
  const r = run.requests;
  const e = run.events;
  const names = r.names.names;
  const storeArrive = nn(e.storeArrive[i]!);
  const outcome = OUTCOME_NAMES[e.outcome[i]!]!;
  return {
    index: i,
    at: r.at[i]!,
    key: names[r.keyId[i]!]!,
    tenant: names[r.tenantId[i]!]!,
    server: run.servers[r.server[i]!] ?? '',
    cost: r.cost[i]!,
    routedAt: r.at[i]!,
    storeSend: storeArrive === null && !(e.flags[i]! & FLAG.unreachable) ? null : r.at[i]!,
    storeArrive,
    storeReply: nn(e.storeReply[i]!),
    writeArrive: nn(e.writeArrive[i]!),
    decidedAt: e.decidedAt[i]!,
    respondedAt: e.respondedAt[i]!,
    outcome,
    http: OUTCOME_HTTP[outcome],
    via: VIA_NAMES[e.via[i]!]!,
    retryAfterSeconds: nn(e.retry[i]!),
    remaining: nn(e.remaining[i]!),
    delaySeconds: nn(e.delay[i]!),
    timedOut: (e.flags[i]! & FLAG.timedOut) !== 0,
    unreachable: (e.flags[i]! & FLAG.unreachable) !== 0,
    doubleSpent: (e.flags[i]! & FLAG.doubleSpent) !== 0,
    error: run.errors.get(i) ?? null,
    source: r.source[i]!,
    client: r.client[i]!,
    attempt: r.attempt[i]!,
  };
}

export interface Aggregates {
  bucketSeconds: number;
  /** Start time of bucket 0. */
  start: number;
  allowed: Int32Array;
  denied: Int32Array;
  unavailable: Int32Array;
  bypass: Int32Array;
}

/** Outcome counts per time bucket (by decision time), for charts. */
export function aggregates(run: EngineRun, bucketSeconds?: number): Aggregates {
  const end = Math.max(run.endTime, 1e-9);
  const size = bucketSeconds && bucketSeconds > 0 ? bucketSeconds : niceBucket(end / 200);
  const n = Math.max(1, Math.ceil(end / size) + 1);
  const cols = [
    new Int32Array(n),
    new Int32Array(n),
    new Int32Array(n),
    new Int32Array(n),
  ] as const;
  const e = run.events;
  for (const i of run.decisionOrder) {
    const b = Math.min(n - 1, Math.floor(e.decidedAt[i]! / size));
    cols[e.outcome[i]!]![b]!++;
  }
  return {
    bucketSeconds: size,
    start: 0,
    allowed: cols[0],
    denied: cols[1],
    unavailable: cols[2],
    bypass: cols[3],
  };
}

function niceBucket(x: number): number {
  const steps = [
    0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600,
    1800, 3600,
  ];
  for (const s of steps) if (s >= x) return s;
  return 3600 * Math.ceil(x / 3600);
}
