// The sliding-log problems: write-sliding-log-weighted and fix-sliding-log-bound.
import { scriptGrader } from '../scriptGrader';
import { addedMembers, ex, logUntil, times } from './shared';

export const writeSlidingLogWeighted = scriptGrader({
  id: 'write-sliding-log-weighted',
  reference: { algorithm: 'sliding-log', params: { limit: 10, windowSeconds: 60 } },
  referenceName: 'the built-in sliding log (10 units per 60 s)',
  spec: { keys: ['rl:log:{key}'], args: ['10', '60', '{cost}'] },
  maxCost: 10,
  spans: [{ seconds: 60, name: 'one window (60 s)' }],
  afterRefusal: addedMembers,
  stateUntil: logUntil(60),
  examples: [
    ex('10 units at once (N)', times(10, 0.731)),
    ex('11 units at once (N+1)', times(11, 0.731)),
    ex('a full log, then requests 1 ms before, at, and after one window', [
      ...times(10, 5.123456),
      { at: 65.122456 },
      { at: 65.123456 },
      { at: 65.123456 },
      { at: 65.124456 },
    ]),
    ex('costs 4, 4, 4, then 4 exactly when the first entry leaves', [
      { at: 0.5, cost: 4 },
      { at: 5.25, cost: 4 },
      { at: 10.125, cost: 4 },
      { at: 60.5, cost: 4 },
      { at: 60.5, cost: 4 },
    ]),
    ex('fractional costs and a cost above the limit', [
      { at: 1.1, cost: 0.5 },
      { at: 1.1, cost: 2.5 },
      { at: 2.2, cost: 11 },
      { at: 2.2, cost: 7 },
      { at: 2.3, cost: 0.5 },
      { at: 2.4, cost: 0.5 },
    ]),
    ex('two clients do not share a log', [
      ...times(10, 1.01, { key: 'alice' }),
      ...times(10, 2.02, { key: 'bob' }),
      { at: 3.03, key: 'alice' },
    ]),
  ],
  traffic: {
    spans: [60],
    maxGap: 40,
    keys: ['alice', 'bob'],
    costs: [1, 1, 2, 4, 0.5],
    bigCost: 11,
    exactCost: 10,
    maxRequests: 26,
  },
  stepped: {
    maxOffset: 30,
    check: { kind: 'window', limit: 10, window: 60 },
    recovery: 61,
    probe: 11,
  },
  passSummary:
    'Your sliding log agrees with the built-in on every hidden case, Retry-After included.',
});

// ---- fix-sliding-log-bound -------------------------------------------------------------

export const fixSlidingLogBound = scriptGrader({
  id: 'fix-sliding-log-bound',
  reference: { algorithm: 'sliding-log', params: { limit: 4, windowSeconds: 10 } },
  referenceName: 'the built-in sliding log (4 per 10 s)',
  spec: { keys: ['rl:log:{key}'], args: ['4', '10'] },
  // Unit costs and one small log: cheap runs, so many of them (a bound 1 us off shows only when
  // the log is full exactly one window minus 1 us after an entry).
  runs: 120,
  spans: [{ seconds: 10, name: 'one window (10 s)' }],
  afterRefusal: addedMembers,
  stateUntil: logUntil(10),
  examples: [
    ex('4 requests at once (N)', times(4, 1.000001)),
    ex('5 requests at once (N+1)', times(5, 1.000001)),
    ex('a request exactly one window after the oldest entry', [
      ...[1.1, 1.2, 1.3, 1.4].map((at) => ({ at })),
      { at: 11.1 },
      { at: 11.2 },
      { at: 11.25 },
    ]),
    ex('1 ms before and 1 ms after one window', [
      ...[2.5, 3.5, 4.5, 5.5].map((at) => ({ at })),
      { at: 12.499 },
      { at: 12.501 },
      { at: 13.5 },
    ]),
    ex('two clients do not share a log', [
      ...times(4, 1.5, { key: 'alice' }),
      ...times(5, 1.5, { key: 'bob' }),
      { at: 11.5, key: 'alice' },
    ]),
  ],
  traffic: {
    spans: [10],
    maxGap: 7,
    keys: ['alice', 'bob'],
    costs: [1],
    maxRequests: 26,
  },
  stepped: {
    maxOffset: 6,
    check: { kind: 'window', limit: 4, window: 10 },
    recovery: 11,
    probe: 5,
  },
  passSummary:
    'An entry exactly one window old is gone, as the contract says, on every hidden case.',
});
