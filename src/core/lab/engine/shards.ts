// Sharded keys (placement "sharded", docs/scenario.md): a policy's key is split into n
// shard keys, each request charging one of them. "split" gives each shard 1/n of the
// budget (an uneven spread denies early); "copy" gives each the whole budget (the total can
// reach n times it). Key names are what Redis would hold, so the cluster view
// (production/shards.ts) can place each on its hash slot and node.
import { algorithmOf } from '../../limiters/registry';
import type { LimiterSpec, PolicySpec, Scenario } from '../../scenario/types';

/** The Redis key of shard s of a policy's key. */
export function shardKeyName(
  policy: string,
  multiPolicy: boolean,
  base: string,
  shard: number,
  hashTags: boolean,
): string {
  const prefix = multiPolicy ? `rl:${policy}:` : 'rl:';
  return hashTags ? `${prefix}{${base}}:${shard}` : `${prefix}${base}:${shard}`;
}

/** The limiter each shard runs: the policy's own, or with its budget divided by n. */
export function shardLimiterSpec(p: PolicySpec, n: number, split: boolean): LimiterSpec {
  if (!split || n === 1) return { algorithm: p.algorithm, params: p.params };
  const params = { ...p.params };
  for (const k of algorithmOf(p.algorithm)?.budgetParams ?? [])
    if (typeof params[k] === 'number') params[k] = (params[k] as number) / n;
  return { algorithm: p.algorithm, params };
}

/** Names of the shard keys of one base key, cached per policy (no string work per request). */
export class ShardNames {
  private readonly cache: Map<string, string[]>[];
  constructor(
    private readonly sc: Scenario,
    private readonly n: number,
    private readonly hashTags: boolean,
  ) {
    this.cache = sc.policies.map(() => new Map());
  }
  name(pi: number, base: string, shard: number): string {
    const m = this.cache[pi]!;
    let names = m.get(base);
    if (!names) m.set(base, (names = new Array<string>(this.n)));
    let name = names[shard];
    if (name === undefined) {
      const p = this.sc.policies[pi]!;
      name = names[shard] = shardKeyName(
        p.id,
        this.sc.multiPolicyGiven,
        base,
        shard,
        this.hashTags,
      );
    }
    return name;
  }
}
