import { describe, expect, it } from 'vitest';
import { simulate } from '../simulate';
import { BOUNDS } from './bounds';
import { validateScenario } from './validate';

const base = {
  algorithm: 'fixed-window',
  params: { limit: 3, windowSeconds: 60 },
  requests: [{ at: 0 }],
};
const errorsOf = (s: unknown): string[] => {
  const r = validateScenario(s);
  return r.ok ? [] : r.errors;
};

describe('bounds on store, traffic and timing fields', () => {
  it.each([
    [{ store: { latencySeconds: 1e308 } }, 'store.latencySeconds must be at most 60'],
    [{ store: { latencySeconds: 61 } }, 'store.latencySeconds must be at most 60'],
    [{ store: { timeoutSeconds: 1e9 } }, 'store.timeoutSeconds must be at most 600'],
    [
      { store: { outages: [{ from: 0, to: 1e300 }] } },
      'store.outages[0].to must be at most 1000000000',
    ],
    [
      { store: { latencySpikes: [{ from: 0, to: 1, latencySeconds: 1e308 }] } },
      'store.latencySpikes[0].latencySeconds must be at most 60',
    ],
    [
      { store: { outages: Array.from({ length: 1001 }, (_, k) => ({ from: k, to: k + 0.5 })) } },
      'store.outages may have at most 1000 windows',
    ],
    [{ store: { replica: { lagSeconds: 1e6 } } }, 'store.replica.lagSeconds must be at most 3600'],
    [
      { store: { replica: { lagSeconds: 0 }, failover: { at: 5, downSeconds: 1e9 } } },
      'store.failover.downSeconds must be at most 86400',
    ],
    [
      { store: { replica: { lagSeconds: 0 }, failover: { at: 1e308 } } },
      'store.failover.at must be at most 1000000000',
    ],
    [
      { servers: [{ name: 'A', clockOffsetSeconds: 1e308 }] },
      'servers[0].clockOffsetSeconds must be a finite number from -86400 to 86400',
    ],
    [
      { servers: [{ name: 'A', clockDriftPpm: -20000 }] },
      'servers[0].clockDriftPpm must be a finite number from -10000 to 10000',
    ],
    [
      { store: { clockSteps: [{ at: 1, bySeconds: -1e9 }] } },
      'store.clockSteps[0].bySeconds must be a finite number from -86400 to 86400',
    ],
    [{ placement: 'sharded', shards: 65 }, 'shards must be an integer from 1 to 64'],
    [
      { placement: 'leased', lease: { size: 1e7, ttlSeconds: 1 } },
      'lease.size must be at most 1000000',
    ],
    [
      { placement: 'leased', lease: { size: 5, ttlSeconds: 1e6 } },
      'lease.ttlSeconds must be at most 86400',
    ],
    [{ requests: [{ at: 1e308 }] }, 'requests[0].at must be at most 1000000000'],
    [
      { traffic: [{ pattern: 'steady', ratePerSecond: 1e7, to: 1 }] },
      'traffic[0].ratePerSecond must be at most 1000000',
    ],
    [
      { traffic: [{ pattern: 'burst', at: 1e300, count: 1 }] },
      'traffic[0].at must be at most 1000000000',
    ],
    [
      { traffic: [{ pattern: 'burst', count: 2, spacingSeconds: 1e300 }] },
      'traffic[0].spacingSeconds must be at most 86400',
    ],
    [{ seed: 2 ** 60 }, 'seed must be at most 9007199254740991'],
  ])('%#: refuses an out-of-range value naming the field', (extra, msg) => {
    expect(errorsOf({ ...base, ...extra }).join('\n')).toContain(msg);
  });

  it('accepts the bounds themselves', () => {
    expect(
      errorsOf({
        ...base,
        servers: [
          {
            name: 'A',
            clockOffsetSeconds: -BOUNDS.clockOffsetSeconds,
            clockDriftPpm: BOUNDS.clockDriftPpm,
          },
        ],
        store: {
          latencySeconds: BOUNDS.latencySeconds,
          timeoutSeconds: BOUNDS.timeoutSeconds,
          replica: { lagSeconds: BOUNDS.lagSeconds },
          failover: { at: 10, downSeconds: BOUNDS.downSeconds },
          clockSteps: [{ at: 1, bySeconds: -BOUNDS.clockStepSeconds }],
        },
      }),
    ).toEqual([]);
  });

  it('the largest store latency runs to a finite end (the lab screen draws it)', () => {
    const r = simulate({
      ...base,
      store: { latencySeconds: BOUNDS.latencySeconds, timeoutSeconds: BOUNDS.timeoutSeconds },
      requests: [{ at: BOUNDS.time }],
    });
    expect(r.allowed).toBe(1);
  });

  it('keeps the existing messages for values below the old rule', () => {
    expect(errorsOf({ ...base, store: { latencySeconds: -1 } })).toEqual([
      'store.latencySeconds must be a finite number >= 0',
    ]);
  });
});
