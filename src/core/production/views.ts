// Time-indexed data for the production scenes (primary and replica, leases): built once from
// a finished run, then asked at any time t in O(log n), as the lab's clock moves.
import { OUTCOME, VIA } from '../lab/columns';
import type { EngineRun } from '../lab/run';
import { LEASE_END } from '../lab/engine/leases';

/** First index k in [0, n) with xs[k] > t (xs non-decreasing). */
function upperBound(xs: Float64Array, t: number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (xs[mid]! <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index k with xs[k] >= t. */
function lowerBound(xs: Float64Array, t: number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (xs[mid]! < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export interface ReplicationState {
  /** The replica holds every store write made before this (t - lag; frozen at the failover). */
  replicaTime: number;
  /** Store writes on their way to the replica at t (made in [t - lag, t]), request indices. */
  inFlight: number[];
  /** "replicating" before the failover, "down" in the gap, "promoted" after. */
  phase: 'replicating' | 'down' | 'promoted';
}

/**
 * The replication stream at true time t: seek the primary with `timeline.statesAt(t)` and the
 * replica with `timeline.statesAt(replicaTime)` (while replicating).
 */
export class ReplicationView {
  /** Store writes in time order: when each was made, and its request. */
  readonly times: Float64Array;
  readonly reqs: Int32Array;
  constructor(private readonly run: EngineRun) {
    const ev = run.events;
    const t: number[] = [];
    const r: number[] = [];
    for (const i of run.decisionOrder) {
      if (ev.via[i] !== VIA.store || ev.outcome[i] !== OUTCOME.allowed) continue;
      // a store write: the atomic decision, or the non-atomic write when it landed
      const w = Number.isNaN(ev.writeArrive[i]!) ? ev.decidedAt[i]! : ev.writeArrive[i]!;
      t.push(w);
      r.push(i);
    }
    const order = t.map((_, k) => k).sort((a, b) => t[a]! - t[b]! || a - b);
    this.times = Float64Array.from(order, (k) => t[k]!);
    this.reqs = Int32Array.from(order, (k) => r[k]!);
  }

  at(t: number): ReplicationState | null {
    const lag = this.run.production.replicaLagSeconds;
    if (lag === null) return null;
    const f = this.run.production.failover;
    if (f && t >= f.at) {
      const promoted = !Number.isNaN(f.promotedAt) && t >= f.promotedAt;
      return {
        replicaTime: f.replicatedBefore,
        inFlight: [],
        phase: promoted ? 'promoted' : 'down',
      };
    }
    const [from, to] = this.inFlightRange(t, lag);
    return {
      replicaTime: t - lag,
      inFlight: Array.from(this.reqs.subarray(from, to)),
      phase: 'replicating',
    };
  }

  /** Writes on their way at t (before the failover): indices [from, to) into `times`. */
  inFlightRange(t: number, lag: number): [number, number] {
    // as the engine cuts: a write made exactly `lag` ago has not arrived yet
    const cut = t - lag;
    const from = lowerBound(this.times, cut - 1e-9 * Math.max(1, Math.abs(cut)));
    return [from, upperBound(this.times, t)];
  }
}

export interface LeaseHolding {
  server: string;
  /** Unspent tokens on live leases at t. */
  held: number;
  /** Tokens stranded so far (leases that expired unspent). */
  stranded: number;
  /** Live leases at t (ids into run.production.leases). */
  leases: number[];
}

/** What each server holds on leases at any time t. */
export class LeaseView {
  /** Per server: times and the running held / stranded totals after each change. */
  private readonly t: Float64Array[] = [];
  private readonly held: Float64Array[] = [];
  private readonly stranded: Float64Array[] = [];

  constructor(private readonly run: EngineRun) {
    const b = run.production.leases;
    const S = run.servers.length;
    const ev: [number, number, number, number][][] = Array.from({ length: S }, () => []);
    if (b) {
      const ends = new Float64Array(b.n).fill(NaN);
      for (let id = 0; id < b.n; id++) {
        const s = b.server[id]!;
        const taker = b.size[id]! - (b.left[id]! + this.spentLocally(id));
        ev[s]!.push([b.from[id]!, 0, b.size[id]! - taker, 0]);
        const expired =
          b.end[id] === LEASE_END.expired ||
          (b.end[id] === LEASE_END.open && b.expiresAt[id]! <= run.endTime);
        if (expired) {
          ends[id] = b.expiresAt[id]!;
          ev[s]!.push([b.expiresAt[id]!, 2, -b.left[id]!, b.left[id]!]);
        }
      }
      const leaseOf = run.production.leaseOf!;
      const e = run.events;
      for (let i = 0; i < run.requests.n; i++) {
        const id = leaseOf[i]!;
        if (id < 0 || !Number.isNaN(e.storeArrive[i]!)) continue; // not paid from a held lease
        ev[b.server[id]!]!.push([e.decidedAt[i]!, 1, -run.requests.cost[i]!, 0]);
      }
    }
    for (let s = 0; s < S; s++) {
      // at one instant: grants, then spends, then expiries
      const xs = ev[s]!.sort((a, c) => a[0] - c[0] || a[1] - c[1]);
      const t = new Float64Array(xs.length);
      const held = new Float64Array(xs.length);
      const stranded = new Float64Array(xs.length);
      let h = 0;
      let st = 0;
      xs.forEach(([time, , dh, ds], k) => {
        h += dh;
        st += ds;
        t[k] = time;
        held[k] = Math.max(0, h);
        stranded[k] = st;
      });
      this.t.push(t);
      this.held.push(held);
      this.stranded.push(stranded);
    }
  }

  private spentCache: Float64Array | null = null;
  /** Tokens of lease `id` spent by requests paid from it after it was taken. */
  private spentLocally(id: number): number {
    if (!this.spentCache) {
      const b = this.run.production.leases!;
      const c = new Float64Array(b.n);
      const leaseOf = this.run.production.leaseOf!;
      const e = this.run.events;
      for (let i = 0; i < this.run.requests.n; i++) {
        const l = leaseOf[i]!;
        if (l >= 0 && Number.isNaN(e.storeArrive[i]!)) c[l]! += this.run.requests.cost[i]!;
      }
      this.spentCache = c;
    }
    return this.spentCache[id]!;
  }

  at(t: number): LeaseHolding[] {
    const b = this.run.production.leases;
    return this.run.servers.map((server, s) => {
      const k = upperBound(this.t[s]!, t) - 1;
      const leases: number[] = [];
      if (b)
        for (let id = 0; id < b.n; id++)
          if (
            b.server[id] === s &&
            b.from[id]! <= t &&
            t < b.expiresAt[id]! &&
            !(b.endedAt[id]! <= t)
          )
            leases.push(id);
      return {
        server,
        held: k >= 0 ? this.held[s]![k]! : 0,
        stranded: k >= 0 ? this.stranded[s]![k]! : 0,
        leases,
      };
    });
  }
}
