// Validation of the production fields of a scenario (issue 15, docs/scenario.md): server
// clocks, the store's replica, failover, clock steps and cluster, sharding, leases, shadow
// mode and route classes. Every message names the field; every number has a bound (bounds.ts).
import { algorithmOf, registeredAlgorithms } from '../limiters/registry';
import { BOUNDS } from './bounds';
import { Ctx, isObj, list, type Obj } from './ctx';
import type {
  LeaseSpec,
  Placement,
  PolicySpec,
  ServerClock,
  ShardBudget,
  ShardBy,
  ShardSpec,
  StoreSpec,
} from './types';

const NAME = /^[A-Za-z0-9_-]{1,16}$/;
const ROUTE = /^[A-Za-z0-9_./:-]+$/;
const SERVER_NAMES = 'ABCDEFGH';

/** `servers` as a list: [{"name": "A", "clockOffsetSeconds": -2, "clockDriftPpm": 50}, ...]. */
export function serverList(c: Ctx, v: unknown[]): { names: string[]; clocks: ServerClock[] } {
  const names: string[] = [];
  const clocks: ServerClock[] = [];
  if (v.length < 1 || v.length > 8) c.err('servers must list from 1 to 8 servers');
  v.slice(0, 8).forEach((s: unknown, i) => {
    const p = `servers[${i}]`;
    if (!isObj(s)) return c.err(`${p} must be an object`);
    c.unknown(s, p, ['name', 'clockOffsetSeconds', 'clockDriftPpm']);
    const name = c.str(s, 'name', p, SERVER_NAMES[i]!);
    if (!NAME.test(name)) c.err(`${p}.name must be 1 to 16 letters, digits, "_" or "-"`);
    else if (names.includes(name)) c.err(`${p}.name "${name}" is used twice`);
    const offsetSeconds = c.signed(s, 'clockOffsetSeconds', p, BOUNDS.clockOffsetSeconds, 0);
    const driftPpm = c.signed(s, 'clockDriftPpm', p, BOUNDS.clockDriftPpm, 0);
    names.push(name);
    clocks.push({ offsetSeconds: offsetSeconds ?? 0, driftPpm: driftPpm ?? 0 });
  });
  return { names, clocks };
}

/** store.replica, store.failover, store.clockSteps, store.cluster (into `s`). */
export function storeExtras(c: Ctx, v: Obj, s: StoreSpec): void {
  if (v.replica !== undefined) {
    if (!isObj(v.replica)) c.err('store.replica must be an object');
    else {
      c.unknown(v.replica, 'store.replica', ['lagSeconds']);
      const lag = c.num(v.replica, 'lagSeconds', 'store.replica', 'ge0', 0, BOUNDS.lagSeconds);
      if (lag !== undefined) s.replica = { lagSeconds: lag };
    }
  }
  if (v.failover !== undefined) {
    if (!isObj(v.failover)) c.err('store.failover must be an object');
    else {
      const p = 'store.failover';
      c.unknown(v.failover, p, ['at', 'downSeconds']);
      const at = c.num(v.failover, 'at', p, 'ge0', undefined, BOUNDS.time);
      const down = c.num(v.failover, 'downSeconds', p, 'ge0', 0, BOUNDS.downSeconds);
      if (at !== undefined && down !== undefined) s.failover = { at, downSeconds: down };
    }
  }
  if (v.clockSteps !== undefined) {
    if (!Array.isArray(v.clockSteps)) c.err('store.clockSteps must be an array');
    else {
      if (v.clockSteps.length > BOUNDS.clockSteps)
        c.err(`store.clockSteps may have at most ${BOUNDS.clockSteps} steps`);
      const steps: { at: number; bySeconds: number }[] = [];
      v.clockSteps.slice(0, BOUNDS.clockSteps).forEach((st: unknown, i) => {
        const p = `store.clockSteps[${i}]`;
        if (!isObj(st)) return c.err(`${p} must be an object`);
        c.unknown(st, p, ['at', 'bySeconds']);
        const at = c.num(st, 'at', p, 'ge0', undefined, BOUNDS.time);
        if (st.bySeconds === undefined)
          c.err(
            `${p}.bySeconds is required and must be a finite number from -${BOUNDS.clockStepSeconds} to ${BOUNDS.clockStepSeconds}`,
          );
        const by = c.signed(st, 'bySeconds', p, BOUNDS.clockStepSeconds, 0);
        if (at !== undefined && by !== undefined && st.bySeconds !== undefined)
          steps.push({ at, bySeconds: by });
      });
      // Steps apply in time order (equal times in list order).
      s.clockSteps = steps
        .map((x, k) => ({ x, k }))
        .sort((a, b) => a.x.at - b.x.at || a.k - b.k)
        .map(({ x }) => x);
    }
  }
  if (v.cluster !== undefined) {
    if (!isObj(v.cluster)) c.err('store.cluster must be an object');
    else {
      c.unknown(v.cluster, 'store.cluster', ['nodes', 'hashTags']);
      const nodes = c.int(v.cluster, 'nodes', 'store.cluster', 1, BOUNDS.clusterNodes, 3);
      const hashTags = c.bool(v.cluster, 'hashTags', 'store.cluster', false);
      if (nodes !== undefined) s.cluster = { nodes, hashTags };
    }
  }
}

export function shardSpec(c: Ctx, input: Obj, placement: Placement): ShardSpec | undefined {
  const given = ['shards', 'shardBudget', 'shardBy'].filter((f) => input[f] !== undefined);
  if (placement !== 'sharded') {
    for (const f of given) c.err(`${f} needs placement "sharded"`);
    return undefined;
  }
  if (input.shards === undefined) {
    c.err(
      `shards is required by placement "sharded" and must be an integer from 1 to ${BOUNDS.shards}`,
    );
    return undefined;
  }
  const count = c.int(input, 'shards', '', 1, BOUNDS.shards);
  const budget = c.oneOf<ShardBudget>(input, 'shardBudget', '', ['split', 'copy'], 'split');
  const by = c.oneOf<ShardBy>(input, 'shardBy', '', ['random', 'key', 'server'], 'random');
  return count === undefined ? undefined : { count, budget, by };
}

export function leaseSpec(c: Ctx, input: Obj, placement: Placement): LeaseSpec | undefined {
  if (placement !== 'leased') {
    if (input.lease !== undefined) c.err('lease needs placement "leased"');
    return undefined;
  }
  if (!isObj(input.lease)) {
    c.err('lease is required by placement "leased" and must be {"size": k, "ttlSeconds": s}');
    return undefined;
  }
  c.unknown(input.lease, 'lease', ['size', 'ttlSeconds']);
  const size = c.num(input.lease, 'size', 'lease', 'gt0', undefined, BOUNDS.leaseSize);
  const ttl = c.num(input.lease, 'ttlSeconds', 'lease', 'gt0', undefined, BOUNDS.leaseTtlSeconds);
  return size === undefined || ttl === undefined ? undefined : { size, ttlSeconds: ttl };
}

/** A route class label (metrics label; never a key). */
export function route(c: Ctx, o: Obj, path: string): string | undefined {
  const v = o.route;
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || !ROUTE.test(v) || v.length > BOUNDS.routeLength) {
    c.err(
      `${path}.route must be 1 to ${BOUNDS.routeLength} letters, digits or "_./:-" (a route class such as "/search")`,
    );
    return undefined;
  }
  return v;
}

/** Rules across fields: which features need which placement, algorithm or partner field. */
export function crossCheck(
  c: Ctx,
  placement: Placement,
  policies: PolicySpec[],
  store: StoreSpec,
  shards: ShardSpec | undefined,
): void {
  const local = placement === 'local';
  const storeNeed = (f: string): void =>
    c.err(`${f} needs a shared store (placement "local" has none)`);
  if (local && store.replica) storeNeed('store.replica');
  if (local && store.failover) storeNeed('store.failover');
  if (local && store.clockSteps) storeNeed('store.clockSteps');
  if (local && store.cluster) storeNeed('store.cluster');
  if (store.failover && !store.replica)
    c.err('store.failover needs store.replica (the replica that is promoted)');
  if (store.failover && store.failover.at + store.failover.downSeconds > BOUNDS.time)
    c.err(`store.failover.at + store.failover.downSeconds must be at most ${BOUNDS.time}`);
  if (shards?.budget === 'split')
    policies.forEach((p, i) => {
      if (!algorithmOf(p.algorithm)?.budgetParams.length)
        c.err(
          `${policies.length > 1 || p.id !== 'main' ? `policies[${i}].` : ''}algorithm "${p.algorithm}" cannot be split over shards (the lab cannot divide a script's budget): use shardBudget "copy"`,
        );
    });
  if (placement === 'leased') {
    if (policies.length > 1) c.err('placement "leased" supports one policy');
    const p = policies[0];
    if (p && algorithmOf(p.algorithm)?.leasable !== true)
      c.err(
        `placement "leased" needs one of ${list(registeredAlgorithms().filter((a) => algorithmOf(a)?.leasable))} (tokens a server can hold)`,
      );
  }
}
