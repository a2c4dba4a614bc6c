// The controls' scenario edits, in Node: each control's rule, what it does to the rest of the
// scenario, and (over random sequences of control changes) that the result is a scenario the
// engine takes, or is refused only by a cross-field rule naming what the learner set.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BUILTIN_ALGORITHMS, defaultParams } from '../core/limiters/registry';
import { deepFreeze, errorsOf, frozen } from './editsTestkit';
import { WORKED_EXAMPLE, type ScenarioInput } from './labState';
import {
  withClockStep,
  withCluster,
  withFailover,
  withHashTags,
  withReplica,
  withServerCount,
  withServersAsList,
  withShadowMode,
  withShardBudget,
  withShardBy,
  withTimeSource,
} from './productionEdits';
import {
  DEFAULT_DURATION,
  DEFAULT_FALLBACK,
  GLOBAL_POLICY,
  PLACEMENTS,
  setPath,
  withAlgorithm,
  withBrokenStore,
  withFailureMode,
  withField,
  withFlag,
  withGlobalPolicy,
  withMultiPolicy,
  withOutage,
  withPlacement,
  withRouting,
} from './scenarioEdits';
import { TRAFFIC_PRESETS, trafficPresetOf, withTrafficPreset } from './trafficPresets';

const expectValid = (s: ScenarioInput) => expect(errorsOf(s)).toEqual([]);

const concurrencyRequests = (s: ScenarioInput) =>
  (s.requests as Record<string, unknown>[]).map((r) => r.duration);

describe('the algorithm', () => {
  it.each(BUILTIN_ALGORITHMS)('%s: its default parameters, a scenario the engine takes', (alg) => {
    const s = withAlgorithm(frozen(WORKED_EXAMPLE), alg);
    expect(s.algorithm).toBe(alg);
    expect(s.params).toEqual(defaultParams(alg));
    expectValid(s);
  });

  it('concurrency gives requests and traffic without a duration one, and keeps the ones given', () => {
    const s = frozen({
      ...WORKED_EXAMPLE,
      requests: [
        { at: 1, key: 'a' },
        { at: 2, key: 'a', duration: 0.5 },
      ],
      traffic: [{ pattern: 'steady', ratePerSecond: 1, from: 0, to: 3 }],
    });
    const c = withAlgorithm(s, 'concurrency');
    expect(concurrencyRequests(c)).toEqual([DEFAULT_DURATION, 0.5]);
    expect((c.traffic as Record<string, unknown>[])[0]!.duration).toBe(DEFAULT_DURATION);
    expectValid(c);
    // Back to a window: the durations stay (the engine ignores them) and the scenario runs.
    const back = withAlgorithm(c, 'fixed-window');
    expect(concurrencyRequests(back)).toEqual([DEFAULT_DURATION, 0.5]);
    expectValid(back);
  });

  it('an algorithm that reads no duration adds none', () => {
    for (const alg of BUILTIN_ALGORITHMS.filter((a) => a !== 'concurrency'))
      expect(concurrencyRequests(withAlgorithm(WORKED_EXAMPLE, alg))).toEqual(
        [1, 2, 3, 4, 5].map(() => undefined),
      );
  });

  it('a switch parameter is set to true, and removed when off', () => {
    const on = withFlag(frozen(WORKED_EXAMPLE), 'nodelay', true);
    expect((on.params as Record<string, unknown>).nodelay).toBe(true);
    expect(withFlag(on, 'nodelay', false).params).toEqual(WORKED_EXAMPLE.params);
  });

  it('a number field sets exactly what was typed, and the engine names the field it refuses', () => {
    const s = withField(frozen(WORKED_EXAMPLE), ['params', 'limit'], Number('abc'));
    expect(errorsOf(s).some((e) => e.startsWith('params.limit '))).toBe(true);
    const gone = withField(WORKED_EXAMPLE, ['params', 'limit'], undefined);
    expect(errorsOf(gone).some((e) => e.startsWith('params.limit '))).toBe(true);
    expect(withField(WORKED_EXAMPLE, ['store', 'latencySeconds'], 0.2).store).toEqual({
      latencySeconds: 0.2,
    });
  });

  it('setPath makes the lists and objects on the way', () => {
    const d: ScenarioInput = {};
    setPath(d, ['store', 'outages', 0, 'from'], 1);
    expect(d).toEqual({ store: { outages: [{ from: 1 }] } });
  });
});

describe('the second, global policy', () => {
  it('on: the scenario’s limit becomes the per-client policy beside the global one; off: back', () => {
    for (const alg of BUILTIN_ALGORITHMS) {
      const one = withAlgorithm(WORKED_EXAMPLE, alg);
      const two = withGlobalPolicy(frozen(one), true);
      expect(two.algorithm).toBeUndefined();
      expect(two.params).toBeUndefined();
      expect(two.policies).toEqual([
        { id: 'per-client', algorithm: alg, params: one.params, scope: 'key' },
        GLOBAL_POLICY,
      ]);
      expectValid(two);
      const naive = withMultiPolicy(two, 'naive');
      expect(naive.multiPolicy).toBe('naive');
      expectValid(naive);
      expect(withGlobalPolicy(frozen(naive), false)).toEqual(one);
    }
  });

  it('a scenario with several policies gets the global one added, and keeps the others when it goes', () => {
    const { algorithm: _a, params: _p, ...rest } = WORKED_EXAMPLE;
    const three: ScenarioInput = {
      ...rest,
      policies: [
        { id: 'a', algorithm: 'fixed-window', params: { limit: 3, windowSeconds: 60 } },
        { id: 'b', algorithm: 'token-bucket', params: { capacity: 5, refillPerSecond: 1 } },
      ],
    };
    const on = withGlobalPolicy(frozen(three), true);
    expect((on.policies as { id: string }[]).map((p) => p.id)).toEqual(['a', 'b', 'global']);
    expectValid(on);
    expect(withGlobalPolicy(on, true)).toEqual(on);
    expect(withGlobalPolicy(on, false)).toEqual(three);
  });

  it('off on a single-policy scenario changes nothing', () => {
    expect(withGlobalPolicy(frozen(WORKED_EXAMPLE), false)).toEqual(WORKED_EXAMPLE);
  });
});

describe('the placement', () => {
  it('sharded gets 4 shards (or keeps its own); leaving it drops shards, budget, picking and cluster', () => {
    const sh = withPlacement(frozen(WORKED_EXAMPLE), 'sharded');
    expect(sh.shards).toBe(4);
    expectValid(sh);
    const tuned = withHashTags(
      withShardBy(withShardBudget(withField(sh, ['shards'], 8), 'copy'), 'key'),
      true,
    );
    expect(withPlacement(tuned, 'sharded').shards).toBe(8);
    expectValid(tuned);
    const shared = withPlacement(frozen(tuned), 'shared');
    for (const f of ['shards', 'shardBudget', 'shardBy']) expect(shared[f]).toBeUndefined();
    expect(shared.store).toEqual({});
    expectValid(shared);
  });

  it('leased gets a lease of 5 tokens for 2 s (or keeps its own); leaving it drops the lease', () => {
    const l = withPlacement(frozen(WORKED_EXAMPLE), 'leased');
    expect(l.lease).toEqual({ size: 5, ttlSeconds: 2 });
    expectValid(withAlgorithm(l, 'token-bucket'));
    const own = { ...l, lease: { size: 2, ttlSeconds: 1 } };
    expect(withPlacement(own, 'leased').lease).toEqual({ size: 2, ttlSeconds: 1 });
    expect(withPlacement(own, 'local').lease).toBeUndefined();
  });

  it.each(PLACEMENTS)('%s from the worked example with a leasable algorithm runs', (p) => {
    expectValid(withPlacement(withAlgorithm(WORKED_EXAMPLE, 'token-bucket'), p));
  });

  it('a counter in each server refuses the store features, naming them (they are not dropped)', () => {
    const s = withReplica(WORKED_EXAMPLE, true);
    const local = withPlacement(s, 'local');
    expect((local.store as Record<string, unknown>).replica).toEqual({ lagSeconds: 0.5 });
    expect(errorsOf(local)).toEqual([
      'store.replica needs a shared store (placement "local" has none)',
    ]);
  });

  it('routing is set as picked', () => {
    for (const r of ['round-robin', 'random', 'sticky']) {
      const s = withRouting(frozen(WORKED_EXAMPLE), r);
      expect(s.routing).toBe(r);
      expectValid(s);
    }
  });

  it('"Break it" reads then writes on a store 800 ms away, keeping the store’s other fields', () => {
    const s = withBrokenStore(frozen(withPlacement(withReplica(WORKED_EXAMPLE, true), 'sharded')));
    expect(s.placement).toBe('shared-nonatomic');
    expect(s.shards).toBeUndefined();
    expect(s.store).toEqual({ replica: { lagSeconds: 0.5 }, latencySeconds: 0.8 });
    expectValid(s);
  });
});

describe('traffic presets', () => {
  it.each(TRAFFIC_PRESETS.map((p) => p.id))(
    '%s under every algorithm is a scenario the engine takes, shown as itself',
    (id) => {
      for (const alg of BUILTIN_ALGORITHMS) {
        const a = withTrafficPreset(withAlgorithm(frozen(WORKED_EXAMPLE), alg), id);
        const b = withAlgorithm(withTrafficPreset(frozen(WORKED_EXAMPLE), id), alg);
        expectValid(a);
        expectValid(b);
        expect(trafficPresetOf(a)).toBe(id);
      }
    },
  );

  it('a preset replaces the requests and traffic; the worked example brings its five requests back', () => {
    const steady = withTrafficPreset(frozen(WORKED_EXAMPLE), 'steady');
    expect(steady.requests).toEqual([]);
    expect((steady.traffic as unknown[]).length).toBe(1);
    const back = withTrafficPreset(frozen(steady), 'worked');
    expect(back).toEqual(WORKED_EXAMPLE);
  });

  it('an unknown preset changes nothing; an unknown pattern shows as no preset', () => {
    expect(withTrafficPreset(WORKED_EXAMPLE, 'nope')).toBe(WORKED_EXAMPLE);
    expect(trafficPresetOf({ traffic: [{ pattern: 'zigzag' }] })).toBeUndefined();
    expect(trafficPresetOf({ traffic: [] })).toBe('worked');
  });
});

describe('failures', () => {
  it('an outage covers 30 % to 70 % of the run, and goes when unticked', () => {
    const s = withOutage(frozen(WORKED_EXAMPLE), true, 10);
    expect(s.store).toEqual({ outages: [{ from: 3, to: 7 }] });
    expectValid(s);
    expect(withOutage(s, false, 10).store).toEqual({});
  });

  it('a run over at once still gets an outage the engine takes', () => {
    for (const end of [0, 0.001, 0.02]) expectValid(withOutage(WORKED_EXAMPLE, true, end));
  });

  it('local fallback brings a default fallback limit, keeps a given one; the others drop it', () => {
    const lf = withFailureMode(frozen(WORKED_EXAMPLE), 'local-fallback');
    expect(lf.fallback).toEqual(DEFAULT_FALLBACK);
    expectValid(lf);
    const own = {
      ...lf,
      fallback: { algorithm: 'fixed-window', params: { limit: 1, windowSeconds: 5 } },
    };
    expect(withFailureMode(own, 'local-fallback').fallback).toEqual(own.fallback);
    for (const m of ['fail-open', 'fail-closed']) {
      const x = withFailureMode(frozen(lf), m);
      expect(x.fallback).toBeUndefined();
      expect(x.failureMode).toBe(m);
      expectValid(x);
    }
  });

  it('placement shared-fallback keeps its fallback whatever the failure mode', () => {
    const s = withFailureMode(withPlacement(WORKED_EXAMPLE, 'shared-fallback'), 'local-fallback');
    expect(withFailureMode(s, 'fail-open').fallback).toEqual(DEFAULT_FALLBACK);
  });
});

/** Every control of the lab with a value it offers (the typed numbers aside). */
type Edit = (s: ScenarioInput) => ScenarioInput;
type Change = [string, Edit];
const ch = (name: string, edit: Edit): Change => [name, edit];
const controlChange: fc.Arbitrary<Change> = fc.oneof(
  fc
    .constantFrom(...BUILTIN_ALGORITHMS)
    .map((a) => ch(`algorithm ${a}`, (s) => withAlgorithm(s, a))),
  fc.boolean().map((on) => ch(`global ${on}`, (s) => withGlobalPolicy(s, on))),
  fc
    .constantFrom('all-or-nothing', 'naive')
    .map((m) => ch(`multi ${m}`, (s) => (Array.isArray(s.policies) ? withMultiPolicy(s, m) : s))),
  fc.constantFrom(...PLACEMENTS).map((p) => ch(`placement ${p}`, (s) => withPlacement(s, p))),
  fc
    .constantFrom('round-robin', 'random', 'sticky')
    .map((r) => ch(`routing ${r}`, (s) => withRouting(s, r))),
  fc
    .constantFrom(...TRAFFIC_PRESETS.map((p) => p.id))
    .map((id) => ch(`traffic ${id}`, (s) => withTrafficPreset(s, id))),
  fc
    .tuple(fc.boolean(), fc.double({ min: 0, max: 200, noNaN: true }))
    .map(([on, end]) => ch(`outage ${on} ${end}`, (s) => withOutage(s, on, end))),
  fc
    .constantFrom('fail-closed', 'fail-open', 'local-fallback')
    .map((m) => ch(`failure ${m}`, (s) => withFailureMode(s, m))),
  fc.integer({ min: 1, max: 8 }).map((n) => ch(`servers ${n}`, (s) => withServerCount(s, n))),
  fc
    .constantFrom('split', 'copy')
    .map((b) => ch(`budget ${b}`, (s) => (s.placement === 'sharded' ? withShardBudget(s, b) : s))),
  fc
    .constantFrom('random', 'key', 'server')
    .map((b) => ch(`shardBy ${b}`, (s) => (s.placement === 'sharded' ? withShardBy(s, b) : s))),
  fc
    .boolean()
    .map((on) =>
      ch(`hashTags ${on}`, (s) => (s.placement === 'sharded' ? withHashTags(s, on) : s)),
    ),
  fc.boolean().map((on) => ch(`replica ${on}`, (s) => withReplica(s, on))),
  fc
    .tuple(fc.boolean(), fc.double({ min: 0, max: 200, noNaN: true }))
    .map(([on, end]) => ch(`failover ${on} ${end}`, (s) => withFailover(s, on, end))),
  fc.constantFrom('store', 'app').map((t) => ch(`time ${t}`, (s) => withTimeSource(s, t))),
  fc
    .tuple(fc.boolean(), fc.double({ min: 0, max: 200, noNaN: true }))
    .map(([on, end]) => ch(`step ${on} ${end}`, (s) => withClockStep(s, on, end))),
  fc.boolean().map((on) => ch(`shadow ${on}`, (s) => withShadowMode(s, on))),
  fc.constant(ch('servers as list', withServersAsList)),
  fc.constant(ch('cluster', (s) => (s.placement === 'sharded' ? withCluster(s) : s))),
);

/**
 * The rules across fields a control may run into: each names what the learner set that the
 * new value conflicts with, and the lab keeps the last valid run until it is resolved.
 */
const CROSS_FIELD =
  /needs a shared store|placement "leased" (supports one policy|needs one of)|cannot be split over shards/;

describe('any sequence of control changes', () => {
  it('gives a scenario the engine takes, or one refused only by a cross-field rule (the lab keeps the last valid one)', () => {
    fc.assert(
      fc.property(fc.array(controlChange, { maxLength: 12 }), (changes) => {
        let s: ScenarioInput = frozen(WORKED_EXAMPLE);
        const done: string[] = [];
        for (const [name, change] of changes) {
          const next = change(s);
          done.push(name);
          const errors = errorsOf(next);
          const bad = errors.filter((e) => !CROSS_FIELD.test(e));
          if (bad.length) throw new Error(`${done.join(' > ')}: ${bad.join('; ')}`);
          // As the store does: a refused change leaves the last valid scenario in place.
          if (errors.length === 0) s = deepFreeze(next);
        }
      }),
      { numRuns: 300 },
    );
  });
});
