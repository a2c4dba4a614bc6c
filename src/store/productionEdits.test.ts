// The production controls' edits, in Node: servers and their clocks, shards and the cluster,
// the replica and failover, the time source, clock steps and shadow mode.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { errorsOf, frozen } from './editsTestkit';
import { WORKED_EXAMPLE, type ScenarioInput } from './labState';
import {
  MAX_SERVERS,
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
import { withField, withPlacement } from './scenarioEdits';

const names = (s: ScenarioInput) => (s.servers as { name: string }[]).map((x) => x.name);

describe('servers', () => {
  it('`servers: n` (or none: 2) becomes a list of named servers, clamped to 1 to 8', () => {
    expect(names(withServersAsList(frozen(WORKED_EXAMPLE)))).toEqual(['A', 'B']);
    expect(names(withServersAsList({ ...WORKED_EXAMPLE, servers: 3 }))).toEqual(['A', 'B', 'C']);
    expect(names(withServersAsList({ ...WORKED_EXAMPLE, servers: 99 }))).toHaveLength(MAX_SERVERS);
    expect(names(withServersAsList({ ...WORKED_EXAMPLE, servers: -1 }))).toEqual(['A']);
    const list = { ...WORKED_EXAMPLE, servers: [{ name: 'B' }] };
    expect(withServersAsList(list)).toBe(list);
  });

  it('a count keeps the servers kept (names and clocks); new ones take the first free letter', () => {
    const s = frozen({
      ...WORKED_EXAMPLE,
      servers: [{ name: 'A', clockOffsetSeconds: 2 }, { name: 'C' }],
    });
    const three = withServerCount(s, 3);
    expect(three.servers).toEqual([
      { name: 'A', clockOffsetSeconds: 2 },
      { name: 'C' },
      { name: 'B' },
    ]);
    expect(withServerCount(three, 1).servers).toEqual([{ name: 'A', clockOffsetSeconds: 2 }]);
  });

  it('every count from 1 to 8 from either form runs (the worked example names A and B)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 2, max: 8 }),
        fc.boolean(),
        (n, from, asList) => {
          const base = { ...WORKED_EXAMPLE, servers: from };
          const s = withServerCount(frozen(asList ? withServersAsList(base) : base), n);
          expect(s.servers).toHaveLength(n);
          expect(new Set(names(s)).size).toBe(n);
          // A request naming server B needs B: with one server the engine says so by name.
          const errors = errorsOf(s);
          if (n >= 2) expect(errors).toEqual([]);
          else expect(errors.every((e) => /requests\[\d\]\.server/.test(e))).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('a clock offset typed for one server turns `servers: n` into the list first', () => {
    const s = withField(
      withServersAsList(frozen(WORKED_EXAMPLE)),
      ['servers', 1, 'clockDriftPpm'],
      50,
    );
    expect(s.servers).toEqual([{ name: 'A' }, { name: 'B', clockDriftPpm: 50 }]);
    expect(errorsOf(s)).toEqual([]);
  });
});

describe('shards and the cluster', () => {
  const sharded = withPlacement(WORKED_EXAMPLE, 'sharded');

  it('budget and picking are set as chosen', () => {
    const s = withShardBy(withShardBudget(frozen(sharded), 'copy'), 'server');
    expect(s).toMatchObject({ shardBudget: 'copy', shardBy: 'server' });
    expect(errorsOf(s)).toEqual([]);
  });

  it('a cluster field typed first makes an empty cluster (its defaults), keeping one given', () => {
    expect(withCluster(frozen(sharded)).store).toEqual({ cluster: {} });
    expect(errorsOf(withCluster(sharded))).toEqual([]);
    const given = { ...sharded, store: { cluster: { nodes: 5 } } };
    expect(withCluster(given).store).toEqual({ cluster: { nodes: 5 } });
  });

  it('hash tags on a cluster of 3 by default, keeping its node count; off keeps the cluster', () => {
    const on = withHashTags(frozen(sharded), true);
    expect(on.store).toEqual({ cluster: { nodes: 3, hashTags: true } });
    const five = withHashTags({ ...sharded, store: { cluster: { nodes: 5 } } }, true);
    expect(five.store).toEqual({ cluster: { nodes: 5, hashTags: true } });
    expect(withHashTags(on, false).store).toEqual({ cluster: { nodes: 3, hashTags: false } });
    expect(errorsOf(on)).toEqual([]);
  });
});

describe('the replica and its failover', () => {
  it('a replica lags 500 ms; without it the failover goes too', () => {
    const r = withReplica(frozen(WORKED_EXAMPLE), true);
    expect(r.store).toEqual({ replica: { lagSeconds: 0.5 } });
    const f = withFailover(r, true, 10);
    expect(withReplica(frozen(f), false).store).toEqual({});
  });

  it('a failover 40 % into the run, promoted a second later, brings a replica when there is none', () => {
    const f = withFailover(frozen(WORKED_EXAMPLE), true, 2.5);
    expect(f.store).toEqual({ replica: { lagSeconds: 0.5 }, failover: { at: 1, downSeconds: 1 } });
    expect(errorsOf(f)).toEqual([]);
    const off = withFailover(frozen(f), false, 2.5);
    expect(off.store).toEqual({ replica: { lagSeconds: 0.5 } });
  });

  it('a replica of its own lag is kept when the failover is added', () => {
    const s = { ...WORKED_EXAMPLE, store: { replica: { lagSeconds: 2 } } };
    expect((withFailover(s, true, 5).store as Record<string, unknown>).replica).toEqual({
      lagSeconds: 2,
    });
  });
});

describe('time', () => {
  it('the app servers’ clocks or the store’s (the default, left out)', () => {
    const app = withTimeSource(frozen(WORKED_EXAMPLE), 'app');
    expect(app.timeSource).toBe('app');
    expect(errorsOf(app)).toEqual([]);
    expect(withTimeSource(app, 'store')).toEqual(WORKED_EXAMPLE);
  });

  it('the store’s clock steps back 3 s 40 % into the run; off removes the steps', () => {
    const s = withClockStep(frozen(WORKED_EXAMPLE), true, 10);
    expect(s.store).toEqual({ clockSteps: [{ at: 4, bySeconds: -3 }] });
    expect(errorsOf(s)).toEqual([]);
    expect(withClockStep(s, false, 10).store).toEqual({});
  });

  it('shadow mode is `enforce: false`; off removes the field', () => {
    const s = withShadowMode(frozen(WORKED_EXAMPLE), true);
    expect(s.enforce).toBe(false);
    expect(errorsOf(s)).toEqual([]);
    expect(withShadowMode(s, false)).toEqual(WORKED_EXAMPLE);
  });
});
