import { describe, expect, it } from 'vitest';
import { labRun } from '../lab/labRun';
import { keySlot } from '../redis/slot';
import { parseScenario } from '../scenario/validate';
import { clusterRunPlan } from './clusterRunPlan';
import { nodeOfSlot } from './shards';

const run = (sc: unknown) => labRun(parseScenario(sc), { seekable: false }).engine;

const TWO_POLICIES = {
  policies: [
    {
      id: 'per-second',
      algorithm: 'fixed-window',
      params: { limit: 5, windowSeconds: 1 },
      scope: 'key',
    },
    {
      id: 'per-minute',
      algorithm: 'fixed-window',
      params: { limit: 50, windowSeconds: 60 },
      scope: 'key',
    },
  ],
  traffic: [{ pattern: 'steady', ratePerSecond: 4, from: 0, to: 3 }],
  placement: 'sharded',
  shards: 4,
};

describe('clusterRunPlan', () => {
  it('is null for a scene that is not sharded', () => {
    expect(
      clusterRunPlan(
        run({
          algorithm: 'fixed-window',
          params: { limit: 3, windowSeconds: 60 },
          requests: [{ at: 0 }],
        }),
      ),
    ).toBeNull();
  });

  it("lists the scene's shard keys with the model's slot and node, and no multi-key step for one policy", () => {
    const p = clusterRunPlan(
      run({
        algorithm: 'fixed-window',
        params: { limit: 30, windowSeconds: 10 },
        traffic: [{ pattern: 'steady', ratePerSecond: 10, from: 0, to: 10 }],
        placement: 'sharded',
        shards: 4,
        store: { cluster: { nodes: 5, hashTags: false } },
      }),
    )!;
    expect(p.nodes).toBe(5);
    expect(p.hashTags).toBe(false);
    expect([...p.keys].sort()).toEqual(
      [0, 1, 2, 3].map((s) => expect.stringMatching(new RegExp(`^rl:.+:${s}$`))),
    );
    for (const k of p.keys)
      expect(p.model[k]).toEqual({ slot: keySlot(k), node: nodeOfSlot(keySlot(k), 5) });
    expect(p.multiKey).toBeNull();
  });

  it("two policies, all-or-nothing: the first request's keys of both policies, on one shard", () => {
    const p = clusterRunPlan(run(TWO_POLICIES))!;
    expect(p.multiKeyRequest).toBe(0);
    expect(p.multiKey).toHaveLength(2);
    const [a, b] = p.multiKey!;
    expect(a).toMatch(/^rl:per-second:.+:\d$/);
    expect(b).toBe(a!.replace('per-second', 'per-minute'));
    // Without hash tags the two keys are in different slots (CROSSSLOT on a cluster) ...
    expect(keySlot(a!)).not.toBe(keySlot(b!));
    // ... with them, in one.
    const tagged = clusterRunPlan(
      run({ ...TWO_POLICIES, store: { cluster: { nodes: 3, hashTags: true } } }),
    )!;
    const [x, y] = tagged.multiKey!;
    expect(x).toMatch(/^rl:per-second:\{.+\}:\d$/);
    expect(keySlot(x!)).toBe(keySlot(y!));
  });

  it('naive multi-policy charges each policy on its own: no multi-key step', () => {
    expect(clusterRunPlan(run({ ...TWO_POLICIES, multiPolicy: 'naive' }))!.multiKey).toBeNull();
  });
});
