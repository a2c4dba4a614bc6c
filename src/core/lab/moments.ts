// Moments of a run worth stopping at, read from the engine's outcomes: where a lesson widget
// opens (its first interesting moment), and which admissions went over the limit (what one
// shared counter with the same policy would have refused). Pure: LabRuns in, numbers out.
import { admittedCode, OUTCOME } from './columns';
import type { LabRun } from './labRun';
import type { RequestSpec, Scenario } from '../scenario/types';
import { quotaOf } from '../limiters/registry';

export type MomentLane = 'main' | 'compare';

export interface Moment {
  /** The time to open at (seconds). */
  t: number;
  /** The request to point at (its index), or null. */
  request: number | null;
  lane: MomentLane;
  /**
   * Why: the lanes first disagree (`divergence`), the first request that was not simply
   * admitted (`denied`, `unavailable`, `bypass`), or nothing happened but admissions
   * (`end`: every decision made).
   */
  reason: 'divergence' | 'denied' | 'unavailable' | 'bypass' | 'end';
}

const REASON = ['end', 'denied', 'unavailable', 'bypass'] as const;

/** Both runs received the same requests (same count, same arrival times, same keys). */
export function sameRequests(a: LabRun, b: LabRun): boolean {
  if (a.n !== b.n) return false;
  for (let i = 0; i < a.n; i++) if (a.at[i] !== b.at[i]) return false;
  return true;
}

/** The first decision (by decision time) whose outcome is not `allowed`, or -1. */
function firstNotAllowed(run: LabRun): number {
  for (let j = 0; j < run.n; j++) {
    const i = run.byDecision[j]!;
    if (run.outcome[i] !== OUTCOME.allowed) return i;
  }
  return -1;
}

function lastDecision(run: LabRun): number {
  for (let j = run.n - 1; j >= 0; j--) {
    const v = run.decidedAt[run.byDecision[j]!]!;
    if (Number.isFinite(v)) return v;
  }
  return 0;
}

const countsKey = (run: LabRun, t: number): string => {
  const c = run.countsAt(t);
  return `${c.allowed}/${c.denied}/${c.unavailable}/${c.bypass}`;
};

/**
 * Where a widget opens: the first divergence between its lanes (the first request the two
 * decide differently; with different traffic, the first moment their counts differ), else the
 * first request that was not simply admitted, else the end of the run.
 */
export function firstMoment(main: LabRun, compare: LabRun | null): Moment {
  if (compare) {
    if (sameRequests(main, compare)) {
      let best = -1;
      let bestT = Infinity;
      for (let i = 0; i < main.n; i++) {
        if (main.outcome[i] === compare.outcome[i]) continue;
        const t = Math.max(main.decidedAt[i]!, compare.decidedAt[i]!);
        if (t < bestT) {
          bestT = t;
          best = i;
        }
      }
      if (best >= 0) {
        // Point at the lane that did not simply admit (its response is the telling one).
        const lane: MomentLane =
          main.outcome[best] === OUTCOME.allowed && compare.outcome[best] !== OUTCOME.allowed
            ? 'compare'
            : 'main';
        return { t: bestT, request: best, lane, reason: 'divergence' };
      }
    } else {
      // Different traffic (a retry storm answers 429s with more requests): the first moment
      // the counts differ, at a decision of either lane.
      const times = [...main.decidedAt, ...compare.decidedAt]
        .filter((t) => Number.isFinite(t))
        .sort((a, b) => a - b);
      for (const t of times) {
        if (countsKey(main, t) === countsKey(compare, t)) continue;
        const pick = (run: LabRun): number => {
          let at = -1;
          for (let j = 0; j < run.n; j++) {
            const i = run.byDecision[j]!;
            if (!(run.decidedAt[i]! <= t)) break;
            if (run.outcome[i] !== OUTCOME.allowed) at = i;
          }
          return at;
        };
        const m = pick(main);
        const c = pick(compare);
        const lane: MomentLane = m < 0 && c >= 0 ? 'compare' : 'main';
        const req = lane === 'compare' ? c : m;
        return { t, request: req >= 0 ? req : null, lane, reason: 'divergence' };
      }
    }
  }
  const candidates: { run: LabRun; lane: MomentLane }[] = [{ run: main, lane: 'main' }];
  if (compare) candidates.push({ run: compare, lane: 'compare' });
  let found: Moment | null = null;
  for (const { run, lane } of candidates) {
    const i = firstNotAllowed(run);
    if (i < 0) continue;
    const t = run.decidedAt[i]!;
    if (!found || t < found.t)
      found = { t, request: i, lane, reason: REASON[run.outcome[i]!] ?? 'denied' };
  }
  if (found) return found;
  return {
    t: Math.max(lastDecision(main), compare ? lastDecision(compare) : 0),
    request: null,
    lane: 'main',
    reason: 'end',
  };
}

/**
 * The same scenario decided by one shared counter with nothing going wrong: atomic, no store
 * latency, no outage, no fallback. Null when the scenario already is that (or has several
 * policies, whose limits do not add up to one number).
 *
 * Given the run itself, the reference is fed only the requests the run's limiter decided: one
 * the run answered 503 (the store down or too slow, failing closed) was admitted by nobody and
 * charged to nobody, so the reference must not charge it either; else it refuses later requests
 * the policy had room for, and those admissions would look over the limit.
 */
export function referenceScenario(s: Scenario, run?: LabRun): Scenario | null {
  if (s.policies.length !== 1) return null;
  const st = s.store;
  const troubled = st.outages.length > 0 || st.latencySpikes.length > 0 || st.latencySeconds > 0;
  if (s.placement === 'shared' && !troubled) return null;
  const ref: Scenario = {
    ...s,
    placement: 'shared',
    store: { ...st, latencySeconds: 0, timeoutSeconds: null, outages: [], latencySpikes: [] },
    failureMode: 'fail-closed',
    fallback: null,
    policies: s.policies.map((p) => ({ ...p, failureMode: 'fail-closed' })),
  };
  if (!run || !run.outcome.slice(0, run.n).includes(OUTCOME.unavailable)) return ref;
  const t = run.engine.requests;
  const requests: RequestSpec[] = [];
  for (let i = 0; i < run.n; i++) {
    if (run.outcome[i] === OUTCOME.unavailable) continue;
    const d = t.duration[i]!;
    requests.push({
      at: t.at[i]!,
      key: t.names.names[t.keyId[i]!]!,
      server: run.servers[run.serverIx[i]!] ?? null,
      cost: t.cost[i]!,
      duration: Number.isNaN(d) ? undefined : d,
      tenant: t.names.names[t.tenantId[i]!]!,
    });
  }
  return { ...ref, requests, traffic: [] };
}

/**
 * For each request of `run`, its request in `reference` (or -1: a 503 the reference left out),
 * or null when the two runs did not see the same requests.
 */
function align(run: LabRun, reference: LabRun): Int32Array | null {
  const map = new Int32Array(run.n).fill(-1);
  if (sameRequests(run, reference)) return map.map((_, i) => i);
  let k = 0;
  for (let i = 0; i < run.n; i++) {
    if (run.outcome[i] === OUTCOME.unavailable) continue;
    if (k >= reference.n || reference.at[k] !== run.at[i]) return null;
    map[i] = k++;
  }
  return k === reference.n ? map : null;
}

export interface OverLimit {
  /** The policy's limit (quota per window), as its algorithm declares it. */
  quota: number;
  /** 1 where the request was admitted over the limit. */
  flags: Uint8Array;
  /** Those requests, in decision order. */
  requests: number[];
}

/**
 * The admissions over the limit: admitted (or let through failing open) by this run, refused
 * by one shared counter with the same policy on the same requests (`reference`, the run of
 * referenceScenario, which may leave out the run's 503s). Null when the runs do not see the
 * same requests or the limit has no single number.
 */
export function overTheLimit(run: LabRun, reference: LabRun): OverLimit | null {
  const spec = run.scenario.policies[0];
  if (!spec || run.scenario.policies.length !== 1) return null;
  const map = align(run, reference);
  if (!map) return null;
  const quota = quotaOf(spec);
  if (!Number.isFinite(quota)) return null;
  const flags = new Uint8Array(run.n);
  const requests: number[] = [];
  for (let j = 0; j < run.n; j++) {
    const i = run.byDecision[j]!;
    const k = map[i]!;
    if (k >= 0 && admittedCode(run.outcome[i]!) && !admittedCode(reference.outcome[k]!)) {
      flags[i] = 1;
      requests.push(i);
    }
  }
  return { quota, flags, requests };
}
