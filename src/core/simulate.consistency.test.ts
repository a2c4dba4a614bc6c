// One read model, decision by decision: for each scenario the JSON the command line prints
// (`simulate`), window.rateLab's snapshot() (snapshotAt, the code labApi runs) and LabRun's
// own records agree on every request's outcome, whether it got through, and the policies
// that denied it. (src/store/consistency.test.ts checks the counts through the store.)
import { describe, expect, it } from 'vitest';
import { httpResponse } from './http/response';
import { labRun, snapshotAt } from './lab/labRun';
import './lua/register';
import { templateById } from './playground/templates';
import { parseScenario } from './scenario/validate';
import { simulateAsync } from './simulate';

const five = ['A', 'B', 'A', 'B', 'A'].map((server, i) => ({ at: i + 1, server, key: 'client-1' }));
const fw = { algorithm: 'fixed-window', params: { limit: 3, windowSeconds: 60 } };
const steady = [{ pattern: 'steady', ratePerSecond: 4, from: 0, to: 20 }];
const twoPolicies = [
  { id: 'per-client', algorithm: 'fixed-window', params: { limit: 5, windowSeconds: 10 } },
  {
    id: 'global',
    algorithm: 'token-bucket',
    params: { capacity: 6, refillPerSecond: 0.5 },
    scope: 'global',
  },
];
const twoKeys = [
  { pattern: 'steady', ratePerSecond: 1.5, from: 0, to: 20, key: 'a' },
  { pattern: 'steady', ratePerSecond: 1, from: 0.3, to: 20, key: 'b' },
];
const luaBucket = templateById('token-bucket')!.source;

const SCENARIOS: [string, Record<string, unknown>][] = [
  [
    'fail-open',
    {
      ...fw,
      params: { limit: 10, windowSeconds: 10 },
      failureMode: 'fail-open',
      servers: 3,
      store: { latencySeconds: 0.05, timeoutSeconds: 0.2, outages: [{ from: 5, to: 12 }] },
      traffic: steady,
    },
  ],
  ['fail-closed', { ...fw, store: { outages: [{ from: 2.5, to: 4.5 }] }, requests: five }],
  [
    'local fallback',
    {
      algorithm: 'token-bucket',
      params: { capacity: 10, refillPerSecond: 2 },
      servers: 2,
      failureMode: 'local-fallback',
      fallback: { algorithm: 'token-bucket', params: { capacity: 3, refillPerSecond: 0.5 } },
      store: { outages: [{ from: 4, to: 14 }] },
      traffic: steady,
    },
  ],
  ['naive multi-policy', { multiPolicy: 'naive', policies: twoPolicies, traffic: twoKeys }],
  [
    'naive multi-policy, read-then-write',
    {
      multiPolicy: 'naive',
      placement: 'shared-nonatomic',
      servers: 2,
      store: { latencySeconds: 0.2 },
      policies: twoPolicies,
      traffic: twoKeys,
    },
  ],
  [
    'a Lua token bucket',
    {
      algorithm: 'lua',
      params: { script: luaBucket, keys: ['rl:{key}'], args: ['3', '1', '{cost}'] },
      requests: [{ at: 0 }, { at: 0 }, { at: 0 }, { at: 0 }, { at: 1.5 }, { at: 1.6 }],
    },
  ],
  [
    'a Lua token bucket failing open in an outage',
    {
      algorithm: 'lua',
      params: { script: luaBucket, keys: ['rl:{key}'], args: ['2', '0.5', '{cost}'] },
      failureMode: 'fail-open',
      store: { outages: [{ from: 6, to: 9 }] },
      traffic: [{ pattern: 'steady', ratePerSecond: 1, from: 0, to: 12 }],
    },
  ],
];

describe('simulate, snapshot() and LabRun agree decision by decision', () => {
  for (const [name, sc] of SCENARIOS) {
    it(name, async () => {
      // What the command line prints, read back as JSON.
      const cli = JSON.parse(JSON.stringify(await simulateAsync(sc))) as {
        decisions: { allowed: boolean; outcome: string; deniedBy?: string[] }[];
      };
      const run = labRun(parseScenario(sc));
      const snap = snapshotAt(run, Infinity);
      const several = run.scenario.policies.length > 1;
      expect(cli.decisions).toHaveLength(run.n);
      expect(snap.decisions.map((d) => d.index)).toEqual(cli.decisions.map((_, i) => i));
      const outcomes = new Set<string>();
      for (let i = 0; i < run.n; i++) {
        const rec = run.decision(i);
        const req = run.request(i);
        const s = snap.decisions[i]!;
        const c = cli.decisions[i]!;
        const view = (x: { outcome: string; allowed: boolean; deniedBy?: string[] }) => ({
          outcome: x.outcome,
          allowed: x.allowed,
          deniedBy: x.deniedBy,
        });
        const want = { outcome: rec.outcome, allowed: rec.allowed, deniedBy: rec.deniedBy };
        expect(view(req), `request ${i}`).toEqual(want);
        expect(view(c), `simulate ${i}`).toEqual({
          ...want,
          deniedBy: several ? rec.deniedBy : undefined,
        });
        expect(view(s), `snapshot ${i}`).toEqual(view(c));
        // A denial names at least one policy, and the 429 is that request's answer.
        expect(rec.deniedBy.length > 0, `request ${i}`).toBe(rec.outcome === 'denied');
        const h = httpResponse(run, req);
        expect(h.status).toBe(
          { allowed: 200, bypass: 200, denied: 429, unavailable: 503 }[rec.outcome],
        );
        if (rec.deniedBy.length === 1) expect(JSON.parse(h.body!).policy).toBe(rec.deniedBy[0]);
        outcomes.add(rec.outcome);
      }
      // The counts are the records counted.
      const c = run.countsAt(Infinity);
      const count = (o: string) => cli.decisions.filter((d) => d.outcome === o).length;
      expect([c.allowed, c.denied, c.unavailable, c.bypass]).toEqual(
        ['allowed', 'denied', 'unavailable', 'bypass'].map(count),
      );
      // Each scenario shows its failure: a limiter that decides nothing proves nothing.
      expect(outcomes.size).toBeGreaterThan(1);
    });
  }
});
