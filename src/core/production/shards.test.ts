import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keySlot } from '../redis/slot';
import { parseScenario } from '../scenario/validate';
import { simulate } from '../simulate';
import { nodeOfSlot, shardKeyName, shardLimiterSpec, slotRanges } from './shards';

const fwGlobal = (limit: number, windowSeconds = 1) => ({
  policies: [
    { id: 'api', algorithm: 'fixed-window', params: { limit, windowSeconds }, scope: 'global' },
  ],
});

describe('sharded keys', () => {
  it('split gives each shard 1/n of the budget (rates too); copy gives each the whole', () => {
    const p = parseScenario({
      algorithm: 'token-bucket',
      params: { capacity: 100, refillPerSecond: 40 },
      requests: [],
    }).policies[0]!;
    expect(shardLimiterSpec(p, 4, true).params).toEqual({ capacity: 25, refillPerSecond: 10 });
    expect(shardLimiterSpec(p, 4, false).params).toEqual(p.params);
  });

  it('names shard keys as Redis would hold them; hash tags keep a key on one slot', () => {
    expect(shardKeyName('main', false, 'tenant-0', 3, false)).toBe('rl:tenant-0:3');
    expect(shardKeyName('api', true, 'tenant-0', 3, true)).toBe('rl:api:{tenant-0}:3');
    const tagged = [0, 1, 2, 3].map((s) => keySlot(shardKeyName('m', false, 'big', s, true)));
    expect(new Set(tagged).size).toBe(1);
    expect(tagged[0]).toBe(keySlot('big'));
    expect(nodeOfSlot(0, 3)).toBe(0);
    expect(nodeOfSlot(16383, 3)).toBe(2);
    expect(nodeOfSlot(5460, 3)).toBe(0);
    expect(nodeOfSlot(5461, 3)).toBe(1);
    expect(nodeOfSlot(10922, 3)).toBe(1);
    expect(nodeOfSlot(10923, 3)).toBe(2);
    expect(slotRanges(3)).toEqual([
      { first: 0, last: 5460 },
      { first: 5461, last: 10922 },
      { first: 10923, last: 16383 },
    ]);
  });

  it('copy: the total reaches n times the budget (hand-checked)', () => {
    const r = simulate({
      ...fwGlobal(100),
      placement: 'sharded',
      shards: 4,
      shardBudget: 'copy',
      traffic: [{ pattern: 'steady', ratePerSecond: 1000, from: 0, to: 1 }],
    });
    expect(r.allowed).toBe(400);
    expect(r.overage![0]).toMatchObject({ overage: 300, ratio: 3, key: 'global' });
  });

  it('split: an uneven spread denies early (one big client on one shard)', () => {
    // shardBy key: every request of "big" charges the same shard, which holds 25 of 100.
    const r = simulate({
      ...fwGlobal(100, 10),
      placement: 'sharded',
      shards: 4,
      shardBy: 'key',
      traffic: [
        { pattern: 'steady', ratePerSecond: 80, from: 0, to: 1, key: 'big' },
        { pattern: 'steady', ratePerSecond: 4, from: 0, to: 1, key: 'small' },
      ],
    });
    const shardOfBig = r.decisions[0]!.shard!;
    const big = r.decisions.slice(0, 80);
    expect(big.every((d) => d.shard === shardOfBig)).toBe(true);
    expect(big.filter((d) => d.allowed).length).toBe(25);
    expect(r.allowed).toBeLessThan(84); // the budget (100) was never used up
  });

  it('reports per-shard load and which node each shard lives on', () => {
    const sc = {
      ...fwGlobal(1000),
      placement: 'sharded',
      shards: 8,
      traffic: [{ pattern: 'steady', ratePerSecond: 400, from: 0, to: 1 }],
    };
    const plain = simulate({ ...sc, store: { cluster: { nodes: 3, hashTags: false } } }).shards!;
    expect(plain.keys.length).toBe(8);
    expect(plain.keys.reduce((a, k) => a + k.requests, 0)).toBe(400);
    for (const k of plain.keys) {
      expect(k.slot).toBe(keySlot(k.key));
      expect(k.node).toBe(nodeOfSlot(k.slot, 3));
    }
    expect(plain.nodes.filter((n) => n.requests > 0).length).toBeGreaterThan(1);
    // Hash tags put every shard of the hot key on one node: the spread buys nothing there.
    const tagged = simulate({ ...sc, store: { cluster: { nodes: 3, hashTags: true } } }).shards!;
    expect(tagged.nodes.filter((n) => n.requests > 0)).toEqual([
      { node: nodeOfSlot(keySlot('global'), 3), requests: 400, share: 1 },
    ]);
  });

  it('split shards never admit more than the budget (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 16 }),
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 1, max: 500 }),
        fc.constantFrom('random', 'key', 'server'),
        fc.constantFrom('fixed-window', 'sliding-log', 'token-bucket', 'gcra'),
        fc.integer({ min: 0, max: 10000 }),
        (shards, limit, rate, by, algorithm, seed) => {
          const params =
            algorithm === 'token-bucket'
              ? { capacity: limit, refillPerSecond: limit / 2 }
              : algorithm === 'gcra'
                ? { ratePerSecond: limit / 2, burst: limit }
                : { limit, windowSeconds: 2 };
          const r = simulate({
            policies: [{ id: 'g', algorithm, params, scope: 'global' }],
            placement: 'sharded',
            shards,
            shardBy: by,
            seed,
            servers: 3,
            routing: 'random',
            traffic: [
              { pattern: 'poisson', ratePerSecond: rate, from: 0, to: 6, key: 'a' },
              { pattern: 'poisson', ratePerSecond: rate / 3, from: 0, to: 6, key: 'b' },
            ],
          });
          expect(r.overage![0]!.overage).toBe(0);
        },
      ),
      { numRuns: 60 },
    );
  });
});
