// clock-skew-threshold: an alert threshold for clock skew between app servers (helpers the
// production graders share: shared.ts).
import fc from 'fast-check';
import { overages } from '../../production/overage';
import { fmt, num, gradeCases, type HiddenCase } from '../harness';
import { engineOf, numberIn, pct, rate, readable, s } from './shared';
import { propertyCase } from '../property';
import type { FailingCase, Grader } from '../types';

const CLOCK_POLICY = {
  algorithm: 'token-bucket',
  params: { capacity: 20, refillPerSecond: 10 },
  timeSource: 'app',
  routing: 'random',
};

/**
 * Choose the clock-offset alert threshold for app servers whose limiter reads its own clock:
 * with every server's clock within the threshold of true time, the overage stays under 5% of
 * the bucket; NTP keeps these servers within 5 ms at best, so the threshold is at least 5 ms.
 */
export const clockSkewThreshold: Grader = {
  id: 'clock-skew-threshold',
  expects: 'a number "maxOffsetSeconds": the largest clock offset tolerated before alerting',
  grade(sub, opts) {
    const d = num(sub, 'maxOffsetSeconds');
    const seed = opts?.seed ?? 0;
    const judge = (name: string, offs: number[], r: number, sd: number): FailingCase | null => {
      const sc = {
        ...CLOCK_POLICY,
        seed: sd,
        servers: offs.map((o, k) => ({ name: 'ABC'[k]!, clockOffsetSeconds: o })),
        traffic: [{ pattern: 'poisson', ratePerSecond: r, from: 0, to: 30 }],
      };
      const o = overages(engineOf(sc))[0];
      if (!o || o.ratio <= 0.05 + 1e-9) return null; // "never more than 5%": exactly 5% passes
      const clocks = offs.map((x, k) => `${'ABC'[k]} ${x >= 0 ? '+' : ''}${+x.toFixed(4)} s`);
      return {
        name,
        message: `With the server clocks at ${clocks.join(', ')} (all within ${s(d)}) and ${fmt(r)} requests per second, the bucket admitted ${+o.overage.toFixed(2)} beyond what capacity 20 and 10 per second allow between ${s(o.from)} and ${s(o.to)}: ${pct(o.ratio)} of the capacity, more than 5%. A server whose clock is ahead moves the stored time forward; the bucket refills for time that has not passed.`,
        scenario: sc,
      };
    };
    const offset = fc.oneof(
      fc.constant(1),
      fc.constant(-1),
      fc.integer({ min: -1000, max: 1000 }).map((n) => n / 1000),
    );
    const cases: HiddenCase[] = [
      readable([() => numberIn(sub, 'maxOffsetSeconds', 0, 3600, ' s')]),
      {
        name: 'the threshold does not page all day',
        check: () =>
          d >= 0.005
            ? null
            : {
                name: 'the threshold does not page all day',
                message: `NTP keeps these servers within 5 ms of true time at best: an alert at ${s(d)} fires all day. The threshold must be at least 0.005 s.`,
              },
      },
      {
        name: 'one clock ahead, one behind, 30 per second',
        check: () => judge('one clock ahead, one behind, 30 per second', [d, -d, 0], 30, 1),
      },
      {
        name: 'generated clocks within the threshold',
        check: () =>
          propertyCase(
            'generated clocks within the threshold',
            fc.record({
              offs: fc.tuple(offset, offset, offset),
              r: rate(12, 40),
              sd: fc.integer({ min: 1, max: 1e6 }),
            }),
            ({ offs, r, sd }) =>
              judge(
                '',
                offs.map((f) => +(f * d).toFixed(6)),
                r,
                sd,
              ),
            seed,
            10,
          ),
      },
    ];
    return gradeCases(
      cases,
      seed,
      opts,
      'Any clocks within the threshold keep the overage within 5%, and the alert is not noise.',
    );
  },
};
