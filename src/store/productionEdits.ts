// What the production controls do to a scenario (docs/scenario.md, "The limiter in
// production"), as pure functions like scenarioEdits.ts: servers with their own clocks,
// shards and the cluster, the store's replica and failover, the time source and clock steps,
// shadow mode. The engine's validation judges every result.
import { isObj, type Obj } from '../core/util/isObj';
import type { ScenarioInput } from './labState';
import { copyOf, within } from './scenarioEdits';

/** Server names in order: servers are A to H. */
export const SERVER_LETTERS = 'ABCDEFGH';
export const MAX_SERVERS = 8;

/** The scenario's `store` object, made if missing (changes `d`). */
function storeOf(d: ScenarioInput): Obj {
  if (!isObj(d.store)) d.store = {};
  return d.store as Obj;
}

/** `servers: n` (or none: 2) as the list form, so one server can get its own clock. */
export function withServersAsList(s: ScenarioInput): ScenarioInput {
  if (Array.isArray(s.servers)) return s;
  const d = copyOf(s);
  const n = typeof d.servers === 'number' ? d.servers : 2;
  d.servers = Array.from({ length: Math.max(1, Math.min(MAX_SERVERS, n)) }, (_, k) => ({
    name: SERVER_LETTERS[k],
  }));
  return d;
}

/**
 * `n` servers in the list form: the last ones go, new ones take the first free letter (the
 * servers kept keep their names and clocks).
 */
export function withServerCount(s: ScenarioInput, n: number): ScenarioInput {
  const d = copyOf(withServersAsList(s));
  const l = d.servers as Obj[];
  while (l.length > n) l.pop();
  while (l.length < n) {
    const used = new Set(l.map((x) => x.name));
    l.push({ name: [...SERVER_LETTERS].find((c) => !used.has(c)) ?? `S${l.length}` });
  }
  return d;
}

/** A sharded budget per shard: `split` (1/n each) or `copy` (all of it each). */
export function withShardBudget(s: ScenarioInput, budget: string): ScenarioInput {
  return { ...copyOf(s), shardBudget: budget };
}

/** How a request picks its shard: `random`, `key` or `server`. */
export function withShardBy(s: ScenarioInput, by: string): ScenarioInput {
  return { ...copyOf(s), shardBy: by };
}

/** The store as a cluster (an empty `store.cluster`, defaults inside), before a field is set. */
export function withCluster(s: ScenarioInput): ScenarioInput {
  const d = copyOf(s);
  const st = storeOf(d);
  if (!isObj(st.cluster)) st.cluster = {};
  return d;
}

/** Hash tags on the cluster's keys (every shard of a key in one slot), on or off. */
export function withHashTags(s: ScenarioInput, on: boolean): ScenarioInput {
  const d = copyOf(s);
  const st = storeOf(d);
  st.cluster = { nodes: 3, ...(isObj(st.cluster) ? st.cluster : {}), hashTags: on };
  return d;
}

/** The store's replica (lag 500 ms), or none: without a replica there is no failover either. */
export function withReplica(s: ScenarioInput, on: boolean): ScenarioInput {
  const d = copyOf(s);
  const st = storeOf(d);
  if (on) st.replica = { lagSeconds: 0.5 };
  else {
    delete st.replica;
    delete st.failover;
  }
  return d;
}

/**
 * The primary fails 40 % into a run that ends at `end` and the replica is promoted a second
 * later (a replica is added if there is none); off, no failover (the replica stays).
 */
export function withFailover(s: ScenarioInput, on: boolean, end: number): ScenarioInput {
  const d = copyOf(s);
  const st = storeOf(d);
  if (on) {
    st.replica ??= { lagSeconds: 0.5 };
    st.failover = { at: within(end, 0.4), downSeconds: 1 };
  } else delete st.failover;
  return d;
}

/** Where the limiter takes now from: `store` (the default, left out) or `app`. */
export function withTimeSource(s: ScenarioInput, source: string): ScenarioInput {
  const d = copyOf(s);
  if (source === 'store') delete d.timeSource;
  else d.timeSource = source;
  return d;
}

/** The store's clock steps back 3 s 40 % into a run that ends at `end` (on), or never. */
export function withClockStep(s: ScenarioInput, on: boolean, end: number): ScenarioInput {
  const d = copyOf(s);
  const st = storeOf(d);
  if (on) st.clockSteps = [{ at: within(end, 0.4), bySeconds: -3 }];
  else delete st.clockSteps;
  return d;
}

/** Shadow mode: decide and record, deny nothing (`enforce: false`); off removes the field. */
export function withShadowMode(s: ScenarioInput, on: boolean): ScenarioInput {
  const d = copyOf(s);
  if (on) d.enforce = false;
  else delete d.enforce;
  return d;
}
