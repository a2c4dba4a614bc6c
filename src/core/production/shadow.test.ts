import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runEngine } from '../lab/run';
import { parseScenario } from '../scenario/validate';
import { simulate } from '../simulate';
import { shadowSeries } from './report';

const fw = (limit: number, windowSeconds = 10) => ({
  algorithm: 'fixed-window',
  params: { limit, windowSeconds },
});

describe('shadow mode (enforce: false)', () => {
  it('denies nothing and marks what enforcing would deny (hand-checked)', () => {
    const r = simulate({
      ...fw(3),
      enforce: false,
      requests: [0, 1, 2, 3, 4].map((at) => ({ at })),
    });
    expect(r).toMatchObject({ allowed: 5, denied: 0 });
    expect(r.decisions.map((d) => d.wouldDeny)).toEqual([false, false, false, true, true]);
    expect(r.decisions[3]).toEqual({
      allowed: true,
      outcome: 'allowed',
      retryAfterSeconds: null,
      remaining: 0,
      wouldDeny: true,
    });
    expect(r.shadow).toMatchObject({ requests: 5, wouldDeny: 2 });
  });

  it('is charged exactly as enforcing would be: would-deny = enforced denials (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(
          ['fixed-window', { limit: 5, windowSeconds: 3 }],
          ['sliding-log', { limit: 5, windowSeconds: 3 }],
          ['token-bucket', { capacity: 5, refillPerSecond: 2 }],
          ['gcra', { ratePerSecond: 2, burst: 4 }],
          ['sliding-window-counter', { limit: 5, windowSeconds: 3 }],
        ),
        fc.integer({ min: 0, max: 5000 }),
        fc.constantFrom('shared', 'local', 'shared-nonatomic'),
        ([algorithm, params], seed, placement) => {
          const sc = {
            algorithm,
            params,
            placement,
            seed,
            servers: 2,
            routing: 'random',
            store: { latencySeconds: 0.01 },
            traffic: [
              { pattern: 'multi-tenant', tenants: 3, ratePerSecond: 1, noisyFactor: 4, to: 20 },
            ],
          };
          const enforced = simulate(sc).decisions.map((d) => !d.allowed);
          const shadow = simulate({ ...sc, enforce: false });
          expect(shadow.denied).toBe(0);
          expect(shadow.decisions.map((d) => d.wouldDeny)).toEqual(enforced);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('a shadow policy beside an enforced one: only the enforced one denies', () => {
    const r = simulate({
      policies: [
        { id: 'tenant', ...fw(10), scope: 'tenant' },
        { id: 'new-key-limit', ...fw(2), scope: 'key', enforce: false },
      ],
      requests: [0, 1, 2, 3].map((at) => ({ at, key: 'k', tenant: 't' })),
    });
    expect(r.decisions.map((d) => [d.allowed, d.wouldDeny])).toEqual([
      [true, false],
      [true, false],
      [true, true],
      [true, true],
    ]);
    expect(r.shadow!.byPolicy).toEqual([{ policy: 'new-key-limit', wouldDeny: 2 }]);
  });

  it('top-K tenants by would-be rejections, and over time', () => {
    const sc = {
      ...fw(10),
      enforce: false,
      policies: undefined,
      traffic: [
        {
          pattern: 'multi-tenant',
          tenants: 5,
          ratePerSecond: 0.5,
          noisyTenant: 3,
          noisyFactor: 10,
          from: 0,
          to: 60,
        },
      ],
    };
    const r = simulate(sc);
    expect(r.shadow!.topTenants[0]!.tenant).toBe('tenant-3');
    const sum = r.shadow!.topTenants.reduce((a, t) => a + t.wouldDeny, 0);
    expect(sum).toBe(r.shadow!.wouldDeny);
    const series = shadowSeries(runEngine(parseScenario(sc)), 10)!;
    expect(series.wouldDeny.reduce((a, b) => a + b, 0)).toBe(r.shadow!.wouldDeny);
    expect(series.requests.reduce((a, b) => a + b, 0)).toBe(r.decisions.length);
  });

  it('a store failure in shadow mode fails open (a shadow limiter never answers 503)', () => {
    const r = simulate({
      ...fw(100),
      enforce: false,
      failureMode: 'fail-closed',
      store: { latencySeconds: 0.01, outages: [{ from: 2, to: 4 }] },
      traffic: [{ pattern: 'steady', ratePerSecond: 1, from: 0, to: 6 }],
    });
    expect(r.unavailable).toBeUndefined();
    expect(r.bypass).toBe(2);
  });
});

describe('leaky bucket dry run (limit_req_dry_run)', () => {
  const lb = (extra: object = {}) => ({
    algorithm: 'leaky-bucket',
    params: { ratePerSecond: 1, burst: 2, ...extra },
  });
  it("the spec's example: four at t = 0 are PASSED, DELAYED twice, REJECTED, all let through", () => {
    const r = simulate({ ...lb({ dryRun: true }), requests: [0, 0, 0, 0].map((at) => ({ at })) });
    expect(r).toMatchObject({ allowed: 4, denied: 0 });
    expect(r.decisions).toEqual([
      {
        allowed: true,
        outcome: 'allowed',
        retryAfterSeconds: null,
        delaySeconds: 0,
        status: 'PASSED',
      },
      {
        allowed: true,
        outcome: 'allowed',
        retryAfterSeconds: null,
        delaySeconds: 0,
        status: 'DELAYED_DRY_RUN',
      },
      {
        allowed: true,
        outcome: 'allowed',
        retryAfterSeconds: null,
        delaySeconds: 0,
        status: 'DELAYED_DRY_RUN',
      },
      {
        allowed: true,
        outcome: 'allowed',
        retryAfterSeconds: null,
        delaySeconds: 0,
        status: 'REJECTED_DRY_RUN',
      },
    ]);
  });
  it('a delay under a millisecond is no delay to NGINX (PASSED)', () => {
    const r = simulate({
      algorithm: 'leaky-bucket',
      params: { ratePerSecond: 2000, burst: 5, dryRun: true },
      requests: [0, 0, 0].map((at) => ({ at })),
    });
    // delays of 0.5 ms and 1 ms
    expect(r.decisions.map((d) => d.status)).toEqual(['PASSED', 'PASSED', 'DELAYED_DRY_RUN']);
  });
  it('without dryRun nothing changes: no status field', () => {
    const r = simulate({ ...lb(), requests: [0, 0, 0, 0].map((at) => ({ at })) });
    expect(r.decisions.map((d) => Object.keys(d))).toEqual([
      ['allowed', 'outcome', 'retryAfterSeconds', 'delaySeconds'],
      ['allowed', 'outcome', 'retryAfterSeconds', 'delaySeconds'],
      ['allowed', 'outcome', 'retryAfterSeconds', 'delaySeconds'],
      ['allowed', 'outcome', 'retryAfterSeconds'],
    ]);
  });
  it('charges as NGINX does: the statuses are the enforcing verdicts (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.2, max: 10, noNaN: true }),
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 0, max: 4 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 1000 }),
        (ratePerSecond, burst, delay, nodelay, seed) => {
          const params = { ratePerSecond, burst, delay, nodelay };
          const sc = {
            algorithm: 'leaky-bucket',
            seed,
            traffic: [{ pattern: 'poisson', ratePerSecond: ratePerSecond * 2, from: 0, to: 10 }],
          };
          const real = simulate({ ...sc, params }).decisions;
          const dry = simulate({ ...sc, params: { ...params, dryRun: true } }).decisions;
          expect(dry.every((d) => d.allowed && d.delaySeconds === 0)).toBe(true);
          expect(dry.map((d) => d.status)).toEqual(
            real.map((d) =>
              !d.allowed
                ? 'REJECTED_DRY_RUN'
                : d.delaySeconds! >= 0.001 - 1e-12
                  ? 'DELAYED_DRY_RUN'
                  : 'PASSED',
            ),
          );
        },
      ),
      { numRuns: 60 },
    );
  });
  it('a dry-run zone beside an enforcing policy: the other policy still denies', () => {
    const r = simulate({
      policies: [
        {
          id: 'zone',
          algorithm: 'leaky-bucket',
          params: { ratePerSecond: 1, burst: 0, dryRun: true },
        },
        { id: 'cap', ...fw(2) },
      ],
      requests: [0, 0, 0].map((at) => ({ at })),
    });
    expect(r.decisions.map((d) => [d.allowed, d.status])).toEqual([
      [true, 'PASSED'],
      [true, 'REJECTED_DRY_RUN'],
      [false, 'REJECTED_DRY_RUN'],
    ]);
  });
});
