// Settling a request: its outcome, when it was decided and answered, and (when the store
// failed or a limiter errored) the failure mode: fail-open, fail-closed or local fallback.
import type { Limiter } from '../../limiters/types';
import { growTo, OUTCOME, VIA } from '../columns';
import type { LimiterSlot } from '../run';
import { decideOn } from './decide';
import { WHERE } from './events';
import { scheduleRetry } from './retryStorm';
import { addSlot, type EngineState } from './state';

/** Record the outcome of request i (ok: allowed, false: denied, null: limiter error). */
export function settle(
  e: EngineState,
  i: number,
  ok: boolean | null,
  via: number,
  decided: number,
  replied: number,
): void {
  if (ok === null) {
    applyFailureMode(e, i, decided);
    return;
  }
  const ev = e.ev;
  ev.via[i] = via;
  if (ok) {
    ev.outcome[i] = OUTCOME.allowed;
    e.totals.allowed++;
  } else {
    ev.outcome[i] = OUTCOME.denied;
    e.totals.denied++;
  }
  const d = ev.delay[i]!;
  finish(e, i, decided, replied + (d > 0 ? d : 0));
}

/** Request i is decided at `decided` and answered at `responded`. */
function finish(e: EngineState, i: number, decided: number, responded: number): void {
  const ev = e.ev;
  ev.decidedAt[i] = decided;
  ev.respondedAt[i] = responded;
  if (e.nDecided >= e.decisionOrder.length)
    e.decisionOrder = growTo(e.decisionOrder, e.nDecided + 1);
  e.decisionOrder[e.nDecided++] = i;
  const life = responded - e.t.at[i]!;
  if (life > e.maxLifetime) e.maxLifetime = life;
  if (responded > e.endTime) e.endTime = responded;
  const g = e.t.source[i]!;
  if (g >= 0 && e.storms[g]) scheduleRetry(e, i, responded);
}

/** Server `server`'s local fallback limiters, one per policy, made when first needed. */
function fallbackFor(e: EngineState, server: number): LimiterSlot[] {
  let f = e.fallbackSlots[server];
  if (!f) {
    // A new slot must exist in every checkpoint: earlier ones hold it as never created.
    f = e.sc.policies.map((p, pi) =>
      addSlot(
        e,
        'fallback',
        server,
        pi,
        e.sc.fallback ?? { algorithm: p.algorithm, params: p.params },
      ),
    );
    e.fallbackSlots[server] = f;
  }
  return f;
}

/** The store failed (outage, timeout) or a limiter errored: apply the failure mode. */
export function applyFailureMode(e: EngineState, i: number, time: number): void {
  const ev = e.ev;
  const sc = e.sc;
  // A policy in shadow mode never turns a failure into a 503: it fails open.
  const modes = sc.policies.map((p) =>
    p.enforce === false
      ? 'fail-open'
      : sc.placement === 'shared-fallback'
        ? 'local-fallback'
        : p.failureMode,
  );
  if (sc.placement === 'local' || modes.includes('fail-closed')) {
    ev.outcome[i] = OUTCOME.unavailable;
    ev.via[i] = VIA.none;
    ev.retry[i] = NaN;
    ev.remaining[i] = NaN;
    ev.delay[i] = NaN;
    e.totals.unavailable++;
    finish(e, i, time, time);
    return;
  }
  const fb: Limiter[] = [];
  const fbIds: number[] = [];
  const fbPols: number[] = [];
  const server = e.t.server[i]!;
  modes.forEach((m, p) => {
    if (m !== 'local-fallback') return;
    const s = fallbackFor(e, server)[p]!;
    fb.push(s.limiter);
    fbIds.push(s.id);
    fbPols.push(p);
  });
  let ok: boolean | null = true;
  e.where = WHERE.server;
  if (fb.length) ok = decideOn(e, fb, fbIds, i, time, fbPols);
  if (ok === null) ok = false;
  if (!ok) {
    ev.outcome[i] = OUTCOME.denied;
    ev.via[i] = VIA.fallback;
    e.totals.denied++;
    e.totals.viaFallback++;
  } else if (fb.length === modes.length) {
    ev.outcome[i] = OUTCOME.allowed;
    ev.via[i] = VIA.fallback;
    e.totals.allowed++;
    e.totals.viaFallback++;
  } else {
    ev.outcome[i] = OUTCOME.bypass;
    ev.via[i] = VIA.none;
    ev.retry[i] = NaN;
    e.totals.bypass++;
  }
  const d = ev.delay[i]!;
  finish(e, i, time, time + (ok && d > 0 ? d : 0));
}
