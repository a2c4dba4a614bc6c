// Clocks of a run (docs/scenario.md, "Time"). True time is the virtual clock the scheduler
// runs on; each app server's clock reads t + offset + drift * t, and the store's clock (Redis
// TIME) reads t plus every clock step taken so far. Which clock a limiter reads is the
// scenario's `timeSource`: the store's (one clock for everyone) or the calling server's.
import type { Scenario, ServerClock, TimeSource } from '../../scenario/types';

export class Clocks {
  readonly timeSource: TimeSource;
  /** False when every clock reads true time (the engine then skips all of this). */
  readonly active: boolean;
  private readonly offset: Float64Array;
  private readonly rate: Float64Array;
  private readonly stepAt: Float64Array;
  /** Cumulative step after each step (stepSum[k] applies from stepAt[k] on). */
  private readonly stepSum: Float64Array;

  constructor(sc: Scenario) {
    this.timeSource = sc.timeSource ?? 'store';
    const clocks: ServerClock[] = sc.serverClocks ?? [];
    const S = sc.servers.length;
    this.offset = new Float64Array(S);
    this.rate = new Float64Array(S).fill(1);
    clocks.forEach((c, s) => {
      if (s >= S) return;
      this.offset[s] = c.offsetSeconds;
      this.rate[s] = 1 + c.driftPpm * 1e-6;
    });
    const steps = sc.placement === 'local' ? [] : (sc.store.clockSteps ?? []);
    this.stepAt = new Float64Array(steps.map((s) => s.at));
    this.stepSum = new Float64Array(steps.length);
    let sum = 0;
    steps.forEach((s, k) => {
      sum += s.bySeconds;
      this.stepSum[k] = sum;
    });
    const serverSkew = clocks.some((c) => c.offsetSeconds !== 0 || c.driftPpm !== 0);
    this.active = serverSkew || steps.length > 0;
  }

  /** What server s's clock reads at true time t. */
  server(s: number, t: number): number {
    const r = this.rate[s];
    return r === undefined ? t : t * r + this.offset[s]!;
  }

  /**
   * The clock a limiter slot reads at true time t: server s's own (s >= 0: a local or fallback
   * limiter), or the store's (s = -1) when the time source is the store. With time source
   * "app" each call brings its server's clock, so the store has none: true time is shown.
   */
  slotTime(s: number, t: number): number {
    if (s >= 0) return this.server(s, t);
    return this.timeSource === 'store' ? this.store(t) : t;
  }

  /** What the store's clock (Redis TIME) reads at true time t. */
  store(t: number): number {
    const n = this.stepAt.length;
    if (n === 0 || t < this.stepAt[0]!) return t;
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.stepAt[mid]! <= t) lo = mid + 1;
      else hi = mid;
    }
    return t + this.stepSum[lo - 1]!;
  }
}
