// Configure problems: the learner picks parameters; hidden cases check the properties the
// problem asks for on generated traffic, against the reference configuration.
import { runLaneAsync, type LaneResult } from '../../core/content/lanes';
import { OUTCOME } from '../lab/columns';
import {
  bool,
  compareToReference,
  describeOutcome,
  describeRequest,
  fmt,
  num,
  runCases,
  type HiddenCase,
} from './harness';
import fc from 'fast-check';
import { stream } from '../sim/rng';
import { engineOf } from './productionCase';
import { Reference, type RefPolicy } from './reference';
import { propertyCase } from './property';
import { trafficArb, type GenRequest } from './traffic';
import type { CaseRow, FailingCase, Grader, Submission } from './types';

const positive = (x: number): boolean => Number.isFinite(x) && x > 0;

/** The scenario seeds an attempt replays: the problem's own for seed 0, fresh ones otherwise. */
function replaySeeds(attempt: number, own: number[]): number[] {
  if (attempt === 0) return own;
  const rng = stream(attempt, 'replay-seeds');
  return own.map(() => 1 + rng.int(1_000_000));
}

/** "capacity is missing" / "refillPerSecond must be a number greater than 0, not "abc"". */
function badNumbers(sub: Submission, fields: string[]): FailingCase | null {
  const wrong = fields
    .map((f) => {
      const x = num(sub, f);
      if (positive(x)) return null;
      const raw = sub[f] ?? (sub.params as Record<string, unknown> | undefined)?.[f];
      return raw === undefined || String(raw).trim() === ''
        ? `"${f}" is missing`
        : `"${f}" must be a number greater than 0 (not ${JSON.stringify(raw)})`;
    })
    .filter((x): x is string => x !== null);
  return wrong.length
    ? { name: 'the parameters are positive numbers', message: `${wrong.join('; ')}.` }
    : null;
}

/**
 * Decides the same requests with the learner's policy and the reference's, one by one (the
 * engine's limiters, no scenario), and describes the first request they decide differently.
 */
export function compareDirect(
  name: string,
  mine: RefPolicy,
  ref: RefPolicy,
  requests: GenRequest[],
  explain: (row: CaseRow) => string,
): FailingCase | null {
  const a = new Reference(mine);
  const b = new Reference(ref);
  const rows: CaseRow[] = [];
  for (const r of requests) {
    const call = { at: r.at, key: r.key, cost: r.cost, server: r.server };
    const got = a.decide(call);
    const want = b.decide(call);
    const row: CaseRow = {
      at: r.at,
      server: r.server,
      key: r.key,
      cost: r.cost,
      expected: want.allowed ? 'allowed' : 'denied',
      actual: got.allowed ? 'allowed' : 'denied',
      expectedRetry: want.retry,
      actualRetry: got.retry,
    };
    rows.push(row);
    if (got.allowed !== want.allowed) {
      const list = requests.map((q) => ({ at: q.at, key: q.key, cost: q.cost, server: q.server }));
      const k = rows.length - 1;
      return {
        name,
        message: explain(row),
        // Not the reference's run: its parameters are the answer.
        scenario: { ...mine, requests: list },
        rows: rows.slice(Math.max(0, k - 6)),
        firstMismatch: Math.min(k, 6),
        requests: requests.map((q) => ({ ...q })),
      };
    }
  }
  return null;
}

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
    return runCases(
      cases,
      opts,
      'Bursts of 20 pass, the 21st waits, and 5 per second is sustained: exactly the policy.',
    ).then((r) => ({ ...r, seed }));
  },
};

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
    return runCases(
      cases,
      opts,
      'No routing gets the tenant past 800 a minute, and even traffic gets its full 800.',
    ).then((r) => ({ ...r, seed }));
  },
};

/** A retry storm of 1,000 clients: jitter must flatten the peaks, the attempt cap the total. */
export const retryStormJitter: Grader = {
  id: 'retry-storm-jitter',
  expects: '"jitter" (true/false) and a whole number "maxAttempts" for the retry-storm generator',
  grade(sub, opts) {
    const jitter = bool(sub, 'jitter');
    const maxAttempts = num(sub, 'maxAttempts');
    const storm = (seed: number) => ({
      algorithm: 'token-bucket',
      params: { capacity: 100, refillPerSecond: 50 },
      seed,
      traffic: [
        {
          pattern: 'retry-storm',
          clients: 1000,
          at: 0,
          jitter: jitter ?? false,
          maxAttempts,
          key: 'tenant-1',
        },
      ],
    });
    const cases: HiddenCase[] = [
      {
        name: 'the settings are readable',
        check: (): FailingCase | null =>
          jitter === null
            ? { name: 'jitter', message: 'Set jitter to true or false.' }
            : !Number.isInteger(maxAttempts) || maxAttempts < 2 || maxAttempts > 1000
              ? {
                  name: 'maxAttempts',
                  message:
                    'maxAttempts must be a whole number of at least 2, so that clients get at least one retry.',
                }
              : null,
      },
    ];
    const attempt = opts?.seed ?? 0;
    for (const seed of replaySeeds(attempt, [11, 12, 13])) {
      cases.push({
        name: `seed ${seed}: no 100-ms slot after 0.5 s above 250 requests`,
        check: async () => {
          const sc = storm(seed);
          const r = await runLaneAsync(sc);
          const slots = new Map<number, number>();
          for (const q of r.requests)
            if (q.at >= 0.5) {
              const k = Math.floor(q.at * 10 + 1e-9);
              slots.set(k, (slots.get(k) ?? 0) + 1);
            }
          const [k, n] = [...slots].reduce((a, b) => (b[1] > a[1] ? b : a), [0, 0]);
          return n <= 250
            ? null
            : {
                name: `seed ${seed}: a retry peak`,
                message: `${n} requests arrived between t = ${(k / 10).toFixed(1)} s and t = ${((k + 1) / 10).toFixed(1)} s; the limit is 250 per 100 ms. ${jitter ? '' : 'Without jitter, every client refused together retries together.'}`,
                scenario: sc,
              };
        },
      });
      cases.push({
        name: `seed ${seed}: at most 3,000 requests in all`,
        check: async () => {
          const sc = storm(seed);
          const r = await runLaneAsync(sc);
          const n = r.requests.length;
          return n <= 3000
            ? null
            : {
                name: `seed ${seed}: too many attempts`,
                message: `The storm sent ${n} requests in all (first attempts included); the limit is 3,000. Each round only admits about one refill's worth, so every extra attempt adds hundreds of requests.`,
                scenario: sc,
              };
        },
      });
    }
    return runCases(cases, opts, 'The retries are spread out and the storm stays bounded.').then(
      (r) => ({ ...r, seed: attempt }),
    );
  },
};

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
    return runCases(
      cases,
      opts,
      'Normal tenants pass untouched and tenant-0 is held back, on every replay.',
    ).then((r) => ({ ...r, seed: attempt }));
  },
};
