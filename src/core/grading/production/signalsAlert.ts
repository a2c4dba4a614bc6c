// signals-alert: an alert rule on the limiter's signals that tells an outage from abuse
// (helpers the production graders share: shared.ts).
import fc from 'fast-check';
import type { EngineRun } from '../../lab/run';
import { signals } from '../../production/signals';
import { fmt, num, str, gradeCases, type HiddenCase } from '../harness';
import { engineOf, micros, numberIn, pct, readable, s } from './shared';
import { propertyCase } from '../property';
import type { FailingCase, Grader } from '../types';

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
    return gradeCases(
      cases,
      seed,
      opts,
      'The rule pages on every outage, whatever the failure mode, and never on a flood the limiter handled.',
    );
  },
};
