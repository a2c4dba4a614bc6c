// The browser's door to the lab server's real Redis Cluster for the sharded scene
// (POST /api/real/cluster, src/server/real/clusterScene.ts). Nothing is requested until the
// learner presses the button; with no lab server, no route or no cluster configured the answer
// says how to start the lab server with one. It never throws.
import type { Difference } from '../core/redis/compare';
import type { JsonReply } from '../core/redis/reply';
import { HOW_TO_CONNECT, post, type RealAnswer } from './realRedis';

export const HOW_TO_CONNECT_CLUSTER =
  'No Redis Cluster answers here. Start the lab server with one: REDIS_CLUSTER_URL=redis://127.0.0.1:7000,127.0.0.1:7001,127.0.0.1:7002 npm start (any of its masters as seed nodes).';

export interface ClusterSceneKey {
  key: string;
  realKey: string;
  model: { slot: number; node: number };
  real: { slot: number; node: number; address: string };
  agree: boolean;
}

export interface ClusterSceneResult {
  cluster: { label: string; masters: { node: number; address: string; slots: string }[] };
  modelNodes: number;
  keys: ClusterSceneKey[];
  multiKey: {
    keys: string[];
    command: string[];
    slots: number[];
    model: JsonReply | null;
    real: JsonReply | null;
    differences: Difference[];
    error?: string;
  } | null;
}

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The sharded scene's keys on the lab server's cluster, beside the model. */
export async function realClusterScene(
  body: { keys: string[]; nodes: number; multiKey: string[] | null },
  fetchImpl: typeof fetch = fetch,
): Promise<RealAnswer<ClusterSceneResult>> {
  const r = await post(
    'cluster',
    body,
    (j) =>
      isObj(j.result) && Array.isArray(j.result.keys) && isObj(j.result.cluster)
        ? (j.result as unknown as ClusterSceneResult)
        : undefined,
    fetchImpl,
  );
  return !r.ok && r.message === HOW_TO_CONNECT ? { ok: false, message: HOW_TO_CONNECT_CLUSTER } : r;
}
