import { describe, expect, it } from 'vitest';
import { getLimiterFactory, registerLimiter, unregisterLimiter } from '../limiters/registry';
import { validateScenario } from './validate';

const base = {
  algorithm: 'token-bucket',
  params: { capacity: 3, refillPerSecond: 1 },
  requests: [{ at: 0 }],
};
const errorsOf = (s: unknown): string[] => {
  const r = validateScenario(s);
  return r.ok ? [] : r.errors;
};
const ok = (s: unknown) => {
  const r = validateScenario(s);
  if (!r.ok) throw new Error(r.errors.join('\n'));
  return r.scenario;
};

describe('production fields', () => {
  it('an older scenario validates to the same object (no production fields appear)', () => {
    const s = ok(base);
    for (const k of ['serverClocks', 'timeSource', 'shards', 'lease', 'enforce'])
      expect(s).not.toHaveProperty(k);
    expect(Object.keys(s.store)).toEqual([
      'latencySeconds',
      'timeoutSeconds',
      'outages',
      'latencySpikes',
    ]);
    expect(s.policies[0]).not.toHaveProperty('enforce');
  });
  it('servers as a list with clocks', () => {
    const s = ok({
      ...base,
      servers: [{ name: 'A', clockOffsetSeconds: -2, clockDriftPpm: 50 }, { name: 'B' }],
      timeSource: 'app',
    });
    expect(s.servers).toEqual(['A', 'B']);
    expect(s.serverClocks).toEqual([
      { offsetSeconds: -2, driftPpm: 50 },
      { offsetSeconds: 0, driftPpm: 0 },
    ]);
    expect(s.timeSource).toBe('app');
    // names default to A, B, ...; clocks that all read true time are left out
    const t = ok({ ...base, servers: [{}, {}, {}] });
    expect(t.servers).toEqual(['A', 'B', 'C']);
    expect(t.serverClocks).toBeUndefined();
  });
  it('store clock steps are sorted by time', () => {
    const s = ok({
      ...base,
      store: {
        clockSteps: [
          { at: 5, bySeconds: 2 },
          { at: 1, bySeconds: -3 },
        ],
      },
    });
    expect(s.store.clockSteps).toEqual([
      { at: 1, bySeconds: -3 },
      { at: 5, bySeconds: 2 },
    ]);
  });
  it.each([
    [{ servers: [] }, 'servers must list from 1 to 8 servers'],
    [{ servers: [{ name: 'A' }, { name: 'A' }] }, 'servers[1].name "A" is used twice'],
    [{ servers: [{ name: 'a b' }] }, 'servers[0].name must be 1 to 16 letters'],
    [{ servers: [{ name: 'A', clock: 1 }] }, 'servers[0].clock is not a known field'],
    [{ servers: [{ clockOffsetSeconds: '2' }] }, 'servers[0].clockOffsetSeconds must be a finite'],
    [{ timeSource: 'ntp' }, 'timeSource must be one of "store", "app"'],
    [{ store: { replica: {}, failover: {} } }, 'store.failover.at is required'],
    [{ store: { failover: { at: 1 } } }, 'store.failover needs store.replica'],
    [{ store: { replica: { lag: 1 } } }, 'store.replica.lag is not a known field'],
    [
      { placement: 'local', store: { replica: { lagSeconds: 1 } } },
      'store.replica needs a shared store (placement "local" has none)',
    ],
    [
      { placement: 'local', store: { clockSteps: [{ at: 1, bySeconds: 1 }] } },
      'store.clockSteps needs a shared store',
    ],
    [{ store: { clockSteps: [{ at: 1 }] } }, 'store.clockSteps[0].bySeconds is required'],
    [{ shards: 4 }, 'shards needs placement "sharded"'],
    [{ placement: 'sharded' }, 'shards is required by placement "sharded"'],
    [{ placement: 'sharded', shards: 2, shardBudget: 'half' }, 'shardBudget must be one of'],
    [{ placement: 'sharded', shards: 2, shardBy: 'tenant' }, 'shardBy must be one of'],
    [{ lease: { size: 1, ttlSeconds: 1 } }, 'lease needs placement "leased"'],
    [{ placement: 'leased' }, 'lease is required by placement "leased"'],
    [
      { placement: 'leased', lease: { size: 0, ttlSeconds: 1 } },
      'lease.size must be a finite number > 0',
    ],
    [
      {
        placement: 'leased',
        lease: { size: 5, ttlSeconds: 1 },
        algorithm: 'concurrency',
        params: { maxInFlight: 2 },
        requests: [{ at: 0, duration: 1 }],
      },
      'placement "leased" needs one of',
    ],
    [
      {
        placement: 'leased',
        lease: { size: 5, ttlSeconds: 1 },
        policies: [
          { id: 'a', algorithm: 'fixed-window', params: { limit: 1, windowSeconds: 1 } },
          { id: 'b', algorithm: 'fixed-window', params: { limit: 1, windowSeconds: 1 } },
        ],
      },
      'placement "leased" supports one policy',
    ],
    [{ store: { cluster: { nodes: 0 } } }, 'store.cluster.nodes must be an integer from 1 to 16'],
    [{ enforce: 'no' }, 'enforce must be true or false'],
    [
      {
        policies: [
          { id: 'a', algorithm: 'gcra', params: { ratePerSecond: 1, burst: 1 }, enforce: 0 },
        ],
      },
      'policies[0].enforce must be true or false',
    ],
    [{ requests: [{ at: 0, route: 'a b' }] }, 'requests[0].route must be 1 to 40'],
    [{ traffic: [{ pattern: 'burst', count: 1, route: 5 }] }, 'traffic[0].route must be 1 to 40'],
    [
      {
        algorithm: 'leaky-bucket',
        params: { ratePerSecond: 1, burst: 1, dryRun: 'yes' },
      },
      'params.dryRun must be true or false',
    ],
    [
      { policies: Array.from({ length: 17 }, (_, k) => ({ id: `p${k}`, ...base })) },
      'policies may have at most 16 policies',
    ],
  ])('%#: refuses with a message naming the field', (extra, msg) => {
    expect(errorsOf({ ...base, ...extra }).join('\n')).toContain(msg);
  });
  it('shadow mode: top-level enforce is each policy default', () => {
    const s = ok({
      enforce: false,
      policies: [
        { id: 'a', algorithm: 'gcra', params: { ratePerSecond: 1, burst: 1 } },
        { id: 'b', algorithm: 'gcra', params: { ratePerSecond: 1, burst: 1 }, enforce: true },
      ],
      requests: [{ at: 0 }],
    });
    expect(s.policies.map((p) => p.enforce)).toEqual([false, true]);
    expect(ok({ ...base, enforce: false }).policies[0]!.enforce).toBe(false);
  });
  it('sharding defaults: split budget, random spread', () => {
    expect(ok({ ...base, placement: 'sharded', shards: 4 }).shards).toEqual({
      count: 4,
      budget: 'split',
      by: 'random',
    });
  });
  it('a Lua budget cannot be split over shards; copied it can', () => {
    registerLimiter('lua', {
      validateParams: () => [],
      create: () => getLimiterFactory('token-bucket')!.create({ capacity: 1, refillPerSecond: 1 }),
    });
    try {
      const lua = { algorithm: 'lua', params: { script: 'return 1' }, requests: [] };
      expect(errorsOf({ ...lua, placement: 'sharded', shards: 2 })).toEqual([
        'algorithm "lua" cannot be split over shards (the lab cannot divide a script\'s budget): use shardBudget "copy"',
      ]);
      expect(errorsOf({ ...lua, placement: 'sharded', shards: 2, shardBudget: 'copy' })).toEqual(
        [],
      );
    } finally {
      unregisterLimiter('lua');
    }
  });
});
