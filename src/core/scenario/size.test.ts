import { describe, expect, it } from 'vitest';
import { labRunFromInput } from '../lab/labRun';
import { scenarioSize } from './size';
import { validateScenario } from './validate';

const base = { algorithm: 'fixed-window', params: { limit: 5, windowSeconds: 1 }, seed: 3 };
const GENERATORS = [
  { pattern: 'steady', ratePerSecond: 40, from: 1, to: 11 },
  { pattern: 'poisson', ratePerSecond: 40, from: 0, to: 10 },
  { pattern: 'burst', at: 2, count: 70, spacingSeconds: 0.01 },
  { pattern: 'boundary-attack', windowSeconds: 10, boundary: 10, count: 30, spreadSeconds: 0.5 },
  { pattern: 'multi-tenant', tenants: 4, ratePerSecond: 5, noisyFactor: 3, from: 0, to: 10 },
  { pattern: 'retry-storm', clients: 20, at: 1, maxAttempts: 3 },
];

describe('the size of a scenario, without running it', () => {
  it.each(GENERATORS)('$pattern: the estimate is the run size (within Poisson noise)', (g) => {
    const input = { ...base, requests: [{ at: 0 }], traffic: [g] };
    const v = validateScenario(input);
    if (!v.ok) throw new Error(v.errors.join('\n'));
    const est = scenarioSize(v.scenario);
    const r = labRunFromInput(input);
    if (!r.ok) throw new Error(r.message);
    // A retry storm makes at most clients x maxAttempts; the others about their count.
    if (g.pattern === 'retry-storm') expect(r.run.n).toBeLessThanOrEqual(est.total);
    else expect(Math.abs(r.run.n - est.total)).toBeLessThanOrEqual(0.25 * est.total);
    expect(est.biggest).toBe(0);
  });

  it('names the generator that makes the most', () => {
    const v = validateScenario({
      ...base,
      traffic: [
        { pattern: 'burst', at: 0, count: 10, spacingSeconds: 0 },
        { pattern: 'steady', ratePerSecond: 1000, from: 0, to: 4000 },
      ],
    });
    if (!v.ok) throw new Error(v.errors.join('\n'));
    expect(scenarioSize(v.scenario)).toEqual({ total: 4_000_010, biggest: 1 });
  });
});
