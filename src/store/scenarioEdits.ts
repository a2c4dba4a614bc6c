// What each lab control does to a scenario, as pure functions: a scenario and the control's
// new value in, a new scenario out (the given one is never changed). The controls only call
// these through the store's `edit`, and the engine's validation still judges the result: a
// value it refuses shows its message and the last valid run keeps running. The production
// controls' edits are in productionEdits.ts, the traffic presets in trafficPresets.ts.
import { algorithmOf, defaultParams, getLimiterFactory } from '../core/limiters/registry';
import { isObj, type Obj } from '../core/util/isObj';
import type { ScenarioInput } from './labState';

export type Path = (string | number)[];

/** How long each request holds its slot when an algorithm needs one (concurrency). */
export const DEFAULT_DURATION = 2;

/** A deep copy to change (scenarios are JSON values). */
export const copyOf = (s: ScenarioInput): ScenarioInput => structuredClone(s);

/** A time `f` of the way into a run that ends at `end` (a new outage, failover or clock step). */
export const within = (end: number, f: number): number => +(end * f).toFixed(2);

/** Set the value at `path` (`undefined` removes it), making the objects and lists on the way. */
export function setPath(d: ScenarioInput, path: Path, value: unknown): void {
  let o = d as Record<string | number, unknown>;
  for (let k = 0; k < path.length - 1; k++) {
    const key = path[k]!;
    if (typeof o[key] !== 'object' || o[key] === null)
      o[key] = typeof path[k + 1] === 'number' ? [] : {};
    o = o[key] as Record<string | number, unknown>;
  }
  const last = path[path.length - 1]!;
  if (value === undefined) delete o[last];
  else o[last] = value;
}

/** A number field's edit: whatever was typed goes to `path` (the engine judges it). */
export function withField(s: ScenarioInput, path: Path, value: unknown): ScenarioInput {
  const d = copyOf(s);
  setPath(d, path, value);
  return d;
}

/** Does the algorithm refuse a request that gives no duration (concurrency does)? */
function needsDuration(algorithm: unknown): boolean {
  if (typeof algorithm !== 'string') return false;
  const f = getLimiterFactory(algorithm);
  const usesDuration = algorithmOf(algorithm)?.usesDuration ?? f?.usesDuration ?? false;
  if (!usesDuration || !f?.validateRequest) return false;
  return f.validateRequest({ cost: 1, duration: undefined }, 'r').length > 0;
}

/**
 * Give every request and traffic pattern without a duration one, when an algorithm of the
 * scenario (its own or a policy's) refuses requests without (changes `d`).
 */
export function addDurations(d: ScenarioInput): void {
  const policies = Array.isArray(d.policies) ? (d.policies as unknown[]) : [];
  const algorithms = [d.algorithm, ...policies.map((p) => (isObj(p) ? p.algorithm : undefined))];
  if (!algorithms.some(needsDuration)) return;
  for (const key of ['requests', 'traffic'] as const) {
    const list = d[key];
    if (!Array.isArray(list)) continue;
    for (const r of list as unknown[])
      if (isObj(r) && r.duration === undefined) r.duration = DEFAULT_DURATION;
  }
}

/**
 * Another algorithm with its default parameters. One that needs a request's duration
 * (concurrency counts requests in flight) gives every request and traffic pattern without one
 * a duration: without it the engine would refuse the scenario and the choice would snap back.
 */
export function withAlgorithm(s: ScenarioInput, algorithm: string): ScenarioInput {
  const d = copyOf(s);
  d.algorithm = algorithm;
  d.params = defaultParams(algorithm);
  addDurations(d);
  return d;
}

/** A switch among the algorithm's parameters: on sets `true`, off removes it. */
export function withFlag(s: ScenarioInput, name: string, on: boolean): ScenarioInput {
  return withField(s, ['params', name], on || undefined);
}

/** The second policy the controls add: every client together, token bucket 10, +2/s. */
export const GLOBAL_POLICY = {
  id: 'global',
  algorithm: 'token-bucket',
  params: { capacity: 10, refillPerSecond: 2 },
  scope: 'global',
} as const;

/**
 * Add the global policy (the scenario's own limit becomes the per-client policy; a scenario
 * that already has several policies gets it as one more) or take it away (the other policies
 * stay; when one is left it becomes the scenario's limit again).
 */
export function withGlobalPolicy(s: ScenarioInput, on: boolean): ScenarioInput {
  const d = copyOf(s);
  const isGlobal = (p: unknown) => isObj(p) && p.id === GLOBAL_POLICY.id;
  const global = () => structuredClone(GLOBAL_POLICY) as unknown as Obj;
  if (on) {
    if (Array.isArray(d.policies)) {
      if (!d.policies.some(isGlobal)) d.policies = [...(d.policies as unknown[]), global()];
      return d;
    }
    d.policies = [
      { id: 'per-client', algorithm: d.algorithm, params: d.params, scope: 'key' },
      global(),
    ];
    delete d.algorithm;
    delete d.params;
    return d;
  }
  if (!Array.isArray(d.policies)) return d;
  const rest = (d.policies as unknown[]).filter((p) => !isGlobal(p));
  if (rest.length > 1) {
    d.policies = rest;
    return d;
  }
  const first = rest[0];
  const main = isObj(first)
    ? first
    : { algorithm: 'fixed-window', params: defaultParams('fixed-window') };
  d.algorithm = main.algorithm;
  d.params = main.params;
  delete d.policies;
  delete d.multiPolicy;
  return d;
}

/** How several policies are charged: `all-or-nothing` or `naive`. */
export function withMultiPolicy(s: ScenarioInput, mode: string): ScenarioInput {
  return { ...copyOf(s), multiPolicy: mode };
}

/** The placements the controls offer, in their order. */
export const PLACEMENTS = [
  'local',
  'shared',
  'shared-nonatomic',
  'shared-fallback',
  'sharded',
  'leased',
] as const;

/**
 * Another placement. Fields only some placements have go with them (shards and the cluster
 * for `sharded`, the lease for `leased`); a placement that needs them gets defaults.
 */
export function withPlacement(s: ScenarioInput, p: string): ScenarioInput {
  const d = copyOf(s);
  d.placement = p;
  if (p === 'sharded') d.shards ??= 4;
  else {
    delete d.shards;
    delete d.shardBudget;
    delete d.shardBy;
    if (isObj(d.store)) delete d.store.cluster;
  }
  if (p === 'leased') d.lease ??= { size: 5, ttlSeconds: 2 };
  else delete d.lease;
  return d;
}

/** How the load balancer routes requests that name no server. */
export function withRouting(s: ScenarioInput, routing: string): ScenarioInput {
  return { ...copyOf(s), routing };
}

/**
 * The store goes down from 30 % to 70 % of a run that ends at `end` (on; at least 10 ms, so a
 * run over at 0 s still gets an outage the engine takes), or never (off).
 */
export function withOutage(s: ScenarioInput, on: boolean, end: number): ScenarioInput {
  const from = within(end, 0.3);
  const to = Math.max(within(end, 0.7), +(from + 0.01).toFixed(2));
  return withField(s, ['store', 'outages'], on ? [{ from, to }] : undefined);
}

/** The local fallback's limit when the controls turn it on (each server on its own). */
export const DEFAULT_FALLBACK = {
  algorithm: 'token-bucket',
  params: { capacity: 2, refillPerSecond: 0.05 },
} as const;

/**
 * What the service does when the store fails. `local-fallback` needs a fallback limit (a
 * default one unless one is given); the others drop it unless the placement itself is
 * `shared-fallback`, which uses it.
 */
export function withFailureMode(s: ScenarioInput, mode: string): ScenarioInput {
  const d = copyOf(s);
  d.failureMode = mode;
  if (mode === 'local-fallback' && !d.fallback)
    d.fallback = structuredClone(DEFAULT_FALLBACK) as unknown as Obj;
  if (mode !== 'local-fallback' && d.placement !== 'shared-fallback') delete d.fallback;
  return d;
}

/** "Break it: add latency": read-then-write on a store 800 ms away. */
export function withBrokenStore(s: ScenarioInput): ScenarioInput {
  const d = withPlacement(s, 'shared-nonatomic');
  d.store = { ...(isObj(d.store) ? d.store : {}), latencySeconds: 0.8 };
  return d;
}
