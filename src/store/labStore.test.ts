// The lab store's seam, in Node: what a store does when it is made, on load, on edit, on the
// clock's actions and reset, on a share link, and on bad input (a message, and the last valid
// run keeps running). Each test makes its own store; the lab screen's is left alone.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { labRunFromInput, engineOf, snapshotAt } from '../core/lab/labRun';
import { packRun } from '../core/lab/transfer';
import type { LabWorkerClient } from '../worker/labClient';
import { installLabWorker, PAGE_SYNC_MAX } from './labCompute';
import { labLinkOf, loadLink, readLinkScenario } from './labLink';
import {
  createLabStore,
  endOf,
  labStore,
  SPEED_MAX,
  SPEED_MIN,
  WORKED_EXAMPLE,
  type ScenarioInput,
} from './labStore';
import { withServerCount } from './productionEdits';
import {
  withAlgorithm,
  withField,
  withGlobalPolicy,
  withOutage,
  withPlacement,
} from './scenarioEdits';
import { TRAFFIC_PRESETS, withTrafficPreset } from './trafficPresets';

const fw = { algorithm: 'fixed-window', params: { limit: 3, windowSeconds: 60 } };
const five = ['A', 'B', 'A', 'B', 'A'].map((server, i) => ({ at: i + 1, server, key: 'c' }));
const local = { ...fw, placement: 'local', requests: five };

describe('a new store', () => {
  it('opens on the worked example, paused at 0, with the other placement beside it', () => {
    const s = createLabStore().getState();
    expect(s.input).toBe(WORKED_EXAMPLE);
    expect(s).toMatchObject({ now: 0, playing: false, lanes: true, errors: [], selected: null });
    expect(s.compareInput).toMatchObject({ placement: 'local' });
    expect(s.run.countsAt(Infinity)).toMatchObject({ admitted: 3, denied: 2 });
    expect(s.compare!.countsAt(Infinity)).toMatchObject({ admitted: 5, denied: 0 });
  });

  it('an invalid scenario is refused with the engine’s message', () => {
    expect(() => createLabStore({ input: { ...fw, requests: 'x' } })).toThrow(
      /^the scenario is invalid: requests/,
    );
  });

  it('its time is clamped to the run and its speed to 0.1x to 100x', () => {
    const s = createLabStore({ input: local, now: 1e9, speed: 1e9 }).getState();
    expect(s.now).toBe(endOf(s));
    expect(s.speed).toBe(SPEED_MAX);
    expect(createLabStore({ speed: 0.001 }).getState().speed).toBe(SPEED_MIN);
    expect(createLabStore({ speed: Number.NaN }).getState().speed).toBe(1);
    expect(createLabStore({ now: -5 }).getState().now).toBe(0);
  });
});

describe('load', () => {
  it('replaces the scenario and both lanes, at 0, with no selection and no old message', () => {
    const store = createLabStore({ input: local });
    store.getState().seek(3);
    store.getState().select(2);
    store.getState().edit((d) => withField(d, ['params', 'limit'], -1));
    expect(store.getState().errors).not.toEqual([]);
    const r = store.getState().load(WORKED_EXAMPLE, { play: true });
    expect(r).toEqual({ ok: true });
    const s = store.getState();
    expect(s).toMatchObject({ input: WORKED_EXAMPLE, now: 0, playing: true, selected: null });
    expect(s.errors).toEqual([]);
    expect(s.compareInput).toMatchObject({ placement: 'local' });
  });

  it('keepTime keeps the clock where the new run still has it', () => {
    const store = createLabStore({ input: local });
    store.getState().seek(4);
    store
      .getState()
      .load({ ...local, params: { limit: 4, windowSeconds: 60 } }, { keepTime: true });
    expect(store.getState().now).toBe(4);
    store.getState().load(WORKED_EXAMPLE, { keepTime: true });
    expect(store.getState().now).toBe(endOf(store.getState()));
  });

  it('what is not an object is refused naming what it is; nothing changes', () => {
    const store = createLabStore({ input: local });
    const before = store.getState();
    for (const [v, what] of [
      [null, 'null'],
      [[local], 'an array'],
      [3, 'a number'],
      ['{}', 'a string'],
    ] as const) {
      const r = store.getState().load(v);
      expect(r).toEqual({
        ok: false,
        message: `scenario must be a JSON object of scenario fields, not ${what}`,
        errors: [`scenario must be a JSON object of scenario fields, not ${what}`],
      });
    }
    expect(store.getState()).toBe(before);
  });

  it('a scenario the engine refuses gets its message, and the last valid run keeps running', () => {
    const store = createLabStore({ input: local });
    const before = store.getState();
    const r = store.getState().load({ ...fw, requests: [{ at: -1 }] });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(/requests\[0\]\.at/);
    expect(store.getState()).toBe(before);
  });

  it('a comparison override opens both lanes with its titles; one that cannot run is refused', () => {
    const store = createLabStore({ lanes: false });
    const ok = store.getState().load(local, {
      compare: { algorithm: 'sliding-log' },
      titles: ['fixed', 'log'],
    });
    expect(ok).toEqual({ ok: true });
    expect(store.getState()).toMatchObject({
      lanes: true,
      compareOverride: { algorithm: 'sliding-log' },
      titles: ['fixed', 'log'],
    });
    const before = store.getState();
    const bad = store.getState().load(local, { compare: { algorithm: 'no-such' } });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.message).toMatch(/^algorithm must be one of/);
    expect(store.getState()).toBe(before);
  });
});

describe('edit', () => {
  it('a control’s edit rebuilds both lanes, keeps the time and a selection the run still has', () => {
    const store = createLabStore({ input: local });
    store.getState().seek(3.5);
    store.getState().select(4);
    expect(store.getState().edit((d) => withAlgorithm(d, 'sliding-log'))).toBe(true);
    const s = store.getState();
    expect(s.input.algorithm).toBe('sliding-log');
    expect(s.run.scenario.policies[0]!.algorithm).toBe('sliding-log');
    expect(s.compareInput).toMatchObject({ algorithm: 'sliding-log', placement: 'shared' });
    expect(s).toMatchObject({ now: 3.5, selected: 4, errors: [] });
    // Fewer requests: the selection past them goes; the time is clamped to the new end.
    store.getState().edit((d) => ({ ...d, requests: five.slice(0, 2) }));
    expect(store.getState().selected).toBeNull();
    expect(store.getState().now).toBe(Math.min(3.5, endOf(store.getState())));
  });

  it('a refused edit shows the engine’s messages and keeps the last valid scenario and run', () => {
    const store = createLabStore({ input: local });
    const { input, run } = store.getState();
    expect(store.getState().edit((d) => withField(d, ['params', 'limit'], Number('abc')))).toBe(
      false,
    );
    const s = store.getState();
    expect(s.errors.length).toBeGreaterThan(0);
    expect(s.errors.every((e) => e.startsWith('params.limit'))).toBe(true);
    expect(s.input).toBe(input);
    expect(s.run).toBe(run);
    // The next good edit clears them.
    expect(store.getState().edit((d) => withField(d, ['params', 'limit'], 4))).toBe(true);
    expect(store.getState().errors).toEqual([]);
  });

  it('an edit never changes the scenario it was given (the old input stays as it was)', () => {
    const store = createLabStore({ input: structuredClone(local) });
    const old = store.getState().input;
    const copy = structuredClone(old);
    store.getState().edit((d) => withPlacement(withGlobalPolicy(d, true), 'shared'));
    store.getState().edit((d) => {
      d.seed = 7;
    });
    expect(old).toEqual(copy);
    expect(store.getState().input).toMatchObject({ seed: 7, placement: 'shared' });
  });

  it('the second algorithm follows every edit; several policies have none', () => {
    const store = createLabStore({ input: local, lanes: false });
    store.getState().setAltAlgorithm('token-bucket');
    expect(store.getState().altRun!.scenario.policies[0]!.algorithm).toBe('token-bucket');
    store.getState().edit((d) => withTrafficPreset(d, 'burst'));
    expect(store.getState().altRun!.n).toBe(store.getState().run.n);
    store.getState().edit((d) => withGlobalPolicy(d, true));
    expect(store.getState().altRun).toBeNull();
  });

  it('the comparison lane goes and comes back with its checkbox', () => {
    const store = createLabStore({ input: local });
    store.getState().select(1, 'compare');
    store.getState().setLanes(false);
    expect(store.getState()).toMatchObject({ lanes: false, compare: null, selectedLane: 'main' });
    store.getState().setLanes(true);
    expect(store.getState().compare!.countsAt(Infinity)).toMatchObject({ admitted: 3 });
  });
});

describe('the clock', () => {
  it('plays at its speed, stops at the end, and playing from the end starts over', () => {
    const store = createLabStore({ input: local });
    store.getState().play(2);
    store.getState().advanceWall(1, null);
    expect(store.getState().now).toBe(2);
    store.getState().advanceWall(1e6, null);
    expect(store.getState()).toMatchObject({ now: endOf(store.getState()), playing: false });
    store.getState().play();
    expect(store.getState().now).toBe(0);
    store.getState().pause();
    store.getState().advanceWall(5, null);
    expect(store.getState().now).toBe(0);
  });

  it('steps go from event to event, paused, and stop at 0 and at the end', () => {
    const store = createLabStore({ input: local, lanes: false });
    const times: number[] = [];
    for (let k = 0; k < 20 && store.getState().now < endOf(store.getState()); k++) {
      store.getState().step(1);
      times.push(store.getState().now);
    }
    expect(times.slice(0, 5)).toEqual([1, 2, 3, 4, 5].map((t) => expect.closeTo(t, 6)));
    expect(times.every((t, i) => i === 0 || t > times[i - 1]!)).toBe(true);
    expect(store.getState().now).toBe(endOf(store.getState()));
    store.getState().seek(2.5);
    store.getState().step(-1);
    expect(store.getState().now).toBeLessThan(2.5);
    store.getState().seek(0);
    store.getState().step(-1);
    expect(store.getState()).toMatchObject({ now: 0, playing: false });
  });

  it('reset (jump to the start) pauses at 0 with every coarse clock; a bad seek is ignored', () => {
    const store = createLabStore({ input: local, playing: true });
    store.getState().advanceWall(3, 0);
    store.getState().jump('start');
    expect(store.getState()).toMatchObject({
      now: 0,
      playing: false,
      sceneNow: 0,
      compareNow: 0,
      panelNow: 0,
    });
    store.getState().seek(Number.NaN);
    expect(store.getState().now).toBe(0);
    store.getState().seek(-4);
    expect(store.getState().now).toBe(0);
  });
});

describe('share links', () => {
  const change = fc.oneof(
    fc
      .constantFrom('sliding-log', 'token-bucket', 'gcra')
      .map((a) => (d: ScenarioInput) => withAlgorithm(d, a)),
    fc
      .constantFrom('local', 'shared', 'shared-nonatomic')
      .map((p) => (d: ScenarioInput) => withPlacement(d, p)),
    fc
      .constantFrom(...TRAFFIC_PRESETS.map((p) => p.id))
      .map((id) => (d: ScenarioInput) => withTrafficPreset(d, id)),
    fc.integer({ min: 2, max: 4 }).map((n) => (d: ScenarioInput) => withServerCount(d, n)),
    fc.boolean().map((on) => (d: ScenarioInput) => withOutage(d, on, 10)),
  );

  it('a link of the store after any edits reopens the same scenario at the same moment', () => {
    fc.assert(
      fc.property(
        fc.array(change, { maxLength: 4 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (edits, f) => {
          const store = createLabStore({ input: local });
          for (const e of edits) store.getState().edit(e);
          const s0 = store.getState();
          s0.seek(+(f * endOf(s0)).toFixed(3));
          const link = labLinkOf(store.getState());
          const q = new URLSearchParams(link.slice(link.indexOf('?') + 1));
          const read = readLinkScenario(q.get('scenario')!);
          if (!read.ok) throw new Error(read.message);
          const other = createLabStore();
          expect(loadLink(read.input, q.get('t'), {}, other)).toBeNull();
          const a = store.getState();
          const b = other.getState();
          expect(b.input).toEqual(a.input);
          expect(b.now).toBeCloseTo(a.now, 3);
          expect(snapshotAt(b.run, b.now)).toEqual(snapshotAt(a.run, b.now));
        },
      ),
      { numRuns: 12 },
    );
  });

  it('a link that cannot load leaves the store as it was and says why', () => {
    const store = createLabStore({ input: local });
    const before = store.getState();
    expect(loadLink({ ...local, placement: 'nowhere' }, '1', {}, store)).toMatch(
      /^The link's scenario could not be loaded: placement must be one of/,
    );
    expect(store.getState()).toBe(before);
  });

  it('the lab screen’s own store is not touched by these stores', () => {
    expect(labStore.getState().input).toBe(WORKED_EXAMPLE);
  });
});

describe('a change that waits for the lab worker', () => {
  // Big enough to be built off the page's thread (labCompute's PAGE_SYNC_MAX).
  const big = {
    ...fw,
    traffic: [{ pattern: 'steady', ratePerSecond: 100, from: 0, to: (PAGE_SYNC_MAX + 100) / 100 }],
  };
  function gatedWorker() {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const client = {
      compute: (input: unknown, seekable: boolean) =>
        gate.then(() => {
          const r = labRunFromInput(input, { seekable });
          return r.ok
            ? { ok: true, run: packRun(engineOf(r.run)), seekable, notes: [], stops: 0 }
            : r;
        }),
    } as unknown as LabWorkerClient;
    return { client, release: () => release() };
  }

  it('shows "running" and keeps the last run; once the run is in, the change is made', async () => {
    const w = gatedWorker();
    installLabWorker(w.client);
    try {
      const store = createLabStore({ input: local, lanes: false });
      const before = store.getState().run;
      const r = store.getState().load(big);
      expect(r.ok).toBe(true);
      expect(store.getState()).toMatchObject({ running: true, input: local, run: before });
      w.release();
      expect(r.ok && (await r.settled)).toEqual({ ok: true });
      expect(store.getState()).toMatchObject({ running: false, input: big });
      expect(store.getState().run.n).toBe(PAGE_SYNC_MAX + 100);
    } finally {
      installLabWorker(null);
    }
  });

  it('a later change wins over one still waiting', async () => {
    const w = gatedWorker();
    installLabWorker(w.client);
    try {
      const store = createLabStore({ input: local, lanes: false });
      const slow = store.getState().load(big);
      expect(store.getState().load(WORKED_EXAMPLE)).toEqual({ ok: true });
      w.release();
      const answer = slow.ok ? await slow.settled : slow;
      expect(answer).toMatchObject({ ok: false, message: /a later change replaced this one/ });
      expect(store.getState().input).toBe(WORKED_EXAMPLE);
    } finally {
      installLabWorker(null);
    }
  });
});
