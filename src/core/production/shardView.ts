// Per-shard load over time (placement "sharded"): how many requests each shard key was
// charged by time t, and how many of them it admitted or denied, for the scene's shard bars.
// Built once from a finished run; at(t) is O(shards * log n).
import { OUTCOME } from '../lab/columns';
import type { EngineRun } from '../lab/run';
import { shardLimiterSpec } from '../lab/engine/shards';
import { quotaOf } from '../limiters/registry';

export interface ShardLoadAt {
  shard: number;
  requests: number;
  allowed: number;
  denied: number;
}

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

export class ShardView {
  readonly count: number;
  /** Each shard's own quota per window (the budget divided with "split"); NaN: none. */
  readonly shardQuota: number;
  /** Per shard: decision times of the requests it was charged, and running admitted / denied. */
  private readonly times: Float64Array[] = [];
  private readonly allowed: Int32Array[] = [];
  private readonly denied: Int32Array[] = [];

  constructor(run: EngineRun) {
    const sh = run.scenario.shards;
    const col = run.production.shard;
    this.count = sh && col ? sh.count : 0;
    const p = run.policies[0];
    this.shardQuota =
      sh && p ? quotaOf(shardLimiterSpec(p, sh.count, sh.budget === 'split')) : Number.NaN;
    if (!col) return;
    const ev = run.events;
    const per: number[][] = Array.from({ length: this.count }, () => []);
    for (const i of run.decisionOrder) if (!Number.isNaN(ev.storeArrive[i]!)) per[col[i]!]?.push(i);
    for (const list of per) {
      const t = new Float64Array(list.length);
      const a = new Int32Array(list.length);
      const d = new Int32Array(list.length);
      let na = 0;
      let nd = 0;
      list.forEach((i, k) => {
        if (ev.outcome[i] === OUTCOME.allowed) na++;
        else if (ev.outcome[i] === OUTCOME.denied) nd++;
        t[k] = ev.decidedAt[i]!;
        a[k] = na;
        d[k] = nd;
      });
      this.times.push(t);
      this.allowed.push(a);
      this.denied.push(d);
    }
  }

  /** Each shard's load decided at or before t. */
  at(t: number): ShardLoadAt[] {
    return this.times.map((times, shard) => {
      const k = upperBound(times, t);
      return {
        shard,
        requests: k,
        allowed: k ? this.allowed[shard]![k - 1]! : 0,
        denied: k ? this.denied[shard]![k - 1]! : 0,
      };
    });
  }
}
