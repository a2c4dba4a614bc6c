import { describe, expect, it } from 'vitest';
import { labRun, labRunFromInput } from '../lab/labRun';
import { compareSentence, decide, readPrediction } from './predict';

function run(placement: string, extra: Record<string, unknown> = {}) {
  const r = labRunFromInput({
    algorithm: 'fixed-window',
    params: { limit: 3, windowSeconds: 60 },
    placement,
    seed: 1,
    requests: ['A', 'B', 'A', 'B', 'A'].map((server, i) => ({
      at: (i + 1) / 2,
      server,
      key: 'client-1',
    })),
    ...extra,
  });
  if (!r.ok) throw new Error(r.message);
  return r.run;
}

describe('decide reads the answer off the engine run', () => {
  it('counts what got through in each placement, and when the last decision fell', () => {
    const local = run('local');
    const shared = run('shared');
    const a = decide('admitted', local);
    const b = decide('admitted', shared);
    expect(a.answer).toBe(local.countsAt(Infinity).admitted);
    expect(b.answer).toBe(shared.countsAt(Infinity).admitted);
    expect(a.answer).toBeGreaterThan(b.answer);
    expect(a.total).toBe(5);
    expect(b.at).toBe(Math.max(...Array.from(shared.decidedAt)));
  });

  it('finds the first refused request in decision order, with its decision time', () => {
    const shared = run('shared');
    const d = decide('first-refused', shared);
    const firstDenied = Array.from(shared.byDecision).find((i) => shared.outcome[i] !== 0)!;
    expect(d.answer).toBe(firstDenied + 1);
    expect(d.at).toBe(shared.decidedAt[firstDenied]);
    expect(decide('first-refused', run('local')).answer).toBe(0);
  });

  it('reads a bare run the same way (bypass counts as through)', () => {
    const bare = {
      n: 3,
      outcome: [3, 1, 0],
      decidedAt: [2, 1, 3],
      byDecision: [1, 0, 2],
    };
    expect(decide('admitted', bare)).toEqual({ answer: 2, at: 3, total: 3 });
    expect(decide('first-refused', bare)).toEqual({ answer: 2, at: 1, total: 3 });
  });

  it('works on a larger generated run', () => {
    const r = labRun(
      (() => {
        const b = labRunFromInput({
          algorithm: 'token-bucket',
          params: { capacity: 4, refillPerSecond: 1 },
          placement: 'shared',
          traffic: [{ pattern: 'steady', ratePerSecond: 3, from: 0, to: 5, key: 'k' }],
        });
        if (!b.ok) throw new Error(b.message);
        return b.run.scenario;
      })(),
    );
    expect(decide('admitted', r).answer).toBe(r.countsAt(Infinity).admitted);
  });

  it('reads only the requests decided by a moment (a deck step at its time)', () => {
    const b = labRunFromInput({
      algorithm: 'token-bucket',
      params: { capacity: 4, refillPerSecond: 1 },
      placement: 'shared',
      store: { latencySeconds: 0.04 },
      traffic: [{ pattern: 'steady', ratePerSecond: 3, from: 0, to: 5, key: 'k' }],
    });
    if (!b.ok) throw new Error(b.message);
    const r = b.run;
    for (const t of [0.5, 1.7, 2, 3.33]) {
      const d = decide('admitted', r, t);
      const within = Array.from(r.decidedAt).filter((x) => x <= t);
      expect(d.total).toBe(within.length);
      expect(d.answer).toBe(r.countsAt(t).admitted);
      expect(d.at).toBe(Math.max(...within));
    }
    expect(decide('admitted', r, 1e9)).toEqual(decide('admitted', r));
    const bare = { n: 3, outcome: [0, 1, 1], decidedAt: [1, 2, 3], byDecision: [0, 1, 2] };
    expect(decide('first-refused', bare, 1.5)).toEqual({ answer: 0, at: 1, total: 1 });
    expect(decide('first-refused', bare, 2)).toEqual({ answer: 2, at: 2, total: 2 });
  });
});

describe('readPrediction names what is wrong', () => {
  it('takes whole numbers in range', () => {
    expect(readPrediction('admitted', ' 4 ', 5)).toEqual({ ok: true, value: 4 });
    expect(readPrediction('admitted', '0', 5)).toEqual({ ok: true, value: 0 });
    expect(readPrediction('first-refused', 'none', 5)).toEqual({ ok: true, value: 0 });
  });
  it('refuses empty, non-numbers and out of range, saying which', () => {
    const e = (x: ReturnType<typeof readPrediction>) => (x.ok ? '' : x.message);
    expect(e(readPrediction('admitted', '', 5))).toMatch(/Type a number/);
    expect(e(readPrediction('admitted', 'lots', 5))).toMatch(/"lots" is not a whole number/);
    expect(e(readPrediction('admitted', '2.5', 5))).toMatch(/not a whole number/);
    expect(e(readPrediction('admitted', '6', 5))).toMatch(/6 is not between 0 and 5/);
    expect(e(readPrediction('first-refused', '0', 5))).toMatch(/no request 0/);
  });
});

describe('compareSentence', () => {
  const d = { answer: 5, at: 2.5, total: 5 };
  it('says right or wrong with both numbers', () => {
    expect(compareSentence('admitted', 5, d)).toEqual({
      right: true,
      text: 'Right: you predicted 5, and 5 requests of 5 got through.',
    });
    const w = compareSentence('admitted', 3, d);
    expect(w.right).toBe(false);
    expect(w.text).toBe('Not this time: you predicted 3, but 5 requests of 5 got through.');
  });
  it('just shows when there is no prediction', () => {
    expect(compareSentence('first-refused', null, { answer: 4, at: 2, total: 5 })).toEqual({
      right: null,
      text: 'Here is what happened: request 4 was refused first.',
    });
  });
});

describe('statesOutcome', () => {
  it('finds captions that give an outcome away', async () => {
    const { statesOutcome } = await import('./predict');
    expect(statesOutcome('Fixed window: 200 admitted in two seconds. Sliding log: 100.')).toBe(
      true,
    );
    expect(
      statesOutcome('Capacity 2, refill 0.5/s: the third request gets 429 with Retry-After 2.'),
    ).toBe(true);
    expect(
      statesOutcome('The counter holds 2 and the limit is 3: only one of these two requests fits.'),
    ).toBe(true);
    expect(statesOutcome('Two servers behind a load balancer, one client.')).toBe(false);
  });
});

describe('statesOutcome in plain words', () => {
  /** The lessons' plain wording for an outcome (true), and the scene's state (false). */
  const CASES: [caption: string, states: boolean][] = [
    ['Each is within its budget, so all five got in.', true],
    ['the 50 still trying make their fifth attempt; 10 get in. The other 40 give up.', true],
    ['More than 3 get in.', true],
    ['Eight servers with their own counters of 10 let 40 requests through.', true],
    ['Counting admissions lets 2 in, counting attempts lets 1 in.', true],
    ['all 5 got through, 2 over the limit of 3.', true],
    ['The counter never expires and the client is locked out.', true],
    ['The overshoot is invisible in the data.', true],
    ['Whatever the order, exactly the two that fit get in.', true],
    ['Random routing sends more than 100 to server A.', true],
    ['3 of 6 requests pass.', true],
    ['Each server lets the client in at 0 s.', true],
    ['Requests 2 and 3 arrive in the same instant and fill window 0: counter 3 of 3.', false],
    [
      'After 0, 10 and 20 s the log holds three timestamps: {0, 10, 20}. The limit is reached.',
      false,
    ],
    ['Request 3 lands on A again. A has counted two, B has counted one. Nobody is over 3.', false],
    ['A reads 60 s: window 1. Its script counts this request in the key of window 1.', false],
    ['With sticky routing every request lands on one server, so local counters look right.', false],
    ['The load balancer lets servers keep counts in memory.', false],
    ['Step 2 of 5: the request goes in through server B and gets into the queue.', false],
  ];
  it('finds outcomes in plain words and leaves counters, logs, clocks and routing alone', async () => {
    const { statesOutcome } = await import('./predict');
    expect(CASES.filter(([c, states]) => statesOutcome(c) !== states)).toEqual([]);
  });
});
