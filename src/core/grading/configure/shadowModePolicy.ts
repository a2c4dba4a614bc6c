// shadow-mode-policy: a per-tenant policy judged by its would-be rejections in shadow mode.
import { runLaneAsync, type LaneResult } from '../../content/lanes';
import { num, gradeCases, type HiddenCase } from '../harness';
import type { FailingCase, Grader } from '../types';
import { positive, replaySeeds } from './shared';

/**
 * Shadow mode: replay ten tenants (one noisy) with several seeds and count would-be rejections
 * per tenant, plus a quiet tenant over a long run (a compressed week must not hide a refill
 * below the quiet tenants' rate).
 */
export const shadowModePolicy: Grader = {
  id: 'shadow-mode-policy',
  expects: 'numbers "capacity" and "refillPerSecond" for a per-tenant token bucket',
  grade(sub, opts) {
    const capacity = num(sub, 'capacity');
    const refillPerSecond = num(sub, 'refillPerSecond');
    const policy = { algorithm: 'token-bucket', params: { capacity, refillPerSecond } };
    const week = (seed: number) => ({
      ...policy,
      seed,
      traffic: [
        {
          pattern: 'multi-tenant',
          tenants: 10,
          ratePerSecond: 2,
          noisyTenant: 0,
          noisyFactor: 10,
          from: 0,
          to: 600,
        },
      ],
    });
    const pct = (x: number) => `${(100 * x).toFixed(x < 0.01 ? 2 : 1)}%`;
    const rates = (r: LaneResult) => {
      const m = new Map<string, { n: number; denied: number }>();
      for (const q of r.requests) {
        const e = m.get(q.key) ?? { n: 0, denied: 0 };
        e.n++;
        if (q.outcome !== 'allowed') e.denied++;
        m.set(q.key, e);
      }
      return m;
    };
    const cases: HiddenCase[] = [
      {
        name: 'the parameters are positive numbers',
        check: (): FailingCase | null =>
          positive(capacity) && positive(refillPerSecond)
            ? null
            : {
                name: 'the parameters are positive numbers',
                message: 'Capacity and refill rate must both be numbers greater than 0.',
              },
      },
    ];
    const attempt = opts?.seed ?? 0;
    for (const seed of replaySeeds(attempt, [3, 4, 5]))
      cases.push({
        name: `shadow replay, seed ${seed}`,
        check: async () => {
          const sc = week(seed);
          const per = rates(await runLaneAsync(sc));
          for (const [tenant, e] of [...per].sort((a, b) => a[0].localeCompare(b[0]))) {
            const rate = e.denied / e.n;
            if (tenant === 'tenant-0' && rate < 0.5)
              return {
                name: `seed ${seed}: tenant-0 is not held back`,
                message: `tenant-0 would see only ${pct(rate)} of its ${e.n} requests refused; the policy must refuse at least 50% of a tenant sending ten times the normal rate.`,
                scenario: sc,
              };
            if (tenant !== 'tenant-0' && rate >= 0.001)
              return {
                name: `seed ${seed}: ${tenant} is hurt`,
                message: `${tenant}, a normal tenant, would see ${e.denied} of its ${e.n} requests refused (${pct(rate)}); the target is under 0.1%.`,
                scenario: sc,
              };
          }
          return null;
        },
      });
    cases.push({
      name: 'a quiet tenant over a long run',
      check: async () => {
        const sc = {
          ...policy,
          seed: 21,
          traffic: [{ pattern: 'poisson', ratePerSecond: 2, from: 0, to: 3600, key: 'tenant-5' }],
        };
        const r = await runLaneAsync(sc);
        const rate = r.denied / r.requests.length;
        return rate < 0.001
          ? null
          : {
              name: 'a quiet tenant over a long run',
              message: `Over an hour at about 2 per second, a normal tenant would see ${r.denied} refusals (${pct(rate)}). The sample is a compressed week: a refill at or below a normal tenant's rate only looks fine until the bucket's head start runs out.`,
              scenario: sc,
            };
      },
    });
    return gradeCases(
      cases,
      attempt,
      opts,
      'Normal tenants pass untouched and tenant-0 is held back, on every replay.',
    );
  },
};
