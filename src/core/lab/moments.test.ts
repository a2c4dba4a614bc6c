import { describe, expect, it } from 'vitest';
import { OUTCOME } from './columns';
import { labRunFromInput, labRun, type LabRun } from './labRun';
import { firstMoment, overTheLimit, referenceScenario, sameRequests } from './moments';

const fw = { algorithm: 'fixed-window', params: { limit: 3, windowSeconds: 60 } };
const five = ['A', 'B', 'A', 'B', 'A'].map((server, i) => ({ at: i + 1, server, key: 'c' }));
const run = (s: Record<string, unknown>): LabRun => {
  const r = labRunFromInput(s);
  if (!r.ok) throw new Error(r.message);
  return r.run;
};

describe('the first interesting moment', () => {
  it('two lanes: the first request they decide differently, pointed at in the lane that refused', () => {
    const local = run({ ...fw, placement: 'local', requests: five });
    const shared = run({ ...fw, placement: 'shared', requests: five });
    expect(firstMoment(local, shared)).toEqual({
      t: 4,
      request: 3,
      lane: 'compare',
      reason: 'divergence',
    });
    // The other way round, the refusing lane is the main one.
    expect(firstMoment(shared, local)).toMatchObject({ t: 4, request: 3, lane: 'main' });
  });

  it('one lane: the first request not simply admitted (a 429, a 503, a bypass)', () => {
    expect(firstMoment(run({ ...fw, requests: five }), null)).toEqual({
      t: 4,
      request: 3,
      lane: 'main',
      reason: 'denied',
    });
    const outage = run({ ...fw, requests: five, store: { outages: [{ from: 1.5, to: 2.5 }] } });
    expect(firstMoment(outage, null)).toMatchObject({ request: 1, reason: 'unavailable' });
    const open = run({
      ...fw,
      requests: five,
      failureMode: 'fail-open',
      store: { outages: [{ from: 2.5, to: 3.5 }] },
    });
    expect(firstMoment(open, null)).toMatchObject({ request: 2, reason: 'bypass' });
  });

  it('lanes that agree fall back to the first refusal; nothing refused opens at the last decision', () => {
    const a = run({ ...fw, requests: five });
    const b = run({ ...fw, requests: five, seed: 9 });
    expect(firstMoment(a, b)).toMatchObject({ t: 4, request: 3, reason: 'denied' });
    const calm = run({ ...fw, params: { limit: 10, windowSeconds: 60 }, requests: five });
    expect(firstMoment(calm, null)).toEqual({ t: 5, request: null, lane: 'main', reason: 'end' });
  });

  it('lanes with different traffic: the first moment their counts differ', () => {
    const base = {
      algorithm: 'token-bucket',
      params: { capacity: 2, refillPerSecond: 1 },
      seed: 3,
      traffic: [{ pattern: 'steady', ratePerSecond: 2, from: 0, to: 5 }],
    };
    const storm = {
      ...base,
      traffic: [{ pattern: 'retry-storm', clients: 6, at: 0, jitter: false, maxAttempts: 3 }],
    };
    const a = run(base);
    const b = run(storm);
    expect(sameRequests(a, b)).toBe(false);
    const m = firstMoment(a, b);
    expect(m.reason).toBe('divergence');
    const key = (r: LabRun, t: number) => JSON.stringify(r.countsAt(t));
    expect(key(a, m.t)).not.toBe(key(b, m.t));
    // Just before, they agreed.
    expect(key(a, m.t - 1e-6)).toBe(key(b, m.t - 1e-6));
  });
});

describe('admissions over the limit', () => {
  it('the worked example: the 4th and 5th local admissions are over the limit of 3', () => {
    const local = run({ ...fw, placement: 'local', requests: five });
    const ref = referenceScenario(local.scenario)!;
    expect(ref.placement).toBe('shared');
    const over = overTheLimit(local, run({ ...fw, placement: 'shared', requests: five }))!;
    expect(over.quota).toBe(3);
    expect(over.requests).toEqual([3, 4]);
    expect([...over.flags]).toEqual([0, 0, 0, 1, 1]);
  });

  it('one shared counter with nothing going wrong has no reference: it is the limit', () => {
    expect(referenceScenario(run({ ...fw, requests: five }).scenario)).toBeNull();
    // Failing open during an outage lets requests through that the limit would refuse.
    const open = run({
      ...fw,
      requests: five,
      failureMode: 'fail-open',
      store: { outages: [{ from: 3.5, to: 5.5 }] },
    });
    const ref = referenceScenario(open.scenario)!;
    expect(ref.store.outages).toEqual([]);
    const over = overTheLimit(open, run({ ...fw, requests: five }))!;
    expect(over.requests).toEqual([3, 4]);
  });

  it('different requests, or several policies, have no single answer', () => {
    const a = run({ ...fw, requests: five });
    const b = run({ ...fw, requests: five.slice(0, 4) });
    expect(overTheLimit(a, b)).toBeNull();
    const multi = run({
      placement: 'local',
      policies: [
        { id: 'a', ...fw },
        { id: 'b', ...fw },
      ],
      requests: five,
    });
    expect(referenceScenario(multi.scenario)).toBeNull();
  });
});

describe('a 503 is not an admission', () => {
  it('failing closed through an outage: 3 of a limit of 3 admitted, none over the limit', () => {
    const closed = run({
      ...fw,
      requests: five,
      failureMode: 'fail-closed',
      store: { outages: [{ from: 1.5, to: 3.5 }] },
    });
    expect([...closed.outcome.slice(0, 5)]).toEqual([
      OUTCOME.allowed,
      OUTCOME.unavailable,
      OUTCOME.unavailable,
      OUTCOME.allowed,
      OUTCOME.allowed,
    ]);
    const ref = referenceScenario(closed.scenario, closed)!;
    // The reference charges only what the run's limiter decided: the 503s are left out.
    expect(ref.requests.map((r) => r.at)).toEqual([1, 4, 5]);
    const over = overTheLimit(closed, labRun(ref, { seekable: false }))!;
    expect(over.requests).toEqual([]);
    // Without the run, the reference charges all five and would mark the last admission.
    const blind = referenceScenario(closed.scenario)!;
    expect(overTheLimit(closed, labRun(blind, { seekable: false }))!.requests).toEqual([3, 4]);
  });
});
