// Where keys live on a real Redis Cluster next to where the model puts them: the model's CRC16
// slot and node (core/production/shards: redis-cli --cluster create's contiguous ranges, node j
// being the j-th address given) against the server's CLUSTER KEYSLOT and the master that owns
// the slot in ioredis's view of the cluster.
import { nodeOfSlot } from '../../core/production/shards';
import { keySlot } from '../../core/redis/slot';
import type { KeyPlacement } from '../../core/production/clusterRunPlan';
import { prefixKey } from './safety';
import { RealStore } from './store';
import type { RealTarget } from './target';

export type { KeyPlacement };

/**
 * One key's placement: its slot by CLUSTER KEYSLOT, beside the model's slot and node on a
 * cluster of `modelNodes` primaries; `real` says which master holds it.
 */
export async function placement(
  store: RealStore,
  key: string,
  realKey: string,
  modelNodes: number,
  real: { node: number; address: string },
): Promise<KeyPlacement> {
  const r = await store.send(['CLUSTER', 'KEYSLOT', realKey], realKey);
  const slot = r.t === 'int' ? Number(r.v) : -1;
  const model = { slot: keySlot(key), node: nodeOfSlot(keySlot(key), modelNodes) };
  return {
    key,
    realKey,
    model,
    real: { slot, ...real },
    agree: model.slot === slot && model.node === real.node,
  };
}

/**
 * Each key's slot and node, by the model and by the real cluster. Reads only (CLUSTER
 * KEYSLOT); `prefix` is the run's, so keys are named as the lab writes them.
 */
export async function clusterPlacement(
  target: RealTarget,
  keys: readonly string[],
  prefix: string,
): Promise<KeyPlacement[]> {
  if (target.kind !== 'cluster')
    throw new Error(`${target.label} is one server, not a cluster (use redis+cluster://)`);
  const store = await RealStore.open(target);
  const names = target.nodes.map((n) => `${n.host}:${n.port}`);
  try {
    const out: KeyPlacement[] = [];
    for (const key of keys) {
      const realKey = prefixKey(prefix, key);
      const address = store.nodeOf(realKey);
      out.push(
        await placement(store, key, realKey, target.nodes.length, {
          node: names.indexOf(address),
          address,
        }),
      );
    }
    return out;
  } finally {
    await store.close();
  }
}
