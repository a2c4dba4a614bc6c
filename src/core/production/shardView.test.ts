import { describe, expect, it } from 'vitest';
import { labRunFromInput } from '../lab/labRun';
import { ShardView } from './shardView';
import { shardsReport } from './report';

const fw = { algorithm: 'fixed-window', params: { limit: 30, windowSeconds: 10 } };
const steady = [{ pattern: 'steady', ratePerSecond: 10, from: 0, to: 10 }];
const run = (x: Record<string, unknown>) => {
  const r = labRunFromInput({ ...fw, traffic: steady, ...x });
  if (!r.ok) throw new Error(r.message);
  return r.run.engine;
};

describe('ShardView', () => {
  it('ends with the report’s per-shard counts and grows with time', () => {
    const e = run({ placement: 'sharded', shards: 4 });
    const v = new ShardView(e);
    expect(v.count).toBe(4);
    expect(v.shardQuota).toBe(7.5);
    const end = v.at(Infinity);
    const rep = shardsReport(e)!;
    for (const k of rep.keys) {
      const s = end[k.shard]!;
      expect([s.requests, s.allowed, s.denied]).toEqual([k.requests, k.allowed, k.denied]);
    }
    expect(v.at(-1).every((s) => s.requests === 0)).toBe(true);
    const mid = v.at(5);
    expect(mid.reduce((a, s) => a + s.requests, 0)).toBe(
      Array.from(e.decisionOrder).filter((i) => e.events.decidedAt[i]! <= 5).length,
    );
  });
  it('copy gives each shard the whole budget', () => {
    expect(
      new ShardView(run({ placement: 'sharded', shards: 4, shardBudget: 'copy' })).shardQuota,
    ).toBe(30);
  });
});
