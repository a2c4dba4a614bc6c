// failover-replica-lag: the replica lag to alert on before a failover loses too much (helpers
// the production graders share: shared.ts).
import fc from 'fast-check';
import { overages } from '../../production/overage';
import { failoverReport } from '../../production/report';
import { fmt, num, gradeCases, type HiddenCase } from '../harness';
import { engineOf, micros, numberIn, pct, rate, readable, s } from './shared';
import { propertyCase } from '../property';
import type { Grader } from '../types';

const FAILOVER_POLICY = { algorithm: 'fixed-window', params: { limit: 100, windowSeconds: 10 } };

/** The overage of a failover case: the most admitted beyond 100 in one window, and the loss. */
function failoverCase(lag: number, r: number, from: number, at: number, down: number) {
  const sc = {
    ...FAILOVER_POLICY,
    traffic: [{ pattern: 'steady', ratePerSecond: r, from, to: from + 30, key: 'tenant' }],
    store: { replica: { lagSeconds: lag }, failover: { at, downSeconds: down } },
  };
  const run = engineOf(sc);
  const over = overages(run)[0];
  const lost = failoverReport(run)?.writesLost ?? 0;
  return { sc, ratio: over?.ratio ?? 0, overage: over?.overage ?? 0, lost, over };
}

/**
 * Choose the replica-lag alert threshold: a failover at any moment, with the tenant at up to
 * 20 requests per second, keeps the overage under 5% of the limit; the threshold is at least
 * 0.1 s (the replica's normal lag is 60 to 90 ms).
 */
export const failoverReplicaLag: Grader = {
  id: 'failover-replica-lag',
  expects: 'a number "lagSeconds": the largest replica lag tolerated before alerting',
  grade(sub, opts) {
    const lag = num(sub, 'lagSeconds');
    const seed = opts?.seed ?? 0;
    const judge = (name: string, r: number, from: number, at: number, down: number) => {
      const c = failoverCase(lag, r, from, at, down);
      // "no more than 5%": exactly 5% passes (a whole-request overage against 100 is exact).
      if (c.ratio <= 0.05 + 1e-9) return null;
      const where = c.over ? ` in the window from ${s(c.over.from)} to ${s(c.over.to)}` : '';
      return {
        name,
        message: `With the replica ${s(lag)} behind, the primary lost at t = ${s(at)} and the tenant sending ${fmt(r)} per second, the promoted replica never saw ${c.lost} admitted write${c.lost === 1 ? '' : 's'} and the limiter admitted ${c.overage} beyond the limit of 100${where}: ${pct(c.ratio)}, more than 5%.`,
        scenario: c.sc,
      };
    };
    const cases: HiddenCase[] = [
      readable([() => numberIn(sub, 'lagSeconds', 0, 60, ' s')]),
      {
        name: 'the threshold does not page all day',
        check: () =>
          lag >= 0.1
            ? null
            : {
                name: 'the threshold does not page all day',
                message: `An alert at ${s(lag)} fires whenever the replica is at its normal 60 to 90 ms of lag: the threshold must be at least 0.1 s.`,
              },
      },
      {
        name: 'the primary lost while the tenant is admitted at 20 per second',
        check: () => judge('the primary lost at 2.5 s, 20 per second', 20, 0, 2.5, 0),
      },
      {
        name: 'a failover with a gap of 1 s',
        check: () => judge('a failover with a gap of 1 s', 20, 0.37, 13.1, 1),
      },
      {
        name: 'generated failovers: any moment, any rate up to 20 per second',
        check: () =>
          propertyCase(
            'generated failovers: any moment, any rate up to 20 per second',
            fc.record({
              r: fc.oneof(fc.constant(20), rate(2, 20)),
              from: micros(0, 10),
              at: micros(0.5, 25),
              down: fc.oneof(fc.constant(0), micros(0, 2)),
            }),
            ({ r, from, at, down }) => judge('', r, from, from + at, down),
            seed,
            24,
          ),
      },
    ];
    return gradeCases(
      cases,
      seed,
      opts,
      'A failover at any moment keeps the overage within 5%, and the alert stays quiet on a normal day.',
    );
  },
};
