// shard-hot-key: shards for a hot global key (helpers the production graders share: shared.ts).
import fc from 'fast-check';
import type { EngineRun } from '../../lab/run';
import { overages } from '../../production/overage';
import { fmt, num, str, gradeCases, type HiddenCase } from '../harness';
import { engineOf, micros, numberIn, pct, rate, readable, refusals, s } from './shared';
import { propertyCase } from '../property';
import type { FailingCase, Grader } from '../types';

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
    return gradeCases(
      cases,
      seed,
      opts,
      'The cap holds under any flood, no shard key runs hot, and today’s peak is served.',
    );
  },
};
