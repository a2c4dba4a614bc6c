import { describe, expect, it } from 'vitest';
import { snapshotAt } from '../core/lab/labRun';
import { encodeShare } from '../core/share';
import {
  labLinkOf,
  linkTime,
  loadLink,
  readLinkCompare,
  readLinkScenario,
  safeBack,
} from './labLink';
import { createLabStore, endOf, labStore, WORKED_EXAMPLE } from './labStore';

describe('share links', () => {
  it('a damaged scenario is refused with what is wrong', () => {
    const r = readLinkScenario('notlz');
    expect(r).toMatchObject({ ok: false });
    if (!r.ok) expect(r.message).toMatch(/could not be loaded: the shared link is damaged/);
    const good = readLinkScenario(encodeShare(WORKED_EXAMPLE));
    expect(good).toEqual({ ok: true, input: WORKED_EXAMPLE });
  });
  it('a link whose scenario is not an object is refused naming what it is', () => {
    for (const [v, what] of [
      [null, 'null'],
      [7, 'a number'],
      ['x', 'a string'],
      [[WORKED_EXAMPLE], 'an array'],
      [true, 'a boolean'],
    ] as const) {
      const r = readLinkScenario(encodeShare(v));
      expect(r).toEqual({
        ok: false,
        message: `The link's scenario could not be loaded: scenario must be a JSON object of scenario fields, not ${what}`,
      });
      // Loading it anyway (a stale caller) is a message too, never a throw.
      expect(loadLink(v, null, {}, createLabStore())).toMatch(
        /must be a JSON object of scenario fields, not /,
      );
    }
  });
  it('absurd numbers and huge arrays in a link are messages naming the field', () => {
    const store = createLabStore();
    const absurd = { ...WORKED_EXAMPLE, params: { limit: 1e308, windowSeconds: -1 } };
    expect(loadLink(absurd, null, {}, store)).toMatch(/params\.limit must be at most/);
    const nan = { ...WORKED_EXAMPLE, params: { limit: 'NaN', windowSeconds: 60 } };
    expect(loadLink(nan, null, {}, store)).toMatch(/params\.limit/);
    const huge = { ...WORKED_EXAMPLE, requests: new Array(20_000).fill(null) };
    expect(loadLink(huge, null, {}, store)).toMatch(/requests/);
  });
  it('a bad scenario in a good link gets the engine message', () => {
    expect(loadLink({ ...WORKED_EXAMPLE, params: { limit: 0, windowSeconds: 60 } }, null)).toBe(
      "The link's scenario could not be loaded: params.limit must be a finite number > 0",
    );
  });
  it('the time in the link moves the clock', () => {
    // Five requests a second apart (the worked example's are half a second apart).
    const spaced = {
      ...WORKED_EXAMPLE,
      requests: (WORKED_EXAMPLE.requests as { at: number }[]).map((r, i) => ({ ...r, at: i + 1 })),
    };
    expect(loadLink(spaced, '3.5')).toBeNull();
    expect(labStore.getState().now).toBe(3.5);
    expect(labStore.getState().playing).toBe(false);
  });
  it('t=1e308 is refused with a message and opens at the end; t=abc and t=-1 at 0', () => {
    const m = loadLink(WORKED_EXAMPLE, '1e308');
    const end = endOf(labStore.getState());
    expect(m).toBe(
      `The link's time t=1e308 is past the end of this run (${end.toFixed(2)} s); it opens at the end instead.`,
    );
    expect(labStore.getState().now).toBe(end);
    for (const t of ['abc', '-1', 'Infinity', 'NaN']) {
      expect(loadLink(WORKED_EXAMPLE, t)).toMatch(/is not a number of seconds from 0/);
      expect(labStore.getState().now).toBe(0);
    }
  });
  it('a copied link may round up past the end by a millisecond', () => {
    expect(linkTime('10.0004', 10)).toEqual({ t: 10.0004, message: null });
    expect(linkTime(null, 10)).toEqual({ t: 0, message: null });
    expect(linkTime('x'.repeat(5000), 10).message!.length).toBeLessThan(200);
  });
});

describe('links from a lesson widget', () => {
  const fw = { algorithm: 'fixed-window', params: { limit: 3, windowSeconds: 60 } };
  const five = ['A', 'B', 'A', 'B', 'A'].map((server, i) => ({ at: i + 1, server, key: 'c' }));
  const scenario = { ...fw, placement: 'local', requests: five };

  it('carry both lanes, the time, the selection and the way back, and reopen them exactly', () => {
    const widget = createLabStore({
      input: scenario,
      compare: { algorithm: 'sliding-log' },
      titles: ['fixed', 'log'],
    });
    widget.getState().seek(4.25);
    widget.getState().select(3, 'compare');
    const link = labLinkOf(widget.getState(), '#/lessons/fixed-window?lab=2');
    const q = new URLSearchParams(link.slice(link.indexOf('?') + 1));
    expect(q.get('t')).toBe('4.25');
    expect(q.get('sel')).toBe('4');
    expect(q.get('lane')).toBe('compare');
    expect(q.get('back')).toBe('#/lessons/fixed-window?lab=2');

    const lab = createLabStore();
    const input = readLinkScenario(q.get('scenario')!);
    expect(input.ok).toBe(true);
    const msg = loadLink(
      input.ok ? input.input : null,
      q.get('t'),
      { compare: q.get('compare'), sel: q.get('sel'), lane: q.get('lane') },
      lab,
    );
    expect(msg).toBeNull();
    const s = lab.getState();
    expect(s.now).toBe(4.25);
    expect(s.selected).toBe(3);
    expect(s.selectedLane).toBe('compare');
    expect(s.compareInput).toEqual({ ...scenario, algorithm: 'sliding-log' });
    expect(s.titles).toEqual(['fixed', 'log']);
    expect(snapshotAt(s.compare!, s.now)).toEqual(
      snapshotAt(widget.getState().compare!, widget.getState().now),
    );
  });

  it('a damaged second lane opens the scenario with the lab comparison and says so', () => {
    const lab = createLabStore();
    const bad = encodeShare({ with: { algorithm: 'no-such' } });
    const msg = loadLink(scenario, '2', { compare: bad }, lab);
    expect(msg).toMatch(/second lane could not be loaded: algorithm must be one of/);
    expect(lab.getState().compareOverride).toBeNull();
    expect(lab.getState().now).toBe(2);
    expect(readLinkCompare('notlz')).toMatchObject({ ok: false });
    expect(readLinkCompare(encodeShare([1]))).toMatchObject({ ok: false });
  });

  it('a selection past the run is ignored; back only leads to a lesson or a problem', () => {
    const lab = createLabStore();
    loadLink(scenario, null, { sel: '99' }, lab);
    expect(lab.getState().selected).toBeNull();
    expect(safeBack('#/lessons/fixed-window?lab=2')).toBe('#/lessons/fixed-window?lab=2');
    expect(safeBack('#/practice/predict-local-vs-shared')).toBe(
      '#/practice/predict-local-vs-shared',
    );
    for (const bad of [
      'https://evil.example/',
      'javascript:alert(1)',
      '#/lab?x=1',
      '#/lessons/../x',
    ])
      expect(safeBack(bad)).toBeNull();
  });
});
