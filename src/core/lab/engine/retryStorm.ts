// Retry storms (closed-loop traffic): when a storm client hears its answer, it may send the
// same request again after the generator's back-off (traffic/generators.ts retryDelay).
import { retryDelay } from '../../traffic/generators';
import { OUTCOME } from '../columns';
import { EV } from './events';
import { growProduction } from './productionData';
import type { EngineState } from './state';

/** Request i was answered at `responded`: schedule its client's retry, if it makes one. */
export function scheduleRetry(e: EngineState, i: number, responded: number): void {
  const t = e.t;
  const g = t.source[i]!;
  const storm = g >= 0 ? e.storms[g] : null;
  if (!storm) return;
  const ev = e.ev;
  const o = ev.outcome[i]!;
  const allowed = o === OUTCOME.allowed || o === OUTCOME.bypass;
  const r = ev.retry[i]!;
  const wait = retryDelay(storm, t.attempt[i]!, allowed, Number.isNaN(r) ? null : r, e.jitterRng);
  if (wait === null) return;
  const j = t.add(
    responded + wait,
    t.keyId[i]!,
    t.tenantId[i]!,
    -1,
    t.cost[i]!,
    t.duration[i]!,
    g,
    t.client[i]!,
    t.attempt[i]! + 1,
  );
  ev.ensure(t.capacity);
  growProduction(e.prod, t.capacity);
  e.q.push(responded + wait, EV.arrive, j);
}
