// One meaning of a run: the same scenario gives the same counts through every door the lab
// has. `simulate` (the CLI), the store's snapshot (exactly the code window.rateLab runs,
// here in Node), the lesson widget's lane runner and a practice grader's run must agree on
// allowed, denied, unavailable, bypass and admitted (= allowed + bypass).
//
// This lives in src/store because it drives the store; src/core may not import it.
import { describe, expect, it } from 'vitest';
import { runLaneAsync } from '../core/content/lanes';
import { predictGrader } from '../core/grading/predict';
import '../core/lua/register';
import { templateById } from '../core/playground/templates';
import { simulateAsync } from '../core/simulate';
import { createLabApi } from './labApi';

const five = ['A', 'B', 'A', 'B', 'A'].map((server, i) => ({ at: i + 1, server, key: 'client-1' }));
const fw = { algorithm: 'fixed-window', params: { limit: 3, windowSeconds: 60 } };
const steady = [{ pattern: 'steady', ratePerSecond: 4, from: 0, to: 20 }];
const tokenBucketLua = templateById('token-bucket')!.source;

const SCENARIOS: [string, Record<string, unknown>][] = [
  [
    'fail-open with the store down',
    { ...fw, failureMode: 'fail-open', store: { outages: [{ from: 0, to: 100 }] }, requests: five },
  ],
  [
    'fail-open during part of the run, with latency and a timeout',
    {
      ...fw,
      params: { limit: 10, windowSeconds: 10 },
      failureMode: 'fail-open',
      servers: 3,
      store: { latencySeconds: 0.05, timeoutSeconds: 0.2, outages: [{ from: 5, to: 12 }] },
      traffic: steady,
    },
  ],
  [
    'fail-closed during an outage',
    { ...fw, store: { outages: [{ from: 2.5, to: 4.5 }] }, requests: five },
  ],
  [
    'local fallback while the store is down',
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
  [
    'shared with a local fallback placement',
    {
      algorithm: 'sliding-log',
      params: { limit: 8, windowSeconds: 5 },
      placement: 'shared-fallback',
      store: { outages: [{ from: 6, to: 9 }] },
      traffic: steady,
    },
  ],
  ...(['naive', 'all-or-nothing'] as const).map((mode): [string, Record<string, unknown>] => [
    `multi-policy, ${mode}`,
    {
      multiPolicy: mode,
      policies: [
        { id: 'per-client', algorithm: 'fixed-window', params: { limit: 5, windowSeconds: 10 } },
        {
          id: 'global',
          algorithm: 'token-bucket',
          params: { capacity: 6, refillPerSecond: 0.5 },
          scope: 'global',
        },
      ],
      traffic: [
        { pattern: 'steady', ratePerSecond: 1.5, from: 0, to: 20, key: 'a' },
        { pattern: 'steady', ratePerSecond: 1, from: 0.3, to: 20, key: 'b' },
      ],
    },
  ]),
  [
    'read-then-write with latency (double spends)',
    {
      ...fw,
      params: { limit: 5, windowSeconds: 10 },
      placement: 'shared-nonatomic',
      servers: 3,
      routing: 'random',
      store: { latencySeconds: 0.3 },
      traffic: steady,
    },
  ],
  [
    'a Lua token bucket',
    {
      algorithm: 'lua',
      params: { script: tokenBucketLua, keys: ['rl:{key}'], args: ['3', '1', '{cost}'] },
      requests: [{ at: 0 }, { at: 0 }, { at: 0 }, { at: 0 }, { at: 1.5 }, { at: 1.6 }],
    },
  ],
  [
    'a Lua script that fails, failing open',
    {
      algorithm: 'lua',
      params: { script: "return redis.call('NOPE')", keys: ['rl:{key}'], args: [] },
      failureMode: 'fail-open',
      requests: five,
    },
  ],
];

type Totals = { allowed: number; denied: number; unavailable: number; bypass: number };
const pick = (c: Totals & { admitted?: number }) => ({
  allowed: c.allowed,
  denied: c.denied,
  unavailable: c.unavailable,
  bypass: c.bypass,
  admitted: c.admitted ?? c.allowed + c.bypass,
});

describe('the CLI, window.rateLab, lesson widgets and graders report the same counts', () => {
  const api = createLabApi();
  for (const [name, sc] of SCENARIOS) {
    it(name, async () => {
      const sim = await simulateAsync(sc);
      const fromSim = pick({ unavailable: 0, bypass: 0, ...sim });

      await api.load(sc);
      await api.advance(1e6);
      const snap = api.snapshot();
      expect(pick(snap)).toEqual(fromSim);
      // Every request is decided, once, with the outcome simulate reports.
      expect(snap.decisions).toHaveLength(sim.decisions.length);
      expect(snap.decisions.map((d) => d.allowed)).toEqual(sim.decisions.map((d) => d.allowed));
      expect(snap.decisions.map((d) => d.retryAfterSeconds)).toEqual(
        sim.decisions.map((d) => d.retryAfterSeconds),
      );
      expect(snap.decisions.filter((d) => d.outcome === 'bypass')).toHaveLength(fromSim.bypass);

      const lane = await runLaneAsync(sc);
      expect(pick(lane)).toEqual(fromSim);
      expect(lane.requests.length).toBe(sim.decisions.length);

      // A practice grader's own run: a predict grader whose number is each count in turn.
      for (const field of ['allowed', 'denied', 'unavailable', 'bypass', 'admitted'] as const) {
        const g = predictGrader({
          id: `consistency-${field}`,
          label: field,
          // Seed 0 grades the starter's own scenario; draw and build are for fresh instances.
          draw: () => ({}),
          build: () => sc,
          measure: (r) => r[field],
          hint: '',
        });
        const problem = { starter: { scenario: sc } };
        expect((await g.grade({ answer: fromSim[field] }, { problem })).passed, field).toBe(true);
        expect((await g.grade({ answer: fromSim[field] + 1 }, { problem })).passed, field).toBe(
          false,
        );
      }
    });
  }

  it('the scenarios cover each kind of count', async () => {
    const all = await Promise.all(SCENARIOS.map(([, sc]) => simulateAsync(sc)));
    expect(all.some((r) => (r.bypass ?? 0) > 0 && r.allowed > 0)).toBe(true);
    expect(all.some((r) => (r.bypass ?? 0) > 0 && r.allowed === 0)).toBe(true);
    expect(all.some((r) => (r.unavailable ?? 0) > 0)).toBe(true);
    expect(all.some((r) => r.denied > 0)).toBe(true);
  });

  it('fail-open with the store down: 0 allowed, 5 bypass, 5 admitted everywhere', async () => {
    const sc = SCENARIOS[0]![1];
    expect(await simulateAsync(sc)).toMatchObject({ allowed: 0, denied: 0, bypass: 5 });
    await api.load(sc);
    await api.advance(10);
    expect(api.snapshot()).toMatchObject({ allowed: 0, bypass: 5, admitted: 5, unavailable: 0 });
    expect(api.snapshot().decisions[0]).toMatchObject({ allowed: true, outcome: 'bypass' });
  });
});
