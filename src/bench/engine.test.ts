import { describe, expect, it } from 'vitest';
import { runEngine } from '../core/lab/run';
import { parseScenario } from '../core/scenario/validate';
import { productionScenario } from './engine';

describe('engine bench: the production row', () => {
  it('uses failover, skewed clocks and leases together', () => {
    const run = runEngine(parseScenario(productionScenario(20_000)));
    const p = run.production;
    expect(run.requests.n).toBe(20_000);
    expect(p.clocks?.active).toBe(true);
    expect(p.failover!.promotedAt).toBe(5.5);
    expect(p.leases!.storeCalls).toBeLessThan(run.requests.n / 10);
  });
});
