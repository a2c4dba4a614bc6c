// fix-incr-then-expire: INCRBY then EXPIRE as two round trips; an app server that crashes in
// between leaves a counter with no expiry. Count and expiry must be one atomic step, and the
// leftovers the old code left must be repaired.
import { LUA_EPOCH } from '../../lua/luaLimiter';
import { runAppServer } from '../appServer';
import { burst, gridPoisson } from '../harness';
import { callArgs, type ScriptSpec } from '../lua';
import { raceGrader } from './grader';
import { at, d, overLimitThenSmall, twoClientTraffic } from './shared';
import type { RaceCase } from './types';

/** The original app-server code: INCRBY, then EXPIRE as a second round trip. */
const TWO_STEP = `local n = redis.call("INCRBY", KEYS[1], ARGV[3])
if n == tonumber(ARGV[3]) then
  redis.call("EXPIRE", KEYS[1], ARGV[2])
end
return n`;

const leftoverFor = (spec: ScriptSpec, key: string) =>
  callArgs(spec, { at: 0, key, server: 'A', cost: 1 }).keys[0]!;

/** A race that meets the counter the old code left: 5, with no expiry. */
const LEFTOVER_5: Pick<RaceCase, 'initial' | 'setupNote'> = {
  initial: (spec) => [['SET', leftoverFor(spec, 'client'), '5']],
  setupNote: 'The key holds the plain counter 5 with no expiry (left by the old code).',
};

export const fixIncrThenExpire = raceGrader({
  id: 'fix-incr-then-expire',
  reference: {
    algorithm: 'fixed-window',
    params: { limit: 5, windowSeconds: 10, countAttempts: true },
  },
  referenceName: 'the built-in fixed window (5 per 10 s, counting attempts)',
  spec: { keys: ['rl:fw:{key}'], args: ['5', '10', '{cost}'] },
  epoch: Math.ceil(LUA_EPOCH / 10) * 10,
  stateUntil: (t) => (Math.floor(t / 10 + 1e-9) + 1) * 10,
  countsAttempts: true,
  decisions: [
    d('5 requests, one after another (N)', burst(1, 5)),
    d('6 requests, one after another (N+1)', burst(1, 6)),
    d('a window boundary: 9.75 s and 10 s', [...burst(9.75, 5), ...burst(10, 6)]),
    d('refused attempts count too', [
      ...burst(1, 3),
      { at: 2, cost: 3 },
      { at: 2.5, cost: 6 },
      { at: 3 },
      { at: 11, cost: 5 },
      { at: 11.25 },
    ]),
    d('an app server crashed between INCRBY and EXPIRE', [...burst(1, 5), ...burst(12, 5)], {
      setupNote:
        'Before this case an app server ran the old two-step code and crashed after its INCRBY, leaving a counter with no expiry.',
      setup: (model, lua, spec) => {
        const key = leftoverFor(spec, 'client');
        runAppServer(lua, model, TWO_STEP, [key], ['5', '10', '1'], 1);
      },
    }),
    d('a leftover counter of 5 with no expiry', [...at(1, 2, 3), ...burst(15, 6)], {
      setupNote:
        'Before this case the key already holds the plain counter 5 with no expiry (left by the old code).',
      setup: (model, _lua, spec) => {
        model.call(['SET', leftoverFor(spec, 'client'), '5']);
      },
    }),
    d(
      'generated traffic: two clients, mixed costs',
      gridPoisson(17, 1, 0, 40, { costs: [1, 1, 2], keys: ['alice', 'bob'] }),
    ),
    overLimitThenSmall(5, [{ at: 11.5, cost: 5 }, { at: 11.75 }]),
  ],
  generated: twoClientTraffic(5, 10, 4),
  races: [
    {
      name: '2 app servers at once, either may crash between its round trips',
      about: true,
      costs: [1, 1],
      at: 1,
      crashes: true,
    },
    {
      name: '4 app servers at once, 3 attempts already counted',
      before: [1, 1.25, 1.5],
      costs: [1, 1, 1, 1],
      at: 2,
    },
    {
      name: '2 app servers at once meet the leftover counter (5, no expiry)',
      ...LEFTOVER_5,
      costs: [1, 1],
      at: 1,
    },
    {
      name: '3 app servers at once meet the leftover counter, costs 2, 3 and 2',
      ...LEFTOVER_5,
      costs: [2, 3, 2],
      at: 1,
    },
    {
      name: '4 app servers at once, costs 2, 1, 3 and 2, after 1 attempt',
      before: [1],
      costs: [2, 1, 3, 2],
      at: 2,
    },
    {
      name: '3 app servers at once after 4 attempts, any may crash',
      before: [1, 1, 1, 1],
      costs: [1, 1, 1],
      at: 2,
      crashes: true,
    },
  ],
  passSummary:
    'Count and expiry are one atomic step: no ordering or crash leaves a key without an expiry, windows sit on fixed boundaries, and leftovers are repaired.',
});
