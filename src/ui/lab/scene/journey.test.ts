// The dot's journey, checked in Node: a pure function of the run, the request and the time.
import { describe, expect, it } from 'vitest';
import { OUTCOME } from '../../../core/lab/columns';
import { labRun } from '../../../core/lab/labRun';
import { parseScenario } from '../../../core/scenario/validate';
import { geometry } from './geometry';
import { dotAt, firstOnScreen, maxSpan, placeWrite, type DotPlace } from './journey';

const five = ['A', 'B', 'A', 'B', 'A'].map((server, i) => ({ at: i + 1, server, key: 'client-1' }));
const fw = { algorithm: 'fixed-window', params: { limit: 3, windowSeconds: 60 } };
const run = (sc: object) => labRun(parseScenario(sc));
const HOP = 0.4;
/** A point, to float noise. */
const at = (p: { x: number; y: number }) => ({
  x: expect.closeTo(p.x, 6),
  y: expect.closeTo(p.y, 6),
});

describe('the dot of a request travels along the run’s event times', () => {
  const r = run({ ...fw, store: { latencySeconds: 0.2 }, requests: five });
  for (const narrow of [false, true]) {
    const geo = geometry(r, narrow);
    const client = geo.clients[0]!;
    const server = (i: number) => geo.servers[r.serverIx[i]!]!.c;
    it(`${narrow ? 'narrow' : 'wide'}: client, balancer, server, store and back`, () => {
      // Not sent yet, then leaving the client one hop before it reaches the server at `at`.
      expect(dotAt(r, geo, 0, 1 - HOP - 0.01, HOP)).toBeNull();
      expect(dotAt(r, geo, 0, 1 - HOP, HOP)).toMatchObject({
        ...at(client),
        leg: 'to-balancer',
        shows: -1,
      });
      expect(dotAt(r, geo, 0, 1 - HOP / 2, HOP)).toMatchObject({ ...at(geo.lb), leg: 'to-server' });
      // At `at` it is at the server and leaves for the store (0.2 s away).
      expect(dotAt(r, geo, 0, 1, HOP)).toMatchObject({ ...at(server(0)), leg: 'to-store' });
      const store = geo.storeAt[r.serverIx[0]!]!;
      expect(dotAt(r, geo, 0, 1.2, HOP)).toMatchObject({ ...at(store), leg: 'from-store' });
      // The atomic store decided: the reply carries the outcome.
      const mid = dotAt(r, geo, 0, 1.3, HOP)!;
      expect(mid.shows).toBe(OUTCOME.allowed);
      expect(mid.x).toBeCloseTo((store.x + server(0).x) / 2, 6);
      // Answered at 1.4, home one hop later; a denied one carries its 429 home.
      expect(dotAt(r, geo, 0, 1.4, HOP)).toMatchObject({
        ...at(server(0)),
        leg: 'to-balancer-back',
      });
      expect(dotAt(r, geo, 0, 1.4 + HOP, HOP)).toMatchObject({ ...at(client), leg: 'to-client' });
      expect(dotAt(r, geo, 0, 1.4 + HOP + 0.01, HOP)).toBeNull();
      expect(dotAt(r, geo, 3, 4.5, HOP)!.shows).toBe(OUTCOME.denied);
    });
  }

  it('local placement: decided at the server, no store leg', () => {
    const l = run({ ...fw, placement: 'local', requests: five });
    const geo = geometry(l);
    expect(geo.store).toBeNull();
    expect(dotAt(l, geo, 1, 2, HOP)).toMatchObject({ leg: 'to-balancer-back', shows: 0 });
  });

  it('a leaky bucket holds the admitted request at the server for its delay', () => {
    const lb = run({
      algorithm: 'leaky-bucket',
      params: { ratePerSecond: 1, burst: 2 },
      requests: [{ at: 0 }, { at: 0 }, { at: 0 }],
    });
    const geo = geometry(lb);
    expect(dotAt(lb, geo, 2, 1.5, HOP)).toMatchObject({ leg: 'at-server', shows: 0 });
    expect(dotAt(lb, geo, 2, 2.1, HOP)!.leg).toBe('to-balancer-back');
  });

  it('read then write: the read brings back a count, the write travels on its own', () => {
    const na = run({
      ...fw,
      placement: 'shared-nonatomic',
      store: { latencySeconds: 0.5 },
      requests: five,
    });
    const geo = geometry(na);
    // The reply of a read carries no outcome: the server decides after it.
    expect(dotAt(na, geo, 0, 1.7, HOP)).toMatchObject({ leg: 'from-store', shows: -1 });
    const w: DotPlace = { x: 0, y: 0, leg: 'to-balancer', shows: -1 };
    expect(placeWrite(na, geo, 0, 2.25, w)).toBe(true);
    expect(w.leg).toBe('to-store');
    expect(placeWrite(na, geo, 0, 1.5, w)).toBe(false);
  });

  it('the painter starts from the first request that can be on screen', () => {
    const steady = run({
      ...fw,
      params: { limit: 1000, windowSeconds: 1 },
      traffic: [{ pattern: 'steady', ratePerSecond: 10, from: 0, to: 100 }],
    });
    const geo = geometry(steady);
    const span = maxSpan(steady);
    for (const now of [0, 5, 50.05, 99.9]) {
      const j = firstOnScreen(steady, now, HOP);
      // Every request before j is home; the one at j may still be out.
      for (let k = Math.max(0, j - 5); k < j; k++)
        expect(dotAt(steady, geo, steady.byArrival[k]!, now, HOP)).toBeNull();
      expect(steady.at[steady.byArrival[j] ?? 0]!).toBeGreaterThanOrEqual(now - span - HOP - 1e-9);
    }
  });
});
