// The two atomicity problems (fix-get-then-set, fix-incr-then-expire), graded against a
// built-in fixed window; they become race-graded (the race explorer). The other fix/write
// problems live in scriptProblems.ts. Every time here is on the 0.25 s grid.
import { LUA_EPOCH } from '../lua/luaLimiter';
import { burst, byTime, gridPoisson, type Req } from './harness';
import { callArgs, luaGrader, runAppServer, type LuaCase, type ScriptSpec } from './lua';

const reqs = (rs: Req[]): { requests: Req[] } => ({ requests: byTime(rs) });
const c = (name: string, rs: Req[], extra: Partial<LuaCase> = {}): LuaCase => ({
  name,
  body: reqs(rs),
  ...extra,
});
const at = (...times: number[]): Req[] => times.map((t) => ({ at: t }));

// ---- fix-get-then-set -------------------------------------------------------------------

/** Unix time lined up with 60-s windows (the lab's clock starts 20 s into one). */
const EPOCH_60 = Math.ceil(LUA_EPOCH / 60) * 60;
const twoServers = (rs: Req[]) => ({
  requests: byTime(rs),
  servers: 2,
  routing: 'round-robin',
  store: { latencySeconds: 0.05 },
});

export const fixGetThenSet = luaGrader({
  id: 'fix-get-then-set',
  reference: { algorithm: 'fixed-window', params: { limit: 3, windowSeconds: 60 } },
  referenceName: 'the built-in fixed window (3 per 60 s)',
  spec: { keys: ['rl:fw:{key}'], args: ['3', '60', '{cost}'] },
  epoch: EPOCH_60,
  cases: [
    { name: '3 requests arriving together (N)', body: twoServers(burst(1, 3)) },
    { name: '4 requests arriving together (N+1)', body: twoServers(burst(1, 4)) },
    {
      name: 'the worked example: one request every 10 s',
      body: twoServers(at(0, 10, 20, 30, 40)),
    },
    {
      name: 'a full window, then the next window',
      body: twoServers([...burst(1, 3), ...burst(61, 3), ...burst(125, 4)]),
    },
    {
      name: 'a burst straddling a window boundary',
      body: twoServers([...burst(59.75, 4), ...burst(60, 4)]),
    },
    {
      name: 'weighted costs, one above the limit',
      body: twoServers([
        { at: 1, cost: 2 },
        { at: 1, cost: 2 },
        { at: 1.25, cost: 1 },
        { at: 1.5, cost: 4 },
        { at: 61, cost: 3 },
      ]),
    },
    {
      name: 'generated traffic: two clients over five minutes',
      body: twoServers(gridPoisson(16, 0.2, 0, 300, { keys: ['alice', 'bob'] })),
    },
  ],
  passSummary: 'One atomic decision per request, windows that end, and the built-in’s answers.',
});

// ---- fix-incr-then-expire ---------------------------------------------------------------

/** The original app-server code: INCRBY, then EXPIRE as a second round trip. */
const TWO_STEP = `local n = redis.call("INCRBY", KEYS[1], ARGV[3])
if n == tonumber(ARGV[3]) then
  redis.call("EXPIRE", KEYS[1], ARGV[2])
end
return n`;

const leftoverFor = (spec: ScriptSpec, key: string) =>
  callArgs(spec, { at: 0, key, server: 'A', cost: 1 }).keys[0]!;

export const fixIncrThenExpire = luaGrader({
  id: 'fix-incr-then-expire',
  reference: {
    algorithm: 'fixed-window',
    params: { limit: 5, windowSeconds: 10, countAttempts: true },
  },
  referenceName: 'the built-in fixed window (5 per 10 s, counting attempts)',
  spec: { keys: ['rl:fw:{key}'], args: ['5', '10', '{cost}'] },
  epoch: Math.ceil(LUA_EPOCH / 10) * 10,
  cases: [
    c('5 requests at once (N)', burst(1, 5)),
    c('6 requests at once (N+1)', burst(1, 6)),
    c('a window boundary: 9.75 s and 10 s', [...burst(9.75, 5), ...burst(10, 6)]),
    c('refused attempts count too', [
      ...burst(1, 3),
      { at: 2, cost: 3 },
      { at: 2.5, cost: 6 },
      { at: 3 },
      { at: 11, cost: 5 },
      { at: 11.25 },
    ]),
    c('an app server crashed between INCRBY and EXPIRE', [...burst(1, 5), ...burst(12, 5)], {
      setupNote:
        'Before this case an app server ran the old two-step code and crashed after its INCRBY, leaving a counter with no expiry.',
      setup: (model, lua, spec) => {
        const key = leftoverFor(spec, 'client');
        runAppServer(lua, model, TWO_STEP, [key], ['5', '10', '1'], 1);
      },
    }),
    c('a leftover counter of 5 with no expiry', [...at(1, 2, 3), ...burst(15, 6)], {
      setupNote:
        'Before this case the key already holds the plain counter 5 with no expiry (left by the old code).',
      setup: (model, _lua, spec) => {
        model.call(['SET', leftoverFor(spec, 'client'), '5']);
      },
    }),
    c(
      'generated traffic: two clients, mixed costs',
      gridPoisson(17, 1, 0, 40, { costs: [1, 1, 2], keys: ['alice', 'bob'] }),
    ),
  ],
  passSummary: 'Windows on fixed boundaries, every key expires, and leftovers are repaired.',
});
