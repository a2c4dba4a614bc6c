import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OUTCOME } from '../lab/columns';
import { runEngine } from '../lab/run';
import { LabTimeline } from '../lab/timeline';
import { parseScenario } from '../scenario/validate';
import { simulate } from '../simulate';
import { productionReport } from './report';

const steady = [{ pattern: 'steady', ratePerSecond: 10, from: 0, to: 10 }];
const failover = (lagSeconds: number, at: number, downSeconds = 0) => ({
  replica: { lagSeconds },
  failover: { at, downSeconds },
});
const ALGORITHMS = [
  ['fixed-window', { limit: 30, windowSeconds: 10 }],
  ['sliding-log', { limit: 30, windowSeconds: 10 }],
  ['token-bucket', { capacity: 30, refillPerSecond: 3 }],
] as const;

describe('replication and failover', () => {
  it.each(ALGORITHMS)(
    '%s: lag 0.5 s under steady 10 req/s loses 5 writes and admits 5 extra',
    (algorithm, params) => {
      // Requests at 0, 0.1, ...; the primary dies at 2.5: the writes at 2.0 .. 2.4 had not
      // reached the replica (each arrives 0.5 s after it was made), so the promoted store
      // has forgotten 5 admissions and grants them again.
      const base = simulate({ algorithm, params, traffic: steady });
      const r = simulate({ algorithm, params, traffic: steady, store: failover(0.5, 2.5) });
      expect(r.failover).toMatchObject({
        writesLost: 5,
        costLost: 5,
        promotedAt: 2.5,
        replicatedBefore: 2,
        lostRequests: [20, 21, 22, 23, 24],
      });
      expect(r.allowed - base.allowed).toBe(5);
      expect(r.overage![0]).toMatchObject({ overage: 5, keysOver: 1, key: 'client' });
      expect(r.overage![0]!.ratio).toBeCloseTo(5 / 30, 12);
      expect(r.decisions.filter((d) => d.lostAtPromotion).length).toBe(5);
      // Without the failover the same policy keeps within its allowance.
      const clean = productionReport(
        runEngine(parseScenario({ algorithm, params, traffic: steady, store: failover(0.5, 99) })),
      );
      expect(clean.overage![0]!.overage).toBe(0);
    },
  );

  it('the gap before promotion is an outage under the failure mode', () => {
    const s = { ...ALGORITHMS[0], traffic: steady, store: failover(0.5, 2.5, 1) };
    const sc = { algorithm: s[0], params: s[1], traffic: s.traffic, store: s.store };
    const closed = runEngine(parseScenario(sc));
    // 10 requests arrive in [2.5, 3.5): each a 503
    expect(closed.totals.unavailable).toBe(10);
    for (let i = 25; i < 35; i++) expect(closed.events.outcome[i]).toBe(OUTCOME.unavailable);
    const open = runEngine(parseScenario({ ...sc, failureMode: 'fail-open' }));
    expect(open.totals.bypass).toBe(10);
    // fail-open admissions are admissions: with the 5 forgotten, the window is 15 over
    expect(productionReport(open).overage![0]!.overage).toBe(15);
  });

  it('a replica that lags more than the failover time has nothing: every write is lost', () => {
    const r = simulate({
      ...{ algorithm: 'fixed-window', params: { limit: 30, windowSeconds: 10 } },
      traffic: steady,
      store: failover(5, 2.5),
    });
    expect(r.failover!.writesLost).toBe(25);
    expect(r.allowed).toBe(30 + 25);
  });

  it('non-atomic placement: a write counts when it lands at the store', () => {
    const r = simulate({
      algorithm: 'fixed-window',
      params: { limit: 30, windowSeconds: 10 },
      placement: 'shared-nonatomic',
      store: { latencySeconds: 0.01, ...failover(0.5, 2.5) },
      traffic: steady,
    });
    // reads at t + 0.01, writes land at t + 0.03: the writes of 1.9x .. 2.4x are lost
    expect(r.failover!.writesLost).toBe(5);
    expect(r.failover!.lostRequests).toEqual([20, 21, 22, 23, 24]);
  });

  it('with lag 0 a failover loses nothing and admits nothing extra (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ALGORITHMS),
        fc.double({ min: 0, max: 12, noNaN: true }),
        fc.double({ min: 0, max: 3, noNaN: true }),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.constantFrom('shared', 'shared-nonatomic', 'sharded'),
        ([algorithm, params], at, down, rate, seed, placement) => {
          const sc = {
            algorithm,
            params,
            placement,
            ...(placement === 'sharded' ? { shards: 2, shardBudget: 'copy' } : {}),
            seed,
            servers: 3,
            routing: 'random',
            traffic: [{ pattern: 'poisson', ratePerSecond: rate, from: 0, to: 12 }],
          };
          const r = simulate({ ...sc, store: failover(0, at, down) });
          expect(r.failover!.writesLost).toBe(0);
          // the failover only adds an outage: nothing it admits is over the allowance
          // unless the same run without it would be (copied shards are over already)
          const without = simulate({ ...sc, store: failover(0, 1e6, 0) });
          expect(r.overage![0]!.overage).toBeLessThanOrEqual(without.overage![0]!.overage);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('seeking shows the promoted replica state (the restore is in the op log)', () => {
    const run = runEngine(
      parseScenario({
        algorithm: 'fixed-window',
        params: { limit: 30, windowSeconds: 10 },
        traffic: steady,
        store: failover(0.5, 2.5),
      }),
      { checkpointEvery: 8 },
    );
    const tl = new LabTimeline(run);
    const count = (t: number) => {
      const v = tl.statesAt(t).store![0]!.views[0]!;
      return v.kind === 'fixed-window' ? v.count : NaN;
    };
    expect(count(2.45)).toBe(25);
    expect(count(2.5)).toBe(21); // 20 replicated, then the request at 2.5
    expect(count(3.45)).toBe(30);
    expect(count(1)).toBe(11);
    expect(count(2.45)).toBe(25); // seeking back replays from a checkpoint
  });

  it('is deterministic for a seed', () => {
    const sc = {
      algorithm: 'token-bucket',
      params: { capacity: 10, refillPerSecond: 5 },
      servers: 3,
      routing: 'random',
      seed: 9,
      store: { latencySeconds: 0.003, ...failover(0.2, 4, 0.5) },
      traffic: [{ pattern: 'poisson', ratePerSecond: 30, from: 0, to: 10 }],
    };
    expect(JSON.stringify(simulate(sc))).toBe(JSON.stringify(simulate(sc)));
  });
});
