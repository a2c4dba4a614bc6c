// The production graders' cheap refusal count agrees with the signals' rate429 it stands in for.
import { describe, expect, it } from 'vitest';
import { signals } from '../../production/signals';
import { engineOf, refusals } from './shared';

describe('refusals', () => {
  it('counts what the signals count, on enforcing, shadow and outage runs', () => {
    const runs = [
      {
        algorithm: 'token-bucket',
        params: { capacity: 5, refillPerSecond: 2 },
        seed: 3,
        traffic: [{ pattern: 'poisson', ratePerSecond: 9, from: 0.123457, to: 20.5 }],
      },
      {
        policies: [
          {
            id: 'tenant',
            algorithm: 'fixed-window',
            params: { limit: 30, windowSeconds: 60 },
            scope: 'tenant',
            enforce: false,
          },
        ],
        seed: 5,
        traffic: [{ pattern: 'multi-tenant', tenants: 4, ratePerSecond: 2, from: 0, to: 120 }],
      },
      {
        algorithm: 'fixed-window',
        params: { limit: 10, windowSeconds: 1 },
        failureMode: 'fail-closed',
        store: { outages: [{ from: 2, to: 4 }] },
        traffic: [{ pattern: 'steady', ratePerSecond: 15, from: 0, to: 6 }],
      },
    ];
    let some = 0;
    for (const sc of runs) {
      const run = engineOf(sc);
      const o = signals(run).overall;
      const r = refusals(run);
      expect(r.total).toBe(o.requests);
      expect(r.rate).toBeCloseTo(o.rate429, 12);
      some += r.denied;
    }
    expect(some).toBeGreaterThan(0);
  });
});
