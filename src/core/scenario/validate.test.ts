import { afterEach, describe, expect, it } from 'vitest';
import { registerLimiter, unregisterLimiter, getLimiterFactory } from '../limiters/registry';
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

describe('validateScenario', () => {
  afterEach(() => unregisterLimiter('lua'));
  it('accepts the headless example and fills defaults', () => {
    const r = validateScenario(base);
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.scenario.placement).toBe('shared');
      expect(r.scenario.requests[0]).toMatchObject({
        key: 'client',
        server: 'A',
        cost: 1,
        tenant: 'client',
      });
      expect(r.scenario.servers).toEqual(['A', 'B']);
    }
  });
  it.each([
    [
      { ...base, params: { capacity: '3', refillPerSecond: 1 } },
      'params.capacity must be a finite number > 0',
    ],
    [
      { ...base, params: { capacity: true, refillPerSecond: 1 } },
      'params.capacity must be a finite number > 0',
    ],
    [
      { ...base, params: { capacity: 0, refillPerSecond: 1 } },
      'params.capacity must be a finite number > 0',
    ],
    [
      { ...base, params: { refillPerSecond: 1 } },
      'params.capacity is required and must be a finite number > 0',
    ],
    [
      { ...base, params: { capacity: 1, refillPerSecond: 1, x: 1 } },
      'params.x is not a known field',
    ],
    [{ ...base, algorithm: 'nope' }, 'algorithm must be one of'],
    [{ ...base, placement: 'cloud' }, 'placement must be one of'],
    [{ ...base, foo: 1 }, 'scenario.foo is not a known field'],
    [{ ...base, requests: [{ at: 0 }, { at: -1 }] }, 'requests[1].at must be a finite number >= 0'],
    [{ ...base, requests: [{ at: 0, cost: 0 }] }, 'requests[0].cost must be a finite number > 0'],
    [{ ...base, requests: [{ at: 0, bar: 0 }] }, 'requests[0].bar is not a known field'],
    [{ ...base, requests: [{ at: 0, key: 5 }] }, 'requests[0].key must be a string'],
    [{ ...base, requests: [{}] }, 'requests[0].at is required'],
    [{ ...base, servers: 9 }, 'servers must be an integer from 1 to 8'],
    [{ ...base, seed: 1.5 }, 'seed must be an integer >= 0'],
    [
      { ...base, store: { latencySeconds: -1 } },
      'store.latencySeconds must be a finite number >= 0',
    ],
    [
      { ...base, traffic: [{ pattern: 'steady', ratePerSecond: '2', to: 1 }] },
      'traffic[0].ratePerSecond must be a finite number > 0',
    ],
    [{ ...base, traffic: [{ pattern: 'wave' }] }, 'traffic[0].pattern must be one of'],
    [
      {
        ...base,
        algorithm: 'leaky-bucket',
        params: { ratePerSecond: 1, burst: 0 },
        requests: [{ at: 0, cost: 2 }],
      },
      'requests[0].cost must be 1',
    ],
    [
      { ...base, algorithm: 'concurrency', params: { maxInFlight: 1 } },
      'requests[0].duration is required',
    ],
    [
      {
        ...base,
        algorithm: 'concurrency',
        params: { maxInFlight: 1 },
        requests: [{ at: 0, duration: NaN }],
      },
      'requests[0].duration must be a finite number > 0',
    ],
    [
      { ...base, params: { capacity: Infinity, refillPerSecond: 1 } },
      'params.capacity must be a finite number > 0',
    ],
    [{ ...base, failureMode: 'panic' }, 'failureMode must be one of'],
    [
      { policies: [{ id: 'a', algorithm: 'gcra', params: { ratePerSecond: 1 } }], requests: [] },
      'policies[0].params.burst is required',
    ],
  ])('%#: refuses with a message naming the field', (s, msg) => {
    expect(errorsOf(s).join('\n')).toContain(msg);
  });
  it('leaky bucket burst and delay may be 0', () => {
    expect(
      errorsOf({
        ...base,
        algorithm: 'leaky-bucket',
        params: { ratePerSecond: 1, burst: 0, delay: 0 },
      }),
    ).toEqual([]);
  });
  it('duration is ignored by algorithms other than concurrency', () => {
    expect(errorsOf({ ...base, requests: [{ at: 0, duration: 'x' }] })).toEqual([]);
  });
  it('lua is refused until a lua limiter is registered', () => {
    const lua = { ...base, algorithm: 'lua', params: { script: 'return 1' } };
    expect(errorsOf(lua)).toEqual([
      'algorithm "lua" needs the Redis model, which is not available yet',
    ]);
    registerLimiter('lua', {
      validateParams: () => [],
      create: (p) =>
        getLimiterFactory('token-bucket')!.create({
          capacity: 1,
          refillPerSecond: 1,
          ...(p as object),
          script: undefined,
        }),
    });
    expect(errorsOf(lua)).toEqual([]);
  });
});
