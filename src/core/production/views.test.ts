import { describe, expect, it } from 'vitest';
import { runEngine } from '../lab/run';
import { parseScenario } from '../scenario/validate';
import { LeaseView, ReplicationView } from './views';

const lab = (s: object) => runEngine(parseScenario(s));

describe('production views', () => {
  it('the replication stream: writes of the last `lag` seconds are in flight', () => {
    const run = lab({
      algorithm: 'fixed-window',
      params: { limit: 100, windowSeconds: 10 },
      store: { replica: { lagSeconds: 0.5 }, failover: { at: 5, downSeconds: 1 } },
      traffic: [{ pattern: 'steady', ratePerSecond: 10, from: 0, to: 10 }],
    });
    const v = new ReplicationView(run);
    // at 2.05: the writes of 1.6 .. 2.0 are on their way (made in [1.55, 2.05])
    const s = v.at(2.05)!;
    expect(s.inFlight).toEqual([16, 17, 18, 19, 20]);
    expect(s.replicaTime).toBeCloseTo(1.55, 12);
    // at 2.1 the write of 1.6 is exactly 0.5 s old: still in flight (the engine's cut)
    expect(v.at(2.1)!.inFlight).toEqual([16, 17, 18, 19, 20, 21]);
    expect(v.at(5.5)!.phase).toBe('down');
    expect(v.at(6)).toEqual({ replicaTime: 4.5, inFlight: [], phase: 'promoted' });
    expect(
      new ReplicationView(
        lab({ algorithm: 'fixed-window', params: { limit: 1, windowSeconds: 1 }, requests: [] }),
      ).at(1),
    ).toBeNull();
  });

  it('what each server holds on leases over time; stranded when they expire', () => {
    // A takes 5 at 0 (spends 1), spends 2 more at 0.5 and 1; its lease expires at 2 with 2
    // left. B takes 5 at 3 and spends 1.
    const run = lab({
      algorithm: 'token-bucket',
      params: { capacity: 100, refillPerSecond: 1 },
      placement: 'leased',
      lease: { size: 5, ttlSeconds: 2 },
      servers: [{ name: 'A' }, { name: 'B' }],
      requests: [
        { at: 0, server: 'A' },
        { at: 0.5, server: 'A' },
        { at: 1, server: 'A' },
        { at: 3, server: 'B' },
      ],
    });
    const v = new LeaseView(run);
    const held = (t: number) => v.at(t).map((h) => [h.held, h.stranded, h.leases.length]);
    expect(held(0)).toEqual([
      [4, 0, 1],
      [0, 0, 0],
    ]);
    expect(held(0.7)).toEqual([
      [3, 0, 1],
      [0, 0, 0],
    ]);
    expect(held(1.5)).toEqual([
      [2, 0, 1],
      [0, 0, 0],
    ]);
    expect(held(2.5)).toEqual([
      [0, 2, 0],
      [0, 0, 0],
    ]);
    expect(held(3)).toEqual([
      [0, 2, 0],
      [4, 0, 1],
    ]);
  });
});
