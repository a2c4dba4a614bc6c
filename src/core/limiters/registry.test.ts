import { describe, expect, it } from 'vitest';
import { validateScenario } from '../scenario/validate';
import {
  algorithmOf,
  BUILTIN_ALGORITHMS,
  defaultParams,
  describeSpec,
  quotaOf,
  registerLimiter,
  unregisterLimiter,
  viewUsage,
  windowOf,
} from './registry';

const errors = (algorithm: string, params: Record<string, unknown>) => {
  const r = validateScenario({ algorithm, params, requests: [{ at: 0, duration: 1 }] });
  return r.ok ? [] : r.errors;
};

describe('every algorithm describes itself once', () => {
  for (const name of BUILTIN_ALGORITHMS) {
    it(`${name}: its defaults are valid, every parameter is explained, its view is its own`, () => {
      const a = algorithmOf(name)!;
      expect(a.summary.length).toBeGreaterThan(20);
      expect(a.viewKind).toBe(name);
      for (const p of a.params) expect(p.help, p.name).not.toBe('');
      const params = defaultParams(name);
      expect(errors(name, params)).toEqual([]);
      // The defaults give every required parameter.
      for (const p of a.params) if (p.required) expect(params[p.name], p.name).toBeDefined();
      const lim = a.create(params);
      lim.decide({ at: 1, key: 'k', server: 'A', cost: 1, duration: 1 });
      const v = lim.view('k', 1)!;
      expect(v.kind).toBe(a.viewKind);
      const u = viewUsage(v);
      expect(u.used).toBeGreaterThanOrEqual(0);
      expect(u.limit).toBeGreaterThan(0);
      expect(u.unit).not.toBe('');
    });
  }

  it('quota, window and policy text as the lab has always shown them', () => {
    const spec = (algorithm: string, params: Record<string, unknown>) => ({ algorithm, params });
    const fw = spec('fixed-window', { limit: 3, windowSeconds: 60 });
    expect([quotaOf(fw), windowOf(fw), describeSpec(fw)]).toEqual([
      3,
      60,
      '3 per 60 s (fixed window)',
    ]);
    const tb = spec('token-bucket', { capacity: 10, refillPerSecond: 2 });
    expect([quotaOf(tb), windowOf(tb)]).toEqual([10, 5]);
    expect(describeSpec(tb)).toBe('a bucket of 10 tokens refilling 2/s');
    const g = spec('gcra', { ratePerSecond: 0.5, burst: 3 });
    expect([quotaOf(g), windowOf(g)]).toEqual([3, 6]);
    const lb = spec('leaky-bucket', { ratePerSecond: 1, burst: 0 });
    expect([quotaOf(lb), windowOf(lb)]).toEqual([1, 1]);
    const c = spec('concurrency', { maxInFlight: 4 });
    expect(quotaOf(c)).toBe(4);
    expect(windowOf(c)).toBeNaN();
    expect(describeSpec(c)).toBe('4 in flight at once');
    expect(quotaOf(spec('nope', {}))).toBeNaN();
    expect(describeSpec(spec('nope', {}))).toBe('nope');
  });

  it('which algorithms report `remaining` is declared, not listed elsewhere', () => {
    const yes = BUILTIN_ALGORITHMS.filter((a) => algorithmOf(a)!.reportsRemaining);
    expect(yes).toEqual(['fixed-window', 'sliding-log', 'token-bucket']);
  });

  it('a plug-in that declares nothing gets neutral answers', () => {
    registerLimiter('plug', {
      validateParams: () => [],
      create: (p) => algorithmOf('token-bucket')!.create(p),
    });
    const a = algorithmOf('plug')!;
    expect([a.viewKind, a.reportsRemaining, a.params]).toEqual(['opaque', true, []]);
    expect(a.quota({})).toBeNaN();
    expect(a.describe({})).toBe('plug');
    unregisterLimiter('plug');
    expect(algorithmOf('plug')).toBeUndefined();
  });
});

describe('declared bounds refuse absurd values, naming the field', () => {
  it.each([
    [
      'fixed-window',
      { limit: 3, windowSeconds: 1e-300 },
      'params.windowSeconds must be at least 0.001 seconds',
    ],
    [
      'sliding-log',
      { limit: 3, windowSeconds: 1e308 },
      'params.windowSeconds must be at most 31536000 seconds',
    ],
    [
      'sliding-window-counter',
      { limit: 1e12, windowSeconds: 1 },
      'params.limit must be at most 1e9',
    ],
    [
      'token-bucket',
      { capacity: 1e308, refillPerSecond: 1 },
      'params.capacity must be at most 1e9',
    ],
    [
      'token-bucket',
      { capacity: 3, refillPerSecond: 1e-300 },
      'params.refillPerSecond must be at least 0.000001 per second',
    ],
    [
      'gcra',
      { ratePerSecond: 1e10, burst: 1 },
      'params.ratePerSecond must be at most 1e9 per second',
    ],
    [
      'leaky-bucket',
      { ratePerSecond: 1, burst: 2, delay: 1e20 },
      'params.delay must be at most 1e9',
    ],
    ['concurrency', { maxInFlight: 1e300 }, 'params.maxInFlight must be at most 1e9'],
  ])('%s %j', (algorithm, params, message) => {
    expect(errors(algorithm, params)).toEqual([message]);
  });

  it('the basic rule still comes first, and zero stays allowed where it was', () => {
    expect(errors('fixed-window', { limit: 3, windowSeconds: 0 })).toEqual([
      'params.windowSeconds must be a finite number > 0',
    ]);
    expect(errors('leaky-bucket', { ratePerSecond: 1, burst: 0, delay: 0 })).toEqual([]);
  });

  it('values the lessons and tests use stay valid', () => {
    expect(errors('fixed-window', { limit: 1, windowSeconds: 0.1 })).toEqual([]);
    expect(errors('fixed-window', { limit: 100, windowSeconds: 3600 })).toEqual([]);
    expect(errors('token-bucket', { capacity: 1000, refillPerSecond: 1000 })).toEqual([]);
    expect(errors('token-bucket', { capacity: 3, refillPerSecond: 0.05 })).toEqual([]);
    expect(errors('gcra', { ratePerSecond: 2000, burst: 1000 })).toEqual([]);
  });
});
