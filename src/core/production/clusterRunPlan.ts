// What the lab's sharded scene asks a real Redis Cluster (the lab server's POST
// /api/real/cluster): the scene's shard keys, how many primaries its model has, and, when one
// request charges several policies in one atomic call (all-or-nothing), the keys of that call
// for the first request that reached the store; and what the server answers. Pure: it only
// reads the run.
import { engineOf, type LabRun } from '../lab/labRun';
import type { EngineRun } from '../lab/run';
import type { Difference } from '../redis/compare';
import type { JsonReply } from '../redis/reply';
import { policyKey } from './overage';
import { shardsReport } from './report';
import { placeKey, shardKeyName } from './shards';

export interface ClusterRunPlan {
  /** The scene's shard keys (the busiest 64), as Redis would hold them. */
  keys: string[];
  /** The scene's cluster: its primaries and whether its keys carry hash tags. */
  nodes: number;
  hashTags: boolean;
  /** The keys one request charges at once (all-or-nothing with 2+ policies), or null. */
  multiKey: string[] | null;
  /** That request's index. */
  multiKeyRequest: number | null;
  /** Where the model puts each key: its slot and node. */
  model: Record<string, { slot: number; node: number }>;
}

/** One key on a real cluster beside the model. */
export interface KeyPlacement {
  key: string;
  /** The key's name on the server (under the run's prefix; its slot kept). */
  realKey: string;
  model: { slot: number; node: number };
  /** node: the master's number (-1: none held the key); address: its host:port. */
  real: { slot: number; node: number; address: string };
  agree: boolean;
}

/** The lab server's answer to the plan (POST /api/real/cluster). */
export interface ClusterSceneResult {
  /** The cluster's masters in slot order, each with its slot ranges ("0–5460"). */
  cluster: { label: string; masters: { node: number; address: string; slots: string }[] };
  modelNodes: number;
  keys: KeyPlacement[];
  /** The multi-key step on the model and on the cluster (error: why it was not sent). */
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

export function clusterRunPlan(run: EngineRun): ClusterRunPlan | null {
  const rep = shardsReport(run);
  const col = run.production.shard;
  if (!rep || !col) return null;
  const { nodes, hashTags } = rep.cluster;
  const keys = rep.keys.map((k) => k.key);
  let multiKey: string[] | null = null;
  let multiKeyRequest: number | null = null;
  if (run.policies.length > 1 && run.scenario.multiPolicy !== 'naive') {
    for (let i = 0; i < run.requests.n; i++) {
      if (Number.isNaN(run.events.storeArrive[i]!)) continue;
      multiKey = run.policies.map((p) =>
        shardKeyName(p.id, run.scenario.multiPolicyGiven, policyKey(run, i, p), col[i]!, hashTags),
      );
      multiKeyRequest = i;
      break;
    }
  }
  const model: ClusterRunPlan['model'] = {};
  for (const k of new Set([...keys, ...(multiKey ?? [])])) model[k] = placeKey(k, nodes);
  return { keys, nodes, hashTags, multiKey, multiKeyRequest, model };
}

export const clusterRunPlanOfRun = (run: LabRun): ClusterRunPlan | null =>
  clusterRunPlan(engineOf(run));
