import { describe, expect, it } from 'vitest';
import { parseScenario } from '../scenario/validate';
import { labRunFromInput, labRun, snapshotAt } from './labRun';

const five = ['A', 'B', 'A', 'B', 'A'].map((server, i) => ({ at: i + 1, server, key: 'client-1' }));
const fw = { algorithm: 'fixed-window', params: { limit: 3, windowSeconds: 60 } };

describe('LabRun: the one view over an engine run', () => {
  it('counts keep allowed, bypass, unavailable and denied apart; admitted adds the first two', () => {
    const r = labRun(
      parseScenario({
        ...fw,
        failureMode: 'fail-open',
        store: { outages: [{ from: 2.5, to: 3.5 }] },
        requests: five,
      }),
    );
    expect(r.countsAt(Infinity)).toMatchObject({
      allowed: 3,
      bypass: 1,
      denied: 1,
      unavailable: 0,
      admitted: 4,
      decided: 5,
    });
    expect(r.countsAt(3)).toMatchObject({ allowed: 2, bypass: 1, admitted: 3, decided: 3 });
    expect(r.countsAt(2.9)).toMatchObject({ allowed: 2, bypass: 0, admitted: 2, decided: 2 });
    expect(r.request(2)).toMatchObject({ outcome: 'bypass', allowed: true, via: 'none' });
  });
  it('snapshotAt lists the decisions made by then, with their outcome', () => {
    const r = labRun(parseScenario({ ...fw, requests: five }));
    const s = snapshotAt(r, 4);
    expect(s).toMatchObject({ now: 4, allowed: 3, denied: 1, bypass: 0, admitted: 3 });
    expect(s.decisions.map((d) => d.outcome)).toEqual(['allowed', 'allowed', 'allowed', 'denied']);
    expect(s.decisions[3]).toEqual({
      index: 3,
      at: 4,
      server: 'B',
      key: 'client-1',
      allowed: false,
      outcome: 'denied',
      retryAfterSeconds: 56,
    });
  });
  it('keys and tenants are indexed in order of first arrival', () => {
    const r = labRun(
      parseScenario({
        ...fw,
        requests: [
          { at: 2, key: 'b' },
          { at: 1, key: 'a', tenant: 't' },
          { at: 3, key: 'b' },
        ],
      }),
    );
    expect(r.keys).toEqual(['a', 'b']);
    expect(Array.from(r.keyIx)).toEqual([1, 0, 1]);
    expect(r.tenants).toEqual(['t', 'b']);
    expect(Array.from(r.eventTimes)).toEqual([1, 2, 3]);
  });
  it('a run without its operation log has the same outcomes and no seekable state', () => {
    const sc = parseScenario({ ...fw, requests: five });
    const a = labRun(sc);
    const b = labRun(sc, { seekable: false });
    expect(Array.from(b.outcome)).toEqual(Array.from(a.outcome));
    const store = a.targets[0]!.id;
    expect(a.views(store, 10)).toHaveLength(1);
    expect(b.seekable).toBe(false);
    expect(b.views(store, 10)).toEqual([]);
  });
  it('labRunFromInput refuses bad input with the engine messages and never throws', () => {
    const r = labRunFromInput({ ...fw, requests: [{ at: -1 }] });
    expect(r).toMatchObject({ ok: false, errors: ['requests[0].at must be a finite number >= 0'] });
  });
});
