import { describe, expect, it } from 'vitest';
import { encodeShare } from '../core/share';
import { linkTime, loadLink, readLinkScenario } from './labLink';
import { endOf, labStore, WORKED_EXAMPLE } from './labStore';

describe('share links', () => {
  it('a damaged scenario is refused with what is wrong', () => {
    const r = readLinkScenario('notlz');
    expect(r).toMatchObject({ ok: false });
    if (!r.ok) expect(r.message).toMatch(/could not be loaded: the shared link is damaged/);
    const good = readLinkScenario(encodeShare(WORKED_EXAMPLE));
    expect(good).toEqual({ ok: true, input: WORKED_EXAMPLE });
  });
  it('a bad scenario in a good link gets the engine message', () => {
    expect(loadLink({ ...WORKED_EXAMPLE, params: { limit: 0, windowSeconds: 60 } }, null)).toBe(
      "The link's scenario could not be loaded: params.limit must be a finite number > 0",
    );
  });
  it('the time in the link moves the clock', () => {
    expect(loadLink(WORKED_EXAMPLE, '3.5')).toBeNull();
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
