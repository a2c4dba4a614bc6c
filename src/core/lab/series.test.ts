import { describe, expect, it } from 'vitest';
import { parseScenario } from '../scenario/validate';
import { labRun } from './labRun';
import { niceStep, outcomeSeries, usageSeries, windowedAdmits } from './series';

const run = (sc: object) => labRun(parseScenario(sc));

describe('series over a run', () => {
  const boundary = run({
    algorithm: 'fixed-window',
    params: { limit: 3, windowSeconds: 10 },
    requests: [8, 9, 9.5, 10, 10.5, 11, 12].map((at) => ({ at })),
  });
  it('the most admitted in any window of the policy length sees the boundary burst', () => {
    const w = windowedAdmits(boundary, 10);
    expect(w.max).toBe(6);
    expect(w.maxAt).toBe(11);
    expect(w.points[0]).toEqual({ t: 0, inWindow: 0 });
  });
  it('outcomes per interval add up to the run', () => {
    const s = outcomeSeries(boundary);
    const sum = (k: 'allowed' | 'denied') => s.points.reduce((a, p) => a + p[k], 0);
    expect([sum('allowed'), sum('denied')]).toEqual([6, 1]);
    expect(s.width).toBe(niceStep(boundary.end / 40));
  });
  it('usage comes from the limiter state, against the limit', () => {
    const target = boundary.targets.find((t) => t.kind === 'store')!;
    const u = usageSeries(boundary, target.id, 24);
    expect(u.limit).toBe(3);
    expect(u.keys).toEqual(['client']);
    expect(Math.max(...u.points.map((p) => p.client ?? 0))).toBe(3);
  });
  it('niceStep rounds up to 1, 2 or 5 times a power of ten', () => {
    expect([0.3, 1, 1.5, 4, 7, 0.012].map(niceStep)).toEqual([0.5, 1, 2, 5, 10, 0.02]);
  });
});
