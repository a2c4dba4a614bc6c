// The lab screen's sharded scene on a real Redis Cluster: the scene's shard keys are written
// (under the run's prefix, hash tags kept, each with a 60 s expiry) and each is looked for on
// every master, so the node shown is the one that holds it, beside the node and slot the model
// predicted. A scene whose one request charges several policies at once (all-or-nothing) also
// sends that multi-key step as one script, on the model and on the cluster: CROSSSLOT unless
// every key is in one slot. Every key written is deleted at the end.
import { parseRedisCase } from '../../cli/redisVerb';
import type {
  ClusterSceneResult as SceneRunResult,
  KeyPlacement,
} from '../../core/production/clusterRunPlan';
import { keySlot } from '../../core/redis/slot';
import { placement } from './cluster';
import { RealRunError, runRealCases } from './redisRunner';
import { newPrefix, prefixKey } from './safety';
import { RealStore } from './store';
import type { RealTarget } from './target';

export const MAX_SCENE_KEYS = 64;
export const MAX_MULTI_KEYS = 16;

export type { SceneRunResult };

export interface SceneRunInput {
  /** The scene's shard keys (the lab's names). */
  keys: string[];
  /** How many primaries the scene's model has (store.cluster.nodes). */
  nodes: number;
  /** The keys one request charges in one atomic call, or null when the scene has no such step. */
  multiKey: string[] | null;
}

/** One request's all-or-nothing charge of several keys, as a single script. */
export const MULTI_KEY_SCRIPT = "for i = 1, #KEYS do redis.call('INCR', KEYS[i]) end return #KEYS";

const isKey = (k: unknown): k is string => typeof k === 'string' && k !== '' && k.length <= 512;

/** The request body checked; every problem named by its field. */
export function parseSceneRun(
  body: unknown,
): { ok: true; input: SceneRunInput } | { ok: false; errors: string[] } {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return { ok: false, errors: ['the body must be a JSON object: {keys, nodes, multiKey}'] };
  const errors: string[] = [];
  const { keys, nodes, multiKey } = body as Record<string, unknown>;
  if (
    !Array.isArray(keys) ||
    keys.length === 0 ||
    keys.length > MAX_SCENE_KEYS ||
    !keys.every(isKey)
  )
    errors.push(
      `keys must be an array of 1 to ${MAX_SCENE_KEYS} key names (strings of 1 to 512 characters)`,
    );
  if (typeof nodes !== 'number' || !Number.isInteger(nodes) || nodes < 1 || nodes > 16)
    errors.push(
      `nodes must be a whole number from 1 to 16 (the scene's store.cluster.nodes), got ${JSON.stringify(nodes)}`,
    );
  if (
    multiKey !== undefined &&
    multiKey !== null &&
    (!Array.isArray(multiKey) ||
      multiKey.length < 2 ||
      multiKey.length > MAX_MULTI_KEYS ||
      !multiKey.every(isKey))
  )
    errors.push(`multiKey must be null or an array of 2 to ${MAX_MULTI_KEYS} key names`);
  if (errors.length) return { ok: false, errors };
  return {
    ok: true,
    input: {
      keys: [...new Set(keys as string[])],
      nodes: nodes as number,
      multiKey: Array.isArray(multiKey) ? (multiKey as string[]) : null,
    },
  };
}

const rangeText = (ranges: [number, number][]): string =>
  ranges.map(([a, b]) => (a === b ? String(a) : `${a}–${b}`)).join(', ');

/** Write each key, find the master that holds it, and ask the cluster for its slot. */
async function placeOnCluster(
  store: RealStore,
  input: SceneRunInput,
  prefix: string,
  order: string[],
): Promise<KeyPlacement[]> {
  const out: KeyPlacement[] = [];
  for (const key of input.keys) {
    const realKey = prefixKey(prefix, key);
    const set = await store.send(['SET', realKey, '1', 'PX', '60000'], realKey);
    if (set.t === 'err') throw new RealRunError(`SET ${realKey} failed on the cluster: ${set.v}`);
    let address = '';
    for (const m of order) {
      const r = await store.sendTo(m, ['EXISTS', realKey]);
      if (r.t === 'int' && r.v === 1n) address = m;
    }
    out.push(
      await placement(store, key, realKey, input.nodes, { node: order.indexOf(address), address }),
    );
  }
  return out;
}

async function multiKeyStep(
  target: RealTarget,
  keys: string[],
  prefixBase: string | undefined,
): Promise<NonNullable<SceneRunResult['multiKey']>> {
  const command = ['EVAL', MULTI_KEY_SCRIPT, String(keys.length), ...keys];
  const slots = keys.map((k) => keySlot(k));
  const c = parseRedisCase(
    { name: 'multi-key step', cluster: true, steps: [{ cmd: command }] },
    'multiKey',
  );
  const [r] = await runRealCases([c], { target, ...(prefixBase ? { prefixBase } : {}) });
  if (!r || 'error' in r)
    return {
      keys,
      command,
      slots,
      model: null,
      real: null,
      differences: [],
      error: r?.error ?? 'not run',
    };
  const step = r.steps[0]!;
  return {
    keys,
    command,
    slots,
    model: step.model.reply,
    real: step.real.reply,
    differences: step.differences.filter((d) => d.where === 'reply'),
  };
}

/** The scene's keys on a real cluster beside the model; nothing outside the run's prefix is touched. */
export async function runSceneOnCluster(
  target: RealTarget,
  input: SceneRunInput,
  prefixBase?: string,
): Promise<SceneRunResult> {
  if (target.kind !== 'cluster')
    throw new Error(
      `${target.label} is one server, not a cluster (start the lab server with REDIS_CLUSTER_URL)`,
    );
  const prefix = newPrefix(prefixBase);
  const store = await RealStore.open(target);
  try {
    const masters = store.mastersBySlot();
    const order = masters.map((m) => m.address);
    let keys: KeyPlacement[];
    try {
      keys = await placeOnCluster(store, input, prefix, order);
    } finally {
      await store.cleanup(prefix).catch(() => 0);
    }
    const multiKey = input.multiKey ? await multiKeyStep(target, input.multiKey, prefixBase) : null;
    return {
      cluster: {
        label: target.label,
        masters: masters.map((m, node) => ({
          node,
          address: m.address,
          slots: rangeText(m.ranges),
        })),
      },
      modelNodes: input.nodes,
      keys,
      multiKey,
    };
  } finally {
    await store.close();
  }
}
