// Lesson widgets' stores: each its own, opened where the run first gets interesting (or where
// the block's `start` says), with every lesson's lab block building one.
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import '../core/lua/register';
import { prepareLimiters } from '../core/limiters/registry';
import { createLabStore, endOf, labStore } from './labStore';
import { createWidgetStore, widgetSpeed } from './widgetStore';

const fw = { algorithm: 'fixed-window', params: { limit: 3, windowSeconds: 60 } };
const five = ['A', 'B', 'A', 'B', 'A'].map((server, i) => ({ at: i + 1, server, key: 'c' }));

describe('lab stores are instances', () => {
  it('two stores keep their own scenario, clock and selection; the lab screen’s is untouched', () => {
    const before = labStore.getState().input;
    const a = createLabStore({ input: { ...fw, requests: five } });
    const b = createLabStore({ input: { ...fw, placement: 'local', requests: five } });
    a.getState().seek(2);
    a.getState().select(1);
    b.getState().play();
    b.getState().advanceWall(0.5, null);
    expect(a.getState().now).toBe(2);
    expect(b.getState().now).toBeCloseTo(0.25);
    expect(b.getState().selected).toBeNull();
    expect(a.getState().run).not.toBe(b.getState().run);
    expect(labStore.getState().input).toBe(before);
  });

  it('Home and End jump to the start and the end, paused', () => {
    const s = createLabStore({ input: { ...fw, requests: five }, playing: true });
    s.getState().jump('end');
    expect(s.getState()).toMatchObject({ now: endOf(s.getState()), playing: false });
    s.getState().jump('start');
    expect(s.getState().now).toBe(0);
  });
});

describe('a widget opens at its first interesting moment', () => {
  it('the two-server example opens on request 4, selected in the lane that answered 429', () => {
    const w = createWidgetStore({
      title: 'Same five requests',
      ...fw,
      placement: 'local',
      servers: 2,
      requests: five,
      compare: { placement: 'shared' },
    });
    if (!w.ok) throw new Error(w.message);
    const s = w.store.getState();
    expect(w.moment).toMatchObject({ reason: 'divergence', request: 3, lane: 'compare' });
    expect(s).toMatchObject({ now: 4, playing: false, selected: 3, selectedLane: 'compare' });
    expect(s.run.countsAt(s.now).admitted).toBe(4);
    expect(s.compare!.countsAt(s.now)).toMatchObject({ admitted: 3, denied: 1 });
    // The lab's own names for a placement-only comparison.
    expect(s.titles).toEqual([null, null]);
    expect(s.compareOverride).toEqual({ placement: 'shared' });
  });

  it('`start` overrides: a time (clamped to the run), "end", "first"', () => {
    const base = { ...fw, requests: five };
    const at = createWidgetStore({ ...base, start: 2.5 });
    const end = createWidgetStore({ ...base, start: 'end' });
    const past = createWidgetStore({ ...base, start: 1e9 });
    const first = createWidgetStore({ ...base, start: 'first' });
    if (!at.ok || !end.ok || !past.ok || !first.ok) throw new Error('bad');
    expect(at.store.getState().now).toBe(2.5);
    expect(at.store.getState().selected).toBeNull();
    expect(end.store.getState().now).toBe(endOf(end.store.getState()));
    expect(past.store.getState().now).toBe(endOf(past.store.getState()));
    expect(first.store.getState().now).toBe(4);
  });

  it('lane titles from the block, a broken second lane, a broken scenario', () => {
    const titled = createWidgetStore({
      ...fw,
      requests: five,
      compare: { algorithm: 'sliding-log' },
      lanes: ['fixed', 'sliding'],
    });
    if (!titled.ok) throw new Error(titled.message);
    expect(titled.store.getState().titles).toEqual(['fixed', 'sliding']);
    const bad = createWidgetStore({ ...fw, requests: five, compare: { params: { limit: -1 } } });
    expect(bad).toMatchObject({ ok: true, compareError: expect.stringMatching(/limit/) });
    if (bad.ok) expect(bad.store.getState().compare).toBeNull();
    expect(createWidgetStore({ ...fw, requests: [{ at: -1 }] })).toMatchObject({ ok: false });
  });

  it('plays a run in about 15 s at its starting speed', () => {
    expect(widgetSpeed(5)).toBe(0.5);
    expect(widgetSpeed(62)).toBe(5);
    expect(widgetSpeed(1e6)).toBe(100);
  });

  it('every lesson lab block builds a store, paused at a moment inside its run', async () => {
    await prepareLimiters(['lua']);
    let n = 0;
    for (const f of readdirSync('lessons').filter((x) => x.endsWith('.md'))) {
      const text = readFileSync(`lessons/${f}`, 'utf8');
      for (const m of text.matchAll(/^```lab\n([\s\S]*?)^```/gm)) {
        const w = createWidgetStore(JSON.parse(m[1]!) as Record<string, unknown>);
        expect(w.ok, `${f}: ${w.ok ? '' : w.message}`).toBe(true);
        if (!w.ok) continue;
        const s = w.store.getState();
        expect(w.compareError, f).toBeNull();
        expect(s.now).toBeGreaterThanOrEqual(0);
        expect(s.now).toBeLessThanOrEqual(endOf(s));
        expect(s.playing).toBe(false);
        n++;
      }
    }
    expect(n).toBeGreaterThanOrEqual(20);
  });
});
