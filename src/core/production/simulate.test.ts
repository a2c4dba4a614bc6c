import { describe, expect, it } from 'vitest';
import { simulate } from '../simulate';

const fw = { algorithm: 'fixed-window', params: { limit: 3, windowSeconds: 60 } };
const route = ['A', 'B', 'A', 'B', 'A'].map((server, k) => ({ at: k, server, key: 'client-1' }));
const OLD_DECISION_KEYS = [
  'allowed',
  'outcome',
  'retryAfterSeconds',
  'remaining',
  'delaySeconds',
  'error',
];
const OLD_TOP_KEYS = ['decisions', 'allowed', 'denied', 'unavailable', 'bypass'];

describe('simulate: production fields appear only when the scenario uses them', () => {
  it('the worked example still admits 5 (local) and 3 (shared), with the old fields only', () => {
    const local = simulate({ ...fw, placement: 'local', requests: route });
    const shared = simulate({ ...fw, placement: 'shared', requests: route });
    expect([local.allowed, shared.allowed]).toEqual([5, 3]);
    for (const r of [local, shared]) {
      expect(Object.keys(r).every((k) => OLD_TOP_KEYS.includes(k))).toBe(true);
      for (const d of r.decisions)
        expect(Object.keys(d).every((k) => OLD_DECISION_KEYS.includes(k))).toBe(true);
    }
  });

  it.each([
    [{ enforce: false }, 'wouldDeny', 'shadow'],
    [{ placement: 'sharded', shards: 2 }, 'shard', 'shards'],
    [{ placement: 'leased', lease: { size: 2, ttlSeconds: 5 } }, 'leased', 'leases'],
    [{ servers: [{ name: 'A', clockOffsetSeconds: 1 }, { name: 'B' }] }, 'now', 'clocks'],
    [{ store: { clockSteps: [{ at: 2, bySeconds: -1 }] } }, 'now', 'clocks'],
    [
      { store: { replica: { lagSeconds: 1.5 }, failover: { at: 3 } } },
      'lostAtPromotion',
      'failover',
    ],
  ])('%j adds %s to decisions and %s to the result', (extra, field, top) => {
    const r = simulate({ ...fw, ...extra, requests: route });
    expect(r.decisions.some((d) => field in d)).toBe(true);
    expect(r).toHaveProperty(top);
    const plain = simulate({ ...fw, requests: route });
    expect(plain.decisions.some((d) => field in d)).toBe(false);
    expect(plain).not.toHaveProperty(top);
  });

  it('with shards, leases or a failover the result reports each policy overage', () => {
    const sharded = { placement: 'sharded', shards: 2, shardBudget: 'copy', shardBy: 'server' };
    const r = simulate({ ...fw, ...sharded, requests: route });
    expect(r.decisions.map((d) => d.shard)).toEqual([0, 1, 0, 1, 0]);
    expect(r.allowed).toBe(5);
    expect(r.overage).toEqual([
      expect.objectContaining({ policy: 'main', overage: 2, key: 'client-1' }),
    ]);
  });
});
