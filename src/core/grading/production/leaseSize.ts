// lease-size: token leases that cut store calls tenfold, strand few tokens, and keep a flood
// within 10% of the limit, including the flood at its worst (leaseFlood.ts).
import fc from 'fast-check';
import { overages } from '../../production/overage';
import { leasesReport } from '../../production/report';
import { fmt, num, gradeCases, type HiddenCase } from '../harness';
import { adversarialFloodTraffic, LEASE_SERVERS, type AdversarialFlood } from './leaseFlood';
import { engineOf, micros, numberIn, pct, rate, readable, s } from './shared';
import { propertyCase } from '../property';
import type { FailingCase, Grader } from '../types';

const LEASE_POLICY = {
  algorithm: 'fixed-window',
  params: { limit: 1000, windowSeconds: 10 },
  placement: 'leased',
  servers: 4,
  routing: 'random',
};

/**
 * Size the leases: on a normal day (50 to 95 requests per second over four servers) store
 * calls fall at least tenfold and under 10% of the leased tokens expire unspent; in a flood the
 * window never admits more than 10% beyond its limit.
 */
export const leaseSize: Grader = {
  id: 'lease-size',
  expects: 'numbers "size" (tokens per lease) and "ttlSeconds" (a lease’s lifetime)',
  grade(sub, opts) {
    const size = num(sub, 'size');
    const ttl = num(sub, 'ttlSeconds');
    const seed = opts?.seed ?? 0;
    const base = { ...LEASE_POLICY, lease: { size, ttlSeconds: ttl } };
    const normal = (name: string, r: number, from: number, sd: number): FailingCase | null => {
      const sc = {
        ...base,
        seed: sd,
        traffic: [{ pattern: 'poisson', ratePerSecond: r, from, to: from + 30 }],
      };
      const L = leasesReport(engineOf(sc));
      if (!L) return null;
      const lease = `leases of ${fmt(size)} for ${s(ttl)}`;
      if (L.callReduction < 10)
        return {
          name,
          message: `At ${fmt(r)} requests per second over four servers, ${lease} made ${L.storeCalls} store calls for ${L.requests} requests: ${L.callReduction.toFixed(1)} times fewer than one call per request, not 10.`,
          scenario: sc,
        };
      const stranded = L.tokensLeased > 0 ? L.tokensStranded / L.tokensLeased : 0;
      if (stranded >= 0.1)
        return {
          name,
          message: `At ${fmt(r)} requests per second over four servers, ${lease} left ${L.tokensStranded} of ${L.tokensLeased} leased tokens (${pct(stranded)}) to expire unspent on the servers: they are budget no one can use. The target is under 10%.`,
          scenario: sc,
        };
      return null;
    };
    const flood = (
      name: string,
      r: number,
      at: number,
      len: number,
      sd: number,
    ): FailingCase | null => {
      const sc = {
        ...base,
        seed: sd,
        traffic: [
          { pattern: 'poisson', ratePerSecond: 80, from: 0, to: at },
          { pattern: 'poisson', ratePerSecond: r, from: at, to: at + len },
        ],
      };
      const o = overages(engineOf(sc))[0];
      if (!o || o.ratio <= 0.1 + 1e-9) return null; // "no more than 10%": exactly 10% passes
      return {
        name,
        message: `A flood of ${fmt(r)} per second from t = ${s(at)} for ${s(len)}: leases of ${fmt(size)} for ${s(ttl)} still held by the servers when the window turned let ${o.overage} more than the limit of 1000 through between ${s(o.from)} and ${s(o.to)} (${pct(o.ratio)}, more than 10%).`,
        scenario: sc,
      };
    };
    /** The flood at its worst: every server carries a fresh lease across the window's turn. */
    const worstFlood = (name: string, f: AdversarialFlood, sd: number): FailingCase | null => {
      const t = adversarialFloodTraffic(f, ttl);
      const sc = { ...base, seed: sd, traffic: t.traffic, requests: t.requests };
      const o = overages(engineOf(sc))[0];
      if (!o || o.ratio <= 0.1 + 1e-9) return null; // "no more than 10%": exactly 10% passes
      return {
        name,
        message: `An ordinary day at ${fmt(f.dayRate)} per second, a quiet spell, then one request on each server ${s(f.lead)} before the window turned at ${s(t.turn)} and a flood of ${fmt(f.floodRate)} per second right after it: the leases the servers held across the turn let ${o.overage} more than the limit of 1000 through between ${s(o.from)} and ${s(o.to)} (${pct(o.ratio)}, more than 10%).`,
        scenario: sc,
      };
    };
    const floodArb = fc.record({
      dayRate: rate(50, 95),
      dayLength: micros(5, 30),
      lead: micros(0.00001, 0.5),
      order: fc.shuffledSubarray([...LEASE_SERVERS], { minLength: 4, maxLength: 4 }),
      delay: fc.oneof(fc.constant(0), micros(0, 0.05)),
      floodRate: rate(200, 600),
      floodLength: micros(3, 6),
    });
    const cases: HiddenCase[] = [
      readable([
        () => numberIn(sub, 'size', 1, 1000),
        () => numberIn(sub, 'ttlSeconds', 0.001, 3600, ' s'),
      ]),
      {
        name: 'a normal day at 80 per second',
        check: () => normal('a normal day at 80 per second', 80, 0, 1),
      },
      {
        name: 'a quiet day at 50 per second',
        check: () => normal('a quiet day at 50 per second', 50, 0, 2),
      },
      {
        name: 'a flood of 400 per second across a window boundary',
        check: () => flood('a flood of 400 per second across a window boundary', 400, 9.95, 4, 3),
      },
      {
        name: 'every server carries a lease across the turn, then a flood',
        check: () =>
          worstFlood(
            'every server carries a lease across the turn, then a flood',
            {
              dayRate: 80,
              dayLength: 12.3,
              lead: 0.01,
              order: [...LEASE_SERVERS],
              delay: 0,
              floodRate: 500,
              floodLength: 4,
            },
            4,
          ),
      },
      {
        name: 'generated normal days',
        check: () =>
          propertyCase(
            'generated normal days',
            fc.record({
              r: rate(50, 95),
              from: micros(0, 10),
              sd: fc.integer({ min: 1, max: 1e6 }),
            }),
            ({ r, from, sd }) => normal('', r, from, sd),
            seed,
            6,
          ),
      },
      {
        name: 'generated floods',
        check: () =>
          propertyCase(
            'generated floods',
            fc.record({
              r: rate(200, 600),
              at: micros(5, 25),
              len: micros(1, 6),
              sd: fc.integer({ min: 1, max: 1e6 }),
            }),
            ({ r, at, len, sd }) => flood('', r, at, len, sd),
            seed,
            8,
            1,
          ),
      },
      {
        name: 'generated floods right after leases cross a window turn',
        check: () =>
          propertyCase(
            'generated floods right after leases cross a window turn',
            fc.record({ f: floodArb, sd: fc.integer({ min: 1, max: 1e6 }) }),
            ({ f, sd }) => worstFlood('', f, sd),
            seed,
            6,
            2,
          ),
      },
    ];
    return gradeCases(
      cases,
      seed,
      opts,
      'Store calls fall tenfold on a normal day, few tokens are stranded, and a flood overshoots by no more than 10%.',
    );
  },
};
