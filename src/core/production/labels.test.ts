import { describe, expect, it } from 'vitest';
import { parseScenario } from '../scenario/validate';
import { featuresOf, labTitle, placementLabel, placementName } from './labels';

const fw = { algorithm: 'fixed-window', params: { limit: 3, windowSeconds: 60 } };
const sc = (x: Record<string, unknown>) => parseScenario({ ...fw, requests: [{ at: 1 }], ...x });

describe('labels', () => {
  it('the worked example keeps its title; the server count follows the scenario', () => {
    expect(labTitle(sc({}))).toBe('Two servers, one budget');
    expect(labTitle(sc({ servers: 3 }))).toBe('Three servers, one budget');
    expect(labTitle(sc({ servers: 1 }))).toBe('One server, one budget');
    expect(featuresOf(sc({}))).toEqual([]);
  });
  it('each production feature names the lab and the lane', () => {
    const fo = sc({ store: { replica: { lagSeconds: 0.5 }, failover: { at: 2 } } });
    expect(featuresOf(fo)).toEqual(['replica', 'failover']);
    expect(labTitle(fo)).toMatch(/failover/);
    expect(placementLabel(fo)).toBe('One shared counter, with a failover');
    const leased = sc({ placement: 'leased', lease: { size: 5, ttlSeconds: 2 } });
    expect(placementLabel(leased)).toBe('Leases of 5 tokens');
    expect(labTitle(leased)).toMatch(/lease/i);
    const sharded = sc({ placement: 'sharded', shards: 4, shardBudget: 'copy' });
    expect(placementLabel(sharded)).toBe('4 shards, budget copied');
    expect(labTitle(sharded)).toMatch(/shard/);
    const clocks = sc({ servers: [{ name: 'A', clockOffsetSeconds: -2 }, { name: 'B' }] });
    expect(featuresOf(clocks)).toEqual(['clocks']);
    expect(featuresOf(sc({ servers: [{ name: 'A' }, { name: 'B' }] }))).toEqual([]);
    expect(featuresOf(sc({ store: { clockSteps: [{ at: 1, bySeconds: -3 }] } }))).toEqual([
      'clocks',
    ]);
    expect(featuresOf(sc({ enforce: false }))).toEqual(['shadow']);
    expect(labTitle(sc({ enforce: false }))).toMatch(/Shadow/);
    for (const p of ['local', 'shared', 'sharded', 'leased', 'shared-fallback'])
      expect(placementName(p)).not.toBe(p);
  });
});
