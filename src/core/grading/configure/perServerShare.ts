// configure-per-server-share: each server's share of a tenant's budget, whatever the routing.
import { runLaneAsync } from '../../content/lanes';
import { OUTCOME } from '../../lab/columns';
import { fmt, num, gradeCases, type HiddenCase } from '../harness';
import fc from 'fast-check';
import { engineOf } from '../production/shared';
import { propertyCase } from '../property';
import type { Grader } from '../types';
import { badNumbers } from './shared';

/**
 * Admitted requests per aligned minute [60k, 60k + 60), read from the engine's columns (no
 * per-request objects: these runs are large and only the counts matter).
 */
function admittedPerMinute(sc: Record<string, unknown>): Map<number, number> {
  const run = engineOf(sc);
  const at = run.requests.at;
  const outcome = run.events.outcome;
  const m = new Map<number, number>();
  for (let i = 0; i < run.requests.n; i++)
    if (outcome[i] === OUTCOME.allowed) {
      const k = Math.floor(at[i]! / 60 + 1e-9);
      m.set(k, (m.get(k) ?? 0) + 1);
    }
  return m;
}

/**
 * Eight servers, no shared store, a tenant budget of 800 per minute: the per-server fixed window
 * must hold the budget whatever the routing, and still give evenly spread traffic all of it.
 */
export const configurePerServerShare: Grader = {
  id: 'configure-per-server-share',
  expects: 'numbers "limit" and "windowSeconds" for each server’s fixed window',
  grade(sub, opts) {
    const limit = num(sub, 'limit');
    const windowSeconds = num(sub, 'windowSeconds');
    const base = {
      algorithm: 'fixed-window',
      params: { limit, windowSeconds },
      placement: 'local',
      servers: 8,
    };
    const budget = 800;
    const holds = (name: string, body: Record<string, unknown>): HiddenCase => ({
      name,
      check: async () => {
        const sc = { ...base, ...body };
        for (const [k, n] of [...admittedPerMinute(sc)].sort((a, b) => a[0] - b[0]))
          if (n > budget)
            return {
              name,
              message: `Eight servers each admitting up to ${fmt(limit)} per ${fmt(windowSeconds)} s let ${n} requests through between t = ${k * 60} s and t = ${k * 60 + 60} s; the tenant's budget is ${budget} a minute.`,
              scenario: sc,
            };
        return null;
      },
    });
    const perMinute = (minutes: number) =>
      Array.from({ length: minutes }, (_, k) => ({
        pattern: 'burst',
        at: 60 * k,
        count: budget,
        spacingSeconds: 0.0625,
        key: 'tenant',
      }));
    const seed = opts?.seed ?? 0;
    const MINUTE_US = 60_000_000;
    /** Bursts on chosen servers at any microsecond of three minutes: the routing's worst. */
    const floods = fc.array(
      fc.record({
        server: fc.nat({ max: 7 }),
        atUs: fc.integer({ min: 0, max: 3 * MINUTE_US - 1 }),
        count: fc.integer({ min: 1, max: 260 }),
        spacingUs: fc.integer({ min: 0, max: 20_000 }),
      }),
      { minLength: 1, maxLength: 24 },
    );
    /** A tenant on budget: 800 in each minute at any moments of it, round-robin. */
    const onBudget = fc.array(fc.integer({ min: 0, max: MINUTE_US - 1 }), {
      minLength: 1,
      maxLength: 6,
    });
    const cases: HiddenCase[] = [
      {
        name: 'the parameters are positive numbers',
        check: () => badNumbers(sub, ['limit', 'windowSeconds']),
      },
      holds('a flood of 2,000 a minute, round-robin, for three minutes', {
        routing: 'round-robin',
        traffic: [{ pattern: 'burst', at: 0, count: 6000, spacingSeconds: 0.03, key: 'tenant' }],
      }),
      holds('a flood on random routing', {
        routing: 'random',
        seed: 9,
        traffic: [{ pattern: 'poisson', ratePerSecond: 40, from: 0, to: 180, key: 'tenant' }],
      }),
      holds('every server hammered at the start of a minute', {
        requests: 'ABCDEFGH'.split('').flatMap((server) =>
          Array.from({ length: 250 }, (_, i) => ({
            at: 60 + i * 0.03125,
            server,
            key: 'tenant',
          })),
        ),
      }),
      {
        name: 'a tenant on budget (800 a minute, spread evenly) gets all of it',
        check: async () => {
          const sc = { ...base, routing: 'round-robin', traffic: perMinute(3) };
          const got = admittedPerMinute(sc);
          for (let k = 0; k < 3; k++)
            if ((got.get(k) ?? 0) < budget)
              return {
                name: 'too strict',
                message: `With ${fmt(limit)} per server per ${fmt(windowSeconds)} s, a tenant sending exactly its ${budget} a minute, spread evenly over the eight servers, gets only ${got.get(k) ?? 0} in minute ${k + 1}. The share can be larger.`,
                scenario: sc,
              };
          return null;
        },
      },
      {
        name: 'generated floods on any servers at any moment',
        check: async () => {
          await runLaneAsync({ ...base, requests: [{ at: 0 }] }); // validates the parameters once
          return propertyCase(
            'generated floods on any servers at any moment',
            floods,
            (plan) => {
              const requests = plan.flatMap((b) =>
                Array.from({ length: b.count }, (_, i) => ({
                  at: Math.min(3 * MINUTE_US - 1, b.atUs + i * b.spacingUs) / 1e6,
                  server: 'ABCDEFGH'[b.server]!,
                  key: 'tenant',
                })),
              );
              const sc = { ...base, requests };
              for (const [k, n] of [...admittedPerMinute(sc)].sort((a, b) => a[0] - b[0]))
                if (n > budget)
                  return {
                    name: '',
                    message: `These floods got ${n} requests through between t = ${k * 60} s and t = ${k * 60 + 60} s with ${fmt(limit)} per server per ${fmt(windowSeconds)} s; the tenant's budget is ${budget} a minute, whatever the routing.`,
                    scenario: sc,
                  };
              return null;
            },
            seed,
            20,
          );
        },
      },
      {
        name: 'a tenant on budget at any moments of each minute gets all of it',
        check: () =>
          propertyCase(
            'a tenant on budget at any moments of each minute gets all of it',
            fc.tuple(onBudget, onBudget, fc.nat({ max: 7 })),
            ([starts, ends, shift]) => {
              // 800 requests a minute, in bursts that start at the drawn moments of minute 1
              // and end at the drawn moments of minute 2; round-robin spreads them evenly.
              const moments = [
                ...starts.map((u) => u / 1e6),
                ...ends.map((u) => 60 + u / 1e6),
              ].sort((a, b) => a - b);
              const first = moments.filter((t) => t < 60);
              const second = moments.filter((t) => t >= 60);
              const spread = (ts: number[], m: number) =>
                Array.from({ length: budget }, (_, i) => ({
                  at: ts.length ? ts[i % ts.length]! : m * 60,
                  key: 'tenant',
                })).sort((a, b) => a.at - b.at);
              const requests = [...spread(first, 0), ...spread(second, 1)];
              const sc = { ...base, routing: 'round-robin', seed: shift, requests };
              const got = admittedPerMinute(sc);
              for (let k = 0; k < 2; k++)
                if ((got.get(k) ?? 0) < budget)
                  return {
                    name: '',
                    message: `With ${fmt(limit)} per server per ${fmt(windowSeconds)} s, a tenant sending exactly ${budget} in minute ${k + 1}, spread evenly over the eight servers but bunched in time, gets only ${got.get(k) ?? 0}. The contract is ${budget} a minute, not ${budget} spread evenly across it.`,
                    scenario: sc,
                  };
              return null;
            },
            seed,
            12,
            1,
          ),
      },
    ];
    return gradeCases(
      cases,
      seed,
      opts,
      'No routing gets the tenant past 800 a minute, and even traffic gets its full 800.',
    );
  },
};
