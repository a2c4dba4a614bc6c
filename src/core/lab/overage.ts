// Overage: admissions beyond what a policy allows, per key, on the true clock. "What the
// policy allows" is the algorithm's own envelope, which its descriptor states (`allowance`,
// src/core/limiters/types.ts), so that fixed window, sliding log and token bucket are
// compared on the same footing after a failover, with leases or with shards. A run without
// failures stays within the envelope (the properties in limiters' tests), so what is over it
// was caused by the failure under study. Lua scripts have no known envelope.
import { OUTCOME } from './columns';
import type { EngineRun } from './run';
import { algorithmOf } from '../limiters/registry';
import { floorE, leq } from '../limiters/num';
import type { Allowance } from '../limiters/types';
import type { PolicySpec } from '../scenario/types';

export type { Allowance };

export interface PolicyOverage {
  policy: string;
  algorithm: string;
  /** null: the algorithm has no known envelope (a Lua script). */
  allowance: Allowance | null;
  /** The most admitted beyond the allowance for one key (in cost units), 0 when none. */
  overage: number;
  /** overage / the allowance's limit. */
  ratio: number;
  /** The key and the interval [from, to] (decision times) where the most was over. */
  key: string | null;
  from: number | null;
  to: number | null;
  /** Keys with any overage, and their overages summed. */
  keysOver: number;
  total: number;
}

/** The policy's envelope, from its algorithm's descriptor (null: none known). */
export function allowanceOf(p: PolicySpec): Allowance | null {
  return algorithmOf(p.algorithm)?.allowance(p.params) ?? null;
}

interface Worst {
  over: number;
  from: number;
  to: number;
}

/** Worst excess of one key's admissions (times non-decreasing) over an allowance. */
export function excessOf(
  a: Allowance,
  times: ArrayLike<number>,
  costs: ArrayLike<number>,
  durations?: ArrayLike<number>,
): Worst {
  const m = times.length;
  let best: Worst = { over: 0, from: NaN, to: NaN };
  const consider = (over: number, from: number, to: number): void => {
    if (over > best.over) best = { over, from, to };
  };
  switch (a.kind) {
    case 'aligned-window': {
      let w = NaN;
      let sum = 0;
      for (let k = 0; k < m; k++) {
        const wk = floorE(times[k]! / a.windowSeconds);
        if (wk !== w) {
          w = wk;
          sum = 0;
        }
        sum += costs[k]!;
        consider(sum - a.limit, w * a.windowSeconds, (w + 1) * a.windowSeconds);
      }
      break;
    }
    case 'window': {
      let sum = 0;
      for (let lo = 0, k = 0; k < m; k++) {
        sum += costs[k]!;
        // An admission exactly W old has left the window (the sliding log prunes it).
        while (lo < k && leq(a.windowSeconds, times[k]! - times[lo]!)) sum -= costs[lo++]!;
        consider(sum - a.limit, Math.max(0, times[k]! - a.windowSeconds), times[k]!);
      }
      break;
    }
    case 'bucket': {
      // max over s <= t of (S_t - S_{s-1}) - r (t - s) - C, with the best s carried along.
      let before = 0;
      let bestStart = -Infinity;
      let bestFrom = NaN;
      for (let k = 0; k < m; k++) {
        const t = times[k]!;
        const start = a.ratePerSecond * t - before;
        if (start > bestStart) {
          bestStart = start;
          bestFrom = t;
        }
        before += costs[k]!;
        consider(before - a.ratePerSecond * t + bestStart - a.limit, bestFrom, t);
      }
      break;
    }
    case 'in-flight': {
      const ev: [number, number][] = [];
      for (let k = 0; k < m; k++) {
        const d = durations?.[k] ?? NaN;
        if (!(d > 0)) continue;
        ev.push([times[k]!, costs[k]!], [times[k]! + d, -costs[k]!]);
      }
      // A release at t happens before an arrival at t.
      ev.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
      let inFlight = 0;
      for (const [t, c] of ev) {
        inFlight += c;
        if (c > 0) consider(inFlight - a.limit, t, t);
      }
      break;
    }
  }
  // Float noise (0.1 * 3 - 0.3) is not an overage.
  if (best.over <= 1e-9 * Math.max(1, a.limit)) best = { over: 0, from: NaN, to: NaN };
  return best;
}

/** The policy's key of request i (its scope), as the limiter names it before any sharding. */
export function policyKey(run: EngineRun, i: number, p: PolicySpec): string {
  const names = run.requests.names.names;
  if (p.scope === 'key') return names[run.requests.keyId[i]!]!;
  if (p.scope === 'tenant') return names[run.requests.tenantId[i]!]!;
  return 'global';
}

/** Overage per policy over the whole run. */
export function overages(run: EngineRun): PolicyOverage[] {
  const ev = run.events;
  const rq = run.requests;
  return run.policies.map((p) => {
    const a = allowanceOf(p);
    const out: PolicyOverage = {
      policy: p.id,
      algorithm: p.algorithm,
      allowance: a,
      overage: 0,
      ratio: 0,
      key: null,
      from: null,
      to: null,
      keysOver: 0,
      total: 0,
    };
    if (!a || !(a.limit > 0)) return out;
    const byKey = new Map<number | string, { t: number[]; c: number[]; d: number[] }>();
    for (const i of run.decisionOrder) {
      const o = ev.outcome[i]!;
      if (o !== OUTCOME.allowed && o !== OUTCOME.bypass) continue;
      const k =
        p.scope === 'key' ? rq.keyId[i]! : p.scope === 'tenant' ? rq.tenantId[i]! : 'global';
      let g = byKey.get(k);
      if (!g) byKey.set(k, (g = { t: [], c: [], d: [] }));
      g.t.push(ev.decidedAt[i]!);
      g.c.push(rq.cost[i]!);
      if (a.kind === 'in-flight') g.d.push(rq.duration[i]!);
    }
    for (const [k, g] of byKey) {
      const w = excessOf(a, g.t, g.c, g.d);
      if (w.over <= 0) continue;
      out.keysOver++;
      out.total += w.over;
      if (w.over > out.overage) {
        out.overage = w.over;
        out.key = typeof k === 'number' ? rq.names.names[k]! : k;
        out.from = w.from;
        out.to = w.to;
      }
    }
    out.ratio = out.overage / a.limit;
    return out;
  });
}
