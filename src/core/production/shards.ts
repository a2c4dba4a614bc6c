// Where sharded keys live in a Redis Cluster: hash slots and nodes, for the cluster view and
// the report. The shard keys themselves are the engine's (lab/engine/shards.ts); with hash
// tags every shard of a key shares one slot.
import { keySlot, SLOTS } from '../redis/slot';

export { shardKeyName, shardLimiterSpec } from '../lab/engine/shards';

/**
 * The first slot of each node when `redis-cli --cluster create` spreads 16384 slots over
 * `nodes` primaries (redis-cli.c: contiguous ranges, each ending at lround(cursor + per - 1);
 * for 3 nodes 0-5460, 5461-10922, 10923-16383).
 */
export function slotRanges(nodes: number): { first: number; last: number }[] {
  const per = SLOTS / nodes;
  const out: { first: number; last: number }[] = [];
  let first = 0;
  let cursor = 0;
  for (let j = 0; j < nodes; j++) {
    let last = Math.round(cursor + per - 1);
    if (last > SLOTS || j === nodes - 1) last = SLOTS - 1;
    if (last < first) last = first;
    out.push({ first, last });
    first = last + 1;
    cursor += per;
  }
  return out;
}

/** Which cluster node (0-based) serves a hash slot. */
export function nodeOfSlot(slot: number, nodes: number): number {
  const r = slotRanges(nodes);
  for (let j = 0; j < r.length; j++) if (slot <= r[j]!.last) return j;
  return nodes - 1;
}

export interface ClusterPlacement {
  slot: number;
  node: number;
}

export function placeKey(key: string, nodes: number): ClusterPlacement {
  const slot = keySlot(key);
  return { slot, node: nodeOfSlot(slot, nodes) };
}
