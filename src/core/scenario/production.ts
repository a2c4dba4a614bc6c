// Validation of the production fields of a scenario (issue 15, docs/scenario.md): sharding,
// leases, route classes, and the rules across fields (which feature needs which placement or
// partner). Clocks are in clocks.ts, the store's replica, failover and cluster in store.ts.
// Every message names the field; every number has a bound (bounds.ts).
import { algorithmOf, registeredAlgorithms } from '../limiters/registry';
import { BOUNDS } from './bounds';
import { Ctx, isObj, list, type Obj } from './ctx';
import type {
  LeaseSpec,
  Placement,
  PolicySpec,
  ShardBudget,
  ShardBy,
  ShardSpec,
  StoreSpec,
} from './types';

const ROUTE = /^[A-Za-z0-9_./:-]+$/;

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
