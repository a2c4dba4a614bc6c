// configure-burst-and-sustain: a token bucket that bursts 20 and sustains 5 per second.
import {
  compareToReference,
  describeOutcome,
  describeRequest,
  fmt,
  num,
  gradeCases,
  type HiddenCase,
} from '../harness';
import { propertyCase } from '../property';
import { trafficArb } from '../traffic';
import type { Grader } from '../types';
import { badNumbers, compareDirect } from './shared';

/** Token bucket that bursts 20 and sustains 5 per second (and not more of either). */
export const configureBurstAndSustain: Grader = {
  id: 'configure-burst-and-sustain',
  expects: 'numbers "capacity" and "refillPerSecond" for a token bucket',
  grade(sub, opts) {
    const capacity = num(sub, 'capacity');
    const refillPerSecond = num(sub, 'refillPerSecond');
    const mine = { algorithm: 'token-bucket', params: { capacity, refillPerSecond } };
    const ref = { algorithm: 'token-bucket', params: { capacity: 20, refillPerSecond: 5 } };
    const explain = (row: Parameters<Parameters<typeof compareToReference>[3]>[0]) =>
      `With capacity ${fmt(capacity)} and ${fmt(refillPerSecond)} tokens per second, ${describeRequest(row)} is ${describeOutcome(row.actual)}; a limiter that bursts 20 and sustains 5 per second would have it ${describeOutcome(row.expected)}.`;
    const pair = (name: string, body: Record<string, unknown>): HiddenCase => ({
      name,
      check: () => compareToReference(name, { ...mine, ...body }, { ...ref, ...body }, explain),
    });
    const seed = opts?.seed ?? 0;
    const cases: HiddenCase[] = [
      {
        name: 'the parameters are positive numbers',
        check: () => badNumbers(sub, ['capacity', 'refillPerSecond']),
      },
      pair('a burst of 20 at once (N)', { traffic: [{ pattern: 'burst', at: 0, count: 20 }] }),
      pair('a burst of 21 at once (N+1)', { traffic: [{ pattern: 'burst', at: 0, count: 21 }] }),
      pair('5 per second, steady for a minute', {
        traffic: [{ pattern: 'steady', ratePerSecond: 5, from: 0, to: 60 }],
      }),
      pair('a burst of 20, then 5 per second', {
        traffic: [
          { pattern: 'burst', at: 0, count: 20 },
          { pattern: 'steady', ratePerSecond: 5, from: 0.2, to: 30 },
        ],
      }),
      pair('6 per second is held to 5', {
        traffic: [{ pattern: 'steady', ratePerSecond: 6, from: 0, to: 60 }],
      }),
      pair('one request costing 21 (above the burst)', {
        requests: [
          { at: 0, cost: 21 },
          { at: 1, cost: 1 },
        ],
      }),
      pair('generated traffic: Poisson at 8 per second', {
        seed: 7,
        traffic: [{ pattern: 'poisson', ratePerSecond: 8, from: 0, to: 40 }],
      }),
      {
        name: 'generated traffic',
        check: () =>
          propertyCase(
            'generated traffic',
            trafficArb({
              spans: [0.2, 1, 4],
              maxGap: 2,
              keys: ['client', 'other'],
              costs: [1, 1, 1, 2, 5],
              bigCost: 21,
              exactCost: 20,
              maxRequests: 60,
            }),
            (requests) => compareDirect('generated traffic', mine, ref, requests, explain),
            seed,
            40,
          ),
      },
    ];
    return gradeCases(
      cases,
      seed,
      opts,
      'Bursts of 20 pass, the 21st waits, and 5 per second is sustained: exactly the policy.',
    );
  },
};
