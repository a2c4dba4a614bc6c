// The browser's door to the lab server's real Redis Cluster for the sharded scene
// (POST /api/real/cluster, src/server/real/clusterScene.ts). Nothing is requested until the
// learner presses the button; with no lab server, no route or no cluster configured the answer
// says how to start the lab server with one. It never throws.
import type { ClusterSceneResult } from '../core/production/clusterRunPlan';
import { HOW_TO_CONNECT, post, type RealAnswer } from './realRedis';

export type { ClusterSceneResult };

export const HOW_TO_CONNECT_CLUSTER =
  'No Redis Cluster answers here. Start the lab server with one: REDIS_CLUSTER_URL=redis://127.0.0.1:7000,127.0.0.1:7001,127.0.0.1:7002 npm start (any of its masters as seed nodes).';

/** The sharded scene's keys on the lab server's cluster, beside the model. */
export async function realClusterScene(
  body: { keys: string[]; nodes: number; multiKey: string[] | null },
  fetchImpl: typeof fetch = fetch,
): Promise<RealAnswer<ClusterSceneResult>> {
  const r = await post(
    'cluster',
    body,
    (j) =>
      Array.isArray((j.result as Partial<ClusterSceneResult> | undefined)?.keys)
        ? (j.result as ClusterSceneResult)
        : undefined,
    fetchImpl,
  );
  return !r.ok && r.message === HOW_TO_CONNECT ? { ok: false, message: HOW_TO_CONNECT_CLUSTER } : r;
}
