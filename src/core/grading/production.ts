// Practice graders for the limiter in production (issue 15): a replica's lag under a failover,
// the size of token leases, shards for a hot global key, a clock-skew alert threshold, a policy
// rolled out in shadow mode (enforce: false) and an alert rule read from the limiter's signals.
// Each grades on cases generated from the attempt's seed (fast-check, times in whole
// microseconds, never on a grid), and judges the engine's own measures of the run
// (src/core/production): the overage beyond the policy, writes lost, store calls, stranded
// tokens, per-shard load, would-be rejections and the signals. A failure says what happened on
// the case, with the numbers the engine measured, and never the setting that would pass.
import fc from 'fast-check';
import type { EngineRun } from '../lab/run';
import { overages } from '../production/overage';
import { failoverReport, shadowReport } from '../production/report';
import { signals } from '../production/signals';
import { bool, fmt, num, str, type HiddenCase } from './harness';
import { leaseSize } from './leaseSize';
import {
  engineOf,
  finish,
  micros,
  numberIn,
  pct,
  rate,
  readable,
  refusals,
  s,
} from './productionCase';
import { propertyCase } from './property';
import type { FailingCase, Grader } from './types';

export { engineOf } from './productionCase';

// ---------------------------------------------------------------------------------------------
// 1. Replication lag and failover

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
    return finish(
      cases,
      seed,
      opts,
      'A failover at any moment keeps the overage within 5%, and the alert stays quiet on a normal day.',
    );
  },
};

// ---------------------------------------------------------------------------------------------
// 2. Token leases: leaseSize.ts

// ---------------------------------------------------------------------------------------------
// 3. Shards for a hot global key

const SHARD_POLICY = { algorithm: 'fixed-window', params: { limit: 1000, windowSeconds: 1 } };

/** The most requests one shard key received in one aligned second. */
function peakShardSecond(run: EngineRun): { count: number; shard: number; second: number } {
  const sh = run.production.shard;
  const at = run.requests.at;
  const m = new Map<number, number>();
  let best = { count: 0, shard: 0, second: 0 };
  if (!sh) return best;
  for (let i = 0; i < run.requests.n; i++) {
    const sec = Math.floor(at[i]! + 1e-9);
    const k = sec * 1024 + sh[i]!;
    const c = (m.get(k) ?? 0) + 1;
    m.set(k, c);
    if (c > best.count) best = { count: c, shard: sh[i]!, second: sec };
  }
  return best;
}

/**
 * Pick shard count and budget mode for a global cap of 1,000 per second: the cap holds under
 * any flood, no shard key takes more than 300 requests in a second at today's peak (900 per
 * second), and at that peak at most 1% is refused.
 */
export const shardHotKey: Grader = {
  id: 'shard-hot-key',
  expects: 'a whole number "shards" (1 to 64) and "shardBudget" ("split" or "copy")',
  grade(sub, opts) {
    const shards = num(sub, 'shards');
    const budget = str(sub, 'shardBudget');
    const seed = opts?.seed ?? 0;
    const sc = (r: number, from: number, len: number, sd: number) => ({
      ...SHARD_POLICY,
      placement: 'sharded',
      shards,
      shardBudget: budget,
      seed: sd,
      traffic: [{ pattern: 'poisson', ratePerSecond: r, from, to: from + len }],
    });
    const setting = `${fmt(shards)} shard${shards === 1 ? '' : 's'} with the budget ${budget === 'copy' ? 'copied' : 'split'}`;
    const cap = (name: string, r: number, from: number, sd: number): FailingCase | null => {
      const scenario = sc(r, from, 5, sd);
      const o = overages(engineOf(scenario))[0];
      if (!o || o.overage <= 0) return null;
      return {
        name,
        message: `A flood of ${fmt(r)} per second: ${setting} admitted ${o.overage} more than 1000 between ${s(o.from)} and ${s(o.to)}. The cap is global.`,
        scenario,
      };
    };
    const peak = (name: string, r: number, from: number, sd: number): FailingCase | null => {
      const scenario = sc(r, from, 10, sd);
      const run = engineOf(scenario);
      const p = peakShardSecond(run);
      if (p.count > 300)
        return {
          name,
          message: `At ${fmt(r)} requests per second, ${setting}: shard ${p.shard} received ${p.count} requests in the second from ${p.second} s, more than the 300 one Redis key can take.`,
          scenario,
        };
      return null;
    };
    const live = (name: string, r: number, from: number, sd: number): FailingCase | null => {
      const scenario = sc(r, from, 10, sd);
      const refused = refusals(engineOf(scenario)).rate;
      if (refused <= 0.01) return null;
      return {
        name,
        message: `At ${fmt(r)} requests per second, under the cap of 1000, ${setting} refused ${pct(refused, 2)} of the requests: some shard ran out while others still had budget. The target is at most 1%.`,
        scenario,
      };
    };
    const cases: HiddenCase[] = [
      readable([
        () => numberIn(sub, 'shards', 1, 64),
        () =>
          Number.isInteger(shards)
            ? null
            : { name: 'the settings are readable', message: '"shards" must be a whole number.' },
        () =>
          budget === 'split' || budget === 'copy'
            ? null
            : {
                name: 'the settings are readable',
                message: budget
                  ? `"shardBudget" must be "split" or "copy" (not ${JSON.stringify(budget)}).`
                  : '"shardBudget" is missing: pick "split" or "copy".',
              },
      ]),
      {
        name: 'a flood of 3,000 per second',
        check: () => cap('a flood of 3,000 per second', 3000, 0, 1),
      },
      {
        name: 'today’s peak of 900 per second on each shard key',
        check: () => peak('today’s peak of 900 per second on each shard key', 900, 0, 2),
      },
      {
        name: 'today’s peak of 900 per second is served',
        check: () => live('today’s peak of 900 per second is served', 900, 0, 3),
      },
      {
        name: 'generated floods',
        check: () =>
          propertyCase(
            'generated floods',
            fc.record({
              r: rate(1000, 4000),
              from: micros(0, 1),
              sd: fc.integer({ min: 1, max: 1e6 }),
            }),
            ({ r, from, sd }) => cap('', r, from, sd),
            seed,
            5,
          ),
      },
      {
        name: 'generated peaks up to 900 per second',
        check: () =>
          propertyCase(
            'generated peaks up to 900 per second',
            fc.record({
              r: rate(600, 900),
              from: micros(0, 1),
              sd: fc.integer({ min: 1, max: 1e6 }),
            }),
            ({ r, from, sd }) => peak('', r, from, sd) ?? live('', r, from, sd),
            seed,
            5,
            1,
          ),
      },
    ];
    return finish(
      cases,
      seed,
      opts,
      'The cap holds under any flood, no shard key runs hot, and today’s peak is served.',
    );
  },
};

// ---------------------------------------------------------------------------------------------
// 4. Clock skew between app servers

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
    return finish(
      cases,
      seed,
      opts,
      'Any clocks within the threshold keep the overage within 5%, and the alert is not noise.',
    );
  },
};

// ---------------------------------------------------------------------------------------------
// 5. Shadow mode before enforcing

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
    return finish(
      cases,
      seed,
      opts,
      'Nothing is refused during the rollout, normal tenants would pass, and tenant-0 would be held back.',
    );
  },
};

// ---------------------------------------------------------------------------------------------
// 6. Signals: an alert that tells an outage from abuse

export const ALERT_METRICS = ['rate429', 'rate503', 'errors', 'failOpen'] as const;

/**
 * An alert rule on the limiter's signals (metric over the run > threshold, as a share of the
 * requests) that pages on every store outage of 2 s or more, whatever the failure mode, and
 * never on a tenant flooding.
 */
export const signalsAlert: Grader = {
  id: 'signals-alert',
  expects: '"metric" (rate429, rate503, errors or failOpen) and a number "threshold" (0 to 1)',
  grade(sub, opts) {
    const metric = str(sub, 'metric');
    const threshold = num(sub, 'threshold');
    const seed = opts?.seed ?? 0;
    const value = (run: EngineRun): number => {
      const o = signals(run).overall;
      const n = Math.max(1, o.requests);
      if (metric === 'rate429') return o.rate429;
      if (metric === 'rate503') return o.rate503;
      if (metric === 'errors') return o.errors / n;
      return o.failOpen / n;
    };
    const rule = `${metric} > ${fmt(threshold)}`;
    const base = (sd: number) => ({
      policies: [
        {
          id: 'tenant',
          algorithm: 'token-bucket',
          params: { capacity: 50, refillPerSecond: 20 },
          scope: 'tenant',
        },
      ],
      servers: 3,
      seed: sd,
      store: { latencySeconds: 0.001, timeoutSeconds: 0.05, outages: [] as unknown[] },
    });
    const quietTraffic = (from: number) => [
      { pattern: 'multi-tenant', tenants: 5, ratePerSecond: 3, from, to: from + 60 },
    ];
    const outage = (
      name: string,
      mode: string,
      from: number,
      len: number,
      sd: number,
    ): FailingCase | null => {
      const b = base(sd);
      const sc = {
        ...b,
        failureMode: mode,
        store: { ...b.store, outages: [{ from: from + 20, to: from + 20 + len }] },
        traffic: quietTraffic(from),
      };
      const v = value(engineOf(sc));
      if (v > threshold) return null;
      return {
        name,
        message: `The store was down for ${s(len)} with the limiter ${mode}: ${metric} over the run was ${pct(v, 2)}, so the rule ${rule} stayed quiet through a real outage.`,
        scenario: sc,
      };
    };
    const abuse = (name: string, factor: number, from: number, sd: number): FailingCase | null => {
      const sc = {
        ...base(sd),
        traffic: [
          {
            pattern: 'multi-tenant',
            tenants: 5,
            ratePerSecond: 3,
            noisyTenant: 0,
            noisyFactor: factor,
            from,
            to: from + 60,
          },
        ],
      };
      const v = value(engineOf(sc));
      if (v <= threshold) return null;
      return {
        name,
        message: `One tenant flooded at ${fmt(factor)} times the normal rate and the limiter refused it, as it should, with the store healthy: ${metric} was ${pct(v, 2)}, so the rule ${rule} paged someone for traffic the limiter handled.`,
        scenario: sc,
      };
    };
    const modes = ['fail-closed', 'fail-open', 'local-fallback'];
    const cases: HiddenCase[] = [
      readable([
        () =>
          (ALERT_METRICS as readonly string[]).includes(metric)
            ? null
            : {
                name: 'the settings are readable',
                message: metric
                  ? `"metric" must be one of ${ALERT_METRICS.join(', ')} (not ${JSON.stringify(metric)}).`
                  : '"metric" is missing: pick one.',
              },
        () => numberIn(sub, 'threshold', 0, 1),
      ]),
      ...modes.map((m): HiddenCase => ({
        name: `a 2 s outage, ${m}`,
        check: () => outage(`a 2 s outage, ${m}`, m, 0, 2, 1),
      })),
      {
        name: 'a tenant flooding at 20x',
        check: () => abuse('a tenant flooding at 20x', 20, 0, 2),
      },
      {
        name: 'generated outages',
        check: () =>
          propertyCase(
            'generated outages',
            fc.record({
              mode: fc.constantFrom(...modes),
              from: micros(0, 10),
              len: micros(2, 10),
              sd: fc.integer({ min: 1, max: 1e6 }),
            }),
            ({ mode, from, len, sd }) => outage('', mode, from, len, sd),
            seed,
            8,
          ),
      },
      {
        name: 'generated floods',
        check: () =>
          propertyCase(
            'generated floods',
            fc.record({
              factor: fc.integer({ min: 5, max: 60 }),
              from: micros(0, 10),
              sd: fc.integer({ min: 1, max: 1e6 }),
            }),
            ({ factor, from, sd }) => abuse('', factor, from, sd),
            seed,
            6,
            1,
          ),
      },
    ];
    return finish(
      cases,
      seed,
      opts,
      'The rule pages on every outage, whatever the failure mode, and never on a flood the limiter handled.',
    );
  },
};

export const PRODUCTION_GRADERS: Grader[] = [
  failoverReplicaLag,
  leaseSize,
  shardHotKey,
  clockSkewThreshold,
  shadowEnforceFalse,
  signalsAlert,
];
