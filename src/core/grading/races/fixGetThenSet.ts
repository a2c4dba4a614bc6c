// fix-get-then-set: a fixed window (3 per 60 s) whose GET then SET races; only one atomic
// decision per request passes, and a refused request must not change the count.
import { LUA_EPOCH } from '../../lua/luaLimiter';
import { burst, gridPoisson } from '../harness';
import { raceGrader } from './grader';
import { at, d, overLimitThenSmall, twoClientTraffic } from './shared';

/** Unix time lined up with 60-s windows (the lab's clock starts 20 s into one). */
const EPOCH_60 = Math.ceil(LUA_EPOCH / 60) * 60;

export const fixGetThenSet = raceGrader({
  id: 'fix-get-then-set',
  reference: { algorithm: 'fixed-window', params: { limit: 3, windowSeconds: 60 } },
  referenceName: 'the built-in fixed window (3 per 60 s)',
  spec: { keys: ['rl:fw:{key}'], args: ['3', '60', '{cost}'] },
  epoch: EPOCH_60,
  noChargeWhenDenied: true,
  stateUntil: (t) => (Math.floor(t / 60 + 1e-9) + 1) * 60,
  decisions: [
    d('3 requests, one after another (N)', burst(1, 3)),
    d('4 requests, one after another (N+1)', burst(1, 4)),
    d('the worked example: one request every 10 s', at(0, 10, 20, 30, 40)),
    d('a full window, then the next window', [...burst(1, 3), ...burst(61, 3), ...burst(125, 4)]),
    d('a burst straddling a window boundary', [...burst(59.75, 4), ...burst(60, 4)]),
    d('weighted costs, one above the limit', [
      { at: 1, cost: 2 },
      { at: 1, cost: 2 },
      { at: 1.25, cost: 1 },
      { at: 1.5, cost: 4 },
      { at: 61, cost: 3 },
    ]),
    d(
      'generated traffic: two clients over five minutes',
      gridPoisson(16, 0.2, 0, 300, { keys: ['alice', 'bob'] }),
    ),
    overLimitThenSmall(3, [
      { at: 2, cost: 3 },
      { at: 61.5, cost: 3 },
    ]),
  ],
  generated: twoClientTraffic(3, 60, 25),
  races: [
    {
      name: '2 app servers at once, 1 slot left in the window',
      about: true,
      before: [1, 2],
      costs: [1, 1],
      at: 3,
    },
    { name: '3 app servers at once on a fresh window', costs: [1, 1, 1], at: 5 },
    { name: '4 app servers at once, 3 slots', costs: [1, 1, 1, 1], at: 5 },
    {
      name: 'weighted: costs 2 and 1 at once with 2 units left',
      before: [1],
      costs: [2, 1],
      at: 2,
    },
    {
      name: '3 app servers at once, costs 2, 2 and 3, on a fresh window',
      costs: [2, 2, 3],
      at: 5,
    },
    {
      name: '4 app servers at once, costs 2, 1, 2 and 1, after 1 admission',
      before: [1],
      costs: [2, 1, 2, 1],
      at: 7,
    },
    {
      name: '2 app servers at once, 1 slot left, either may crash',
      before: [1, 2],
      costs: [1, 1],
      at: 3,
      crashes: true,
    },
  ],
  passSummary:
    'One atomic decision per request: no ordering of the app servers’ round trips (or crash) over- or under-admits, windows end, and the decisions match the built-in’s.',
});
