// Configure problems: the learner picks parameters; hidden cases check the properties the
// problem asks for on generated traffic, against the reference configuration.
import { runLaneAsync } from '../../core/content/lanes';
import {
  compareToReference,
  describeOutcome,
  describeRequest,
  fmt,
  num,
  runCases,
  type HiddenCase,
} from './harness';
import type { FailingCase, Grader } from './types';

const positive = (x: number): boolean => Number.isFinite(x) && x > 0;

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
    ];
    return runCases(
      cases,
      opts,
      'Bursts of 20 pass, the 21st waits, and 5 per second is sustained: exactly the policy.',
    );
  },
};

/** Eight servers, a tenant budget of 800 per minute, no shared store. */
export const configureLocalLimit: Grader = {
  id: 'configure-local-limit',
  expects:
    'numbers "localLimit" (per server per minute) and "unevenAdmitted" (per minute, all traffic on one server)',
  grade(sub, opts) {
    const L = num(sub, 'localLimit');
    const uneven = num(sub, 'unevenAdmitted');
    const base = {
      algorithm: 'fixed-window',
      params: { limit: L, windowSeconds: 60 },
      placement: 'local',
      servers: 8,
    };
    const even = (rate: number) => ({
      ...base,
      routing: 'round-robin',
      traffic: [{ pattern: 'steady', ratePerSecond: rate, from: 0, to: 60, key: 'tenant' }],
    });
    const cases: HiddenCase[] = [
      {
        name: 'the limit is a whole number > 0',
        check: () =>
          Number.isInteger(L) && L > 0
            ? null
            : {
                name: 'the limit is a whole number > 0',
                message: 'A local limit must be a whole number of requests, greater than 0.',
              },
      },
      {
        name: 'a tenant sending 1,600 a minute, spread evenly, stays within 800',
        check: async () => {
          const sc = even(1600 / 60);
          const r = await runLaneAsync(sc);
          return r.allowed <= 800
            ? null
            : {
                name: 'over budget',
                message: `Eight servers each admitting ${fmt(L)} let ${r.allowed} of 1,600 requests through in one minute; the tenant's budget is 800.`,
                scenario: sc,
              };
        },
      },
      {
        name: 'a tenant sending 800 a minute, spread evenly, gets all 800',
        check: async () => {
          const sc = even(800 / 60);
          const r = await runLaneAsync(sc);
          return r.allowed >= 800
            ? null
            : {
                name: 'too strict',
                message: `With ${fmt(L)} per server, a tenant exactly on budget (800 a minute, spread evenly) gets only ${r.allowed}. The local limit can be higher.`,
                scenario: sc,
              };
        },
      },
      {
        name: 'a tenant whose traffic all lands on one server',
        check: async () => {
          const sc = {
            ...base,
            routing: 'sticky',
            traffic: [
              { pattern: 'steady', ratePerSecond: 800 / 60, from: 0, to: 60, key: 'tenant' },
            ],
          };
          const r = await runLaneAsync(sc);
          return uneven === r.allowed
            ? null
            : {
                name: 'uneven traffic',
                message: `You said a tenant on one server gets ${fmt(uneven)} a minute; the engine admits ${r.allowed} of its 800. That is the price of no shared store.`,
                scenario: sc,
              };
        },
      },
    ];
    return runCases(
      cases,
      opts,
      'The budget holds on even traffic, and you priced the uneven case correctly.',
    );
  },
};
