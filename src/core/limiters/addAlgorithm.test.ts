// Adding an algorithm takes its own file and the registry (README, "Add an algorithm"): a toy
// algorithm declared here, and registered here only, runs in the lab, in simulate and in
// the overage report, and its request rules hold for requests and traffic alike, with no
// other file knowing its name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEngine } from '../lab/run';
import { overages } from '../production/overage';
import { parseScenario, validateScenario } from '../scenario/validate';
import { simulate } from '../simulate';
import { KeyedLimiter, type KeyedAlgorithm } from './keyed';
import { numOrNaN, validateParams } from './params';
import { registerLimiter, unregisterLimiter } from './registry';
import type { Algorithm, Decision, LimiterRequest, ParamDescriptor, Params } from './types';

/** toy-quota {total}: each key may spend `total` in its whole life; nothing comes back. */
class ToyQuota implements KeyedAlgorithm<{ used: number }> {
  readonly name = 'toy-quota';
  constructor(readonly total: number) {}
  fresh(): { used: number } {
    return { used: 0 };
  }
  check(s: { used: number }, req: LimiterRequest): Decision {
    const allowed = s.used + req.cost <= this.total;
    return {
      allowed,
      retryAfterSeconds: allowed ? null : -1,
      remaining: this.total - s.used,
    };
  }
  commit(s: { used: number }, req: LimiterRequest, admitted: boolean, d: Decision): Decision {
    if (admitted) s.used += req.cost;
    return { ...d, remaining: this.total - s.used };
  }
  clone(s: { used: number }): { used: number } {
    return { used: s.used };
  }
  view(s: { used: number }, key: string) {
    return { kind: 'opaque' as const, key, algorithm: this.name, data: { used: s.used } };
  }
}

/** A window longer than any run: what the toy allows is its total, ever. */
const LIFETIME = 1e12;

const PARAMS: ParamDescriptor[] = [
  { name: 'total', kind: 'number', required: true, default: 3, help: 'spent in a lifetime' },
];

const toyQuota: Algorithm = {
  summary: 'Each key may spend a fixed total, ever.',
  params: PARAMS,
  viewKind: 'opaque',
  reportsRemaining: true,
  budgetParams: ['total'],
  leasable: true,
  allowance: (p) => ({ kind: 'window', limit: numOrNaN(p, 'total'), windowSeconds: LIFETIME }),
  usesDuration: false,
  pastTime: 'clamp',
  quota: (p) => numOrNaN(p, 'total'),
  window: () => NaN,
  usage: () => ({ used: NaN, limit: NaN, unit: '' }),
  describe: (p) => `${numOrNaN(p, 'total')} ever (toy quota)`,
  validateParams: (p: Params, path: string) => validateParams(p, path, PARAMS),
  validateRequest: (req, path) =>
    Number.isInteger(req.cost) ? [] : [`${path}.cost must be a whole number for toy-quota`],
  create: (p: Params) => new KeyedLimiter(new ToyQuota(numOrNaN(p, 'total'))),
};

const toy = { algorithm: 'toy-quota', params: { total: 3 } };
const five = [0, 1, 2, 3, 4].map((at) => ({ at }));

describe('a toy algorithm registered in a test', () => {
  beforeAll(() => registerLimiter('toy-quota', toyQuota));
  afterAll(() => unregisterLimiter('toy-quota'));

  it('runs in the lab', () => {
    const run = runEngine(parseScenario({ ...toy, requests: five }));
    expect(run.totals).toMatchObject({ requests: 5, allowed: 3, denied: 2 });
    expect(Array.from(run.events.remaining.subarray(0, 5))).toEqual([2, 1, 0, 0, 0]);
  });

  it('runs in simulate, with its remaining', () => {
    const r = simulate({ ...toy, requests: five });
    expect(r.decisions.map((d) => d.allowed)).toEqual([true, true, true, false, false]);
    expect(r.decisions.map((d) => d.remaining)).toEqual([2, 1, 0, 0, 0]);
  });

  it('gets an overage from its own allowance in sharded and leased placements', () => {
    // Two shards that each copy the whole budget admit twice the total: 3 over it.
    const sharded = {
      ...toy,
      placement: 'sharded',
      shards: 2,
      shardBudget: 'copy',
      shardBy: 'server',
      traffic: [{ pattern: 'burst', at: 0, count: 10, spacingSeconds: 0.1 }],
    };
    const over = overages(runEngine(parseScenario(sharded)))[0]!;
    expect(over).toMatchObject({ algorithm: 'toy-quota', overage: 3, key: 'client' });
    expect(over.allowance).toEqual({ kind: 'window', limit: 3, windowSeconds: LIFETIME });
    expect(simulate(sharded).overage![0]).toMatchObject({ overage: 3, keysOver: 1 });
    // Leases of 2 on two servers: the store grants 2 and the 1 left, never more.
    const leased = simulate({
      ...toy,
      placement: 'leased',
      lease: { size: 2, ttlSeconds: 100 },
      traffic: [{ pattern: 'burst', at: 0, count: 10, spacingSeconds: 0.1 }],
    });
    expect(leased.allowed).toBe(3);
    expect(leased.overage![0]).toMatchObject({ algorithm: 'toy-quota', overage: 0 });
    expect(leased.overage![0]!.allowance).not.toBeNull();
  });

  it('has its request rules checked on requests and traffic alike', () => {
    const r = validateScenario({
      ...toy,
      requests: [{ at: 0, cost: 1.5 }],
      traffic: [{ pattern: 'burst', at: 0, count: 2, cost: 2.5 }],
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual([
      'requests[0].cost must be a whole number for toy-quota',
      'traffic[0].cost must be a whole number for toy-quota',
    ]);
  });
});
