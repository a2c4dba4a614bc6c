// shadow-enforce-false: a policy rolled out in shadow mode (enforce: false) before enforcing
// (helpers the production graders share: shared.ts).
import fc from 'fast-check';
import { shadowReport } from '../../production/report';
import { bool, fmt, num, gradeCases, type HiddenCase } from '../harness';
import { engineOf, micros, numberIn, pct, readable, refusals } from './shared';
import { propertyCase } from '../property';
import type { FailingCase, Grader } from '../types';

/**
 * Ship a per-tenant fixed window in shadow (`enforce: false`) and pick its limit from the
 * would-be rejections: nothing is refused during the rollout, normal tenants would see under
 * 0.1% refused, the noisy tenant at least 50%.
 */
export const shadowEnforceFalse: Grader = {
  id: 'shadow-enforce-false',
  expects: 'a number "limit" (per tenant per 60 s) and "enforce" (true or false)',
  grade(sub, opts) {
    const limit = num(sub, 'limit');
    const enforce = bool(sub, 'enforce');
    const seed = opts?.seed ?? 0;
    const week = (sd: number, from: number, len: number) => ({
      policies: [
        {
          id: 'tenant',
          algorithm: 'fixed-window',
          params: { limit, windowSeconds: 60 },
          scope: 'tenant',
          enforce: enforce === true,
        },
      ],
      seed: sd,
      traffic: [
        {
          pattern: 'multi-tenant',
          tenants: 10,
          ratePerSecond: 1,
          noisyTenant: 0,
          noisyFactor: 10,
          from,
          to: from + len,
        },
      ],
    });
    const replay = (name: string, sd: number, from: number, len: number): FailingCase | null => {
      const sc = week(sd, from, len);
      const run = engineOf(sc);
      const sh = shadowReport(run, 10);
      const refused = refusals(run);
      if (refused.denied > 0) {
        const n = refused.denied;
        return {
          name,
          message: `During the rollout ${n} requests were refused with 429: the new policy is enforcing before anyone has seen what it would do. Ship it in shadow first.`,
          scenario: sc,
        };
      }
      if (!sh) return null;
      for (const t of [...sh.topTenants].sort((a, b) => a.tenant.localeCompare(b.tenant))) {
        const rate = t.requests > 0 ? t.wouldDeny / t.requests : 0;
        if (t.tenant === 'tenant-0' && rate < 0.5)
          return {
            name,
            message: `In shadow, a limit of ${fmt(limit)} a minute would refuse only ${pct(rate)} of tenant-0's ${t.requests} requests; it sends ten times the normal rate and must be held back by at least half.`,
            scenario: sc,
          };
        if (t.tenant !== 'tenant-0' && rate >= 0.001)
          return {
            name,
            message: `In shadow, a limit of ${fmt(limit)} a minute would refuse ${t.wouldDeny} of ${t.tenant}'s ${t.requests} requests (${pct(rate, 2)}), a normal tenant; the target is under 0.1%.`,
            scenario: sc,
          };
      }
      // tenants the top-K does not list would deny nothing; the noisy one must be there
      if (!sh.topTenants.some((t) => t.tenant === 'tenant-0'))
        return {
          name,
          message: `In shadow, a limit of ${fmt(limit)} a minute would refuse nothing of tenant-0, which sends ten times the normal rate.`,
          scenario: sc,
        };
      return null;
    };
    const cases: HiddenCase[] = [
      readable([
        () => numberIn(sub, 'limit', 1, 1e6),
        () =>
          enforce !== null
            ? null
            : {
                name: 'the settings are readable',
                message: '"enforce" must be true or false.',
              },
      ]),
      { name: 'shadow replay, seed 3', check: () => replay('shadow replay, seed 3', 3, 0, 600) },
      {
        name: 'generated replays',
        check: () =>
          propertyCase(
            'generated replays',
            fc.record({
              sd: fc.integer({ min: 1, max: 1e6 }),
              from: micros(0, 60),
              len: micros(300, 900),
            }),
            ({ sd, from, len }) => replay('', sd, from, len),
            seed,
            5,
          ),
      },
    ];
    return gradeCases(
      cases,
      seed,
      opts,
      'Nothing is refused during the rollout, normal tenants would pass, and tenant-0 would be held back.',
    );
  },
};
