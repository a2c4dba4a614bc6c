// The explorer on known cases: the races every rate-limiting course names, the atomic fixes,
// the crash window, optimistic transactions, the cap, and what reduction counts.
import { beforeAll, describe, expect, it } from 'vitest';
import { createLuaEngine, type LuaRuntime } from '../lua/index';
import { explore } from './explore';
import { parseExploreInput } from './input';
import type { ExploreInput, ExploreResult } from './types';

let engine: LuaRuntime;
beforeAll(async () => {
  engine = await createLuaEngine({ budgetMs: 250 });
});

export const GET_THEN_SET = `local limit = tonumber(ARGV[1])
local count = tonumber(redis.call("GET", KEYS[1]) or "0")
if count + 1 > limit then return 0 end
redis.call("SET", KEYS[1], count + 1)
return 1`;

export const ATOMIC = `local script = [[
local count = tonumber(redis.call("GET", KEYS[1]) or "0")
if count + 1 > tonumber(ARGV[1]) then return 0 end
redis.call("SET", KEYS[1], count + 1)
return 1
]]
return redis.call("EVAL", script, 1, KEYS[1], ARGV[1])`;

export const INCR_THEN_EXPIRE = `local n = redis.call("INCR", KEYS[1])
if n == 1 then redis.call("EXPIRE", KEYS[1], 60) end
if n > tonumber(ARGV[1]) then return 0 end
return 1`;

export const WATCH_RETRY = `for attempt = 1, tonumber(ARGV[2]) do
  redis.call("WATCH", KEYS[1])
  local count = tonumber(redis.call("GET", KEYS[1]) or "0")
  if count + 1 > tonumber(ARGV[1]) then
    redis.call("UNWATCH")
    return 0
  end
  redis.call("MULTI")
  redis.call("SET", KEYS[1], count + 1)
  if redis.call("EXEC") then return 1 end
end
return {0, "gave up"}`;

const input = (over: Partial<ExploreInput>): ExploreInput => ({
  code: GET_THEN_SET,
  requests: [
    { keys: ['k'], args: ['3'] },
    { keys: ['k'], args: ['3'] },
  ],
  initial: [['SET', 'k', '2']],
  invariant: {},
  crashes: false,
  maxSchedules: 20000,
  ...over,
});

const run = (over: Partial<ExploreInput>, count = false): ExploreResult =>
  explore(input(over), engine, { countWithoutReduction: count });

describe('explore', () => {
  it('GET-then-SET with count 2 and limit 3 over-admits: both requests pass', () => {
    const r = run({});
    expect(r.complete).toBe(true);
    expect(r.allowed).toBe(1); // one at a time, only one of the two fits
    expect(r.violations).toBeGreaterThan(0);
    expect(r.counterexampleVerdict?.admitted).toBe(2);
    // The counterexample is the classic one: both GETs read 2 before either SET.
    const cmds = r.counterexample!.map((s) =>
      'command' in s ? `${s.request}:${s.command[0]}` : 'crash',
    );
    expect(cmds.slice(0, 2).sort()).toEqual(['0:GET', '1:GET']);
    const gets = r.counterexample!.filter((s) => 'command' in s && s.command[0] === 'GET');
    expect(gets.map((s) => ('reply' in s ? s.reply : null))).toEqual(['2', '2']);
    // Each step carries the store after it.
    const last = r.counterexample![r.counterexample!.length - 1]!;
    expect(last.state).toEqual([{ key: 'k', type: 'string', value: '3', ttlMs: null }]);
  });

  it('an explicit maxAdmitted is an absolute bound', () => {
    expect(run({ invariant: { maxAdmitted: 3 } }).violations).toBe(0);
    expect(run({ invariant: { maxAdmitted: 1 } }).violations).toBe(2);
  });

  it('the atomic script (one EVAL per request) has 0 violations over every order', () => {
    const r = run({
      code: ATOMIC,
      requests: [1, 2, 3, 4].map(() => ({ keys: ['k'], args: ['3'] })),
      initial: [['SET', 'k', '1']],
    });
    expect(r).toMatchObject({ complete: true, violations: 0, counterexample: null, allowed: 2 });
    expect(r.schedules).toBe(24); // EVAL may touch any key: every order of 4 is its own
  });

  it('INCR-then-EXPIRE: a crash between them leaves a key without a TTL', () => {
    const base = {
      code: INCR_THEN_EXPIRE,
      initial: [],
      invariant: { allKeysHaveTtl: true },
    };
    expect(run({ ...base, crashes: false }).violations).toBe(0);
    const r = run({ ...base, crashes: true });
    expect(r.violations).toBeGreaterThan(0);
    const ce = r.counterexample!;
    expect(ce.some((s) => 'crash' in s)).toBe(true);
    const crash = ce.findIndex((s) => 'crash' in s);
    expect(ce[crash - 1]).toMatchObject({ request: ce[crash]!.request, command: ['INCR', 'k'] });
    expect(r.counterexampleVerdict?.broken[0]?.part).toBe('allKeysHaveTtl');
    // The same crash against the atomic version cannot separate INCR from EXPIRE.
    const atomic = `return redis.call("EVAL", [[
local n = redis.call("INCR", KEYS[1])
if n == 1 then redis.call("EXPIRE", KEYS[1], 60) end
return n <= tonumber(ARGV[1]) and 1 or 0]], 1, KEYS[1], ARGV[1])`;
    expect(run({ ...base, crashes: true, code: atomic }).violations).toBe(0);
  });

  it('a WATCH/MULTI/EXEC retry loop never over-admits but can starve a request', () => {
    const three = [1, 2, 3].map(() => ({ keys: ['k'], args: ['3', '2'] }));
    const safe = run({
      code: WATCH_RETRY,
      requests: three,
      initial: [],
      invariant: { maxAdmitted: 3 },
    });
    expect(safe).toMatchObject({ complete: true, violations: 0 });
    const live = run({
      code: WATCH_RETRY,
      requests: three,
      initial: [],
      invariant: { minAdmitted: 3 },
    });
    expect(live.violations).toBeGreaterThan(0);
    const ends = live.counterexampleVerdict!.ends;
    expect(ends.filter((e) => e.kind === 'refused')).toHaveLength(1);
    // The starved request's EXEC came back nil (aborted) twice.
    const starved = ends.findIndex((e) => e.kind === 'refused');
    const aborted = live.counterexample!.filter(
      (s) => s.request === starved && 'command' in s && s.command[0] === 'EXEC' && s.reply === null,
    );
    expect(aborted).toHaveLength(2);
    // An unbounded loop is cut at maxRoundTrips and reported as starved.
    const forever = WATCH_RETRY.replace('tonumber(ARGV[2])', '1000000');
    const cut = run({
      code: forever,
      requests: three,
      initial: [],
      invariant: { minAdmitted: 3 },
      maxRoundTrips: 12,
    });
    expect(cut.counterexampleVerdict?.ends.some((e) => e.kind === 'starved')).toBe(true);
  });

  it('reduction: commuting reads and other keys are not explored twice', () => {
    // GET/GET commute: 4 classes out of 6 interleavings.
    const r = run({}, true);
    expect(r.schedules).toBe(4);
    expect(r.exploredWithoutReduction).toBe(6);
    // Requests on different keys: one class out of 1680 interleavings (3 x 3 round trips).
    const three = `redis.call("GET", KEYS[1]) redis.call("INCR", KEYS[1]) redis.call("GET", KEYS[1]) return 1`;
    const d = run(
      {
        code: three,
        requests: ['a', 'b', 'c'].map((k) => ({ keys: [k], args: [] })),
        initial: [],
        invariant: { maxAdmitted: 3 },
      },
      true,
    );
    expect(d).toMatchObject({ schedules: 1, exploredWithoutReduction: 1680, violations: 0 });
    // Without reduction every interleaving is a schedule.
    expect(run({ reduction: false }).schedules).toBe(6);
  });

  it('the cap stops the search and says so', () => {
    const r = run({ maxSchedules: 2 });
    expect(r).toMatchObject({ schedules: 2, complete: false });
    expect(run({ maxSchedules: 4 }).complete).toBe(true);
  });

  it('the counterexample has the fewest context switches', () => {
    // Four round trips each; the race needs only the two GETs before the SETs.
    const code = `redis.call("PING")
${GET_THEN_SET.replace('return 1', 'redis.call("PING")\nreturn 1')}`;
    const r = run({ code });
    const ce = r.counterexample!;
    let switches = 0;
    for (let i = 1; i < ce.length; i++) if (ce[i]!.request !== ce[i - 1]!.request) switches++;
    expect(switches).toBe(2);
  });

  it('runaway code ends as an error, never a hang, and the next request still runs', () => {
    const r = run({ code: 'while true do end' });
    expect(r.complete).toBe(true);
    expect(r.schedules).toBe(1);
    // One server's code is stopped for its budget; the other's (started after it) is unharmed.
    const both = run({
      requests: [
        { keys: [], args: [], code: 'while true do end' },
        { keys: ['k'], args: [], code: 'return redis.call("EVAL", "return 1", 0)' },
      ],
      invariant: { minAdmitted: 1 },
    });
    expect(both.violations).toBe(0);
  });
});

describe('app-server code (PLAN I1) sends client commands', () => {
  it('EVAL, SCRIPT LOAD + EVALSHA and WATCH/MULTI/EXEC each go out as round trips', () => {
    const code = `local a = redis.call("EVAL", "return redis.call('INCR', KEYS[1])", 1, KEYS[1])
local sha = redis.call("SCRIPT", "LOAD", "return redis.call('INCR', KEYS[1])")
local b = redis.call("EVALSHA", sha, 1, KEYS[1])
redis.call("WATCH", KEYS[1])
redis.call("MULTI")
redis.call("INCR", KEYS[1])
local c = redis.call("EXEC")
return {1, a, b, c[1]}`;
    const r = run({
      code,
      requests: [{ keys: ['k'], args: [] }],
      initial: [],
      invariant: { maxAdmitted: 0 },
    });
    expect(r.violations).toBe(1);
    const cmds = r.counterexample!.map((s) => ('command' in s ? s.command[0] : 'crash'));
    expect(cmds).toEqual(['EVAL', 'SCRIPT', 'EVALSHA', 'WATCH', 'MULTI', 'INCR', 'EXEC']);
    expect(r.counterexample!.map((s) => ('reply' in s ? s.reply : null))).toEqual([
      1,
      expect.stringMatching(/^[0-9a-f]{40}$/),
      2,
      { ok: 'OK' },
      { ok: 'OK' },
      { ok: 'QUEUED' },
      [3],
    ]);
    expect(r.counterexampleVerdict?.ends[0]).toEqual({ kind: 'admitted', reply: [1, 1, 2, 3] });
  });
});

describe('parseExploreInput', () => {
  it('reads the CLI contract and names bad fields', () => {
    const ok = parseExploreInput({
      code: 'return 1',
      requests: [{ keys: ['k'], args: [3] }],
      initial: [['SET', 'k', 2]],
      invariant: { maxAdmitted: 3 },
      crashes: false,
      maxSchedules: 10,
    });
    expect(ok.requests[0]!.args).toEqual(['3']);
    expect(ok.initial).toEqual([['SET', 'k', '2']]);
    const bad = (v: Record<string, unknown>) => {
      try {
        parseExploreInput({ code: 'return 1', requests: [{ keys: [] }], ...v });
        return '';
      } catch (e) {
        return (e as Error).message;
      }
    };
    expect(bad({ requests: [] })).toMatch(/^requests must hold 1 to 4/);
    expect(bad({ requests: [1, 2, 3, 4, 5].map(() => ({})) })).toMatch(/requests must hold/);
    expect(bad({ requests: [{ keys: 'k' }] })).toMatch(/requests\[0\]\.keys must be an array/);
    expect(bad({ invariant: { maxAdmited: 3 } })).toMatch(/invariant\.maxAdmited is not a known/);
    expect(bad({ invariant: { maxAdmitted: -1 } })).toMatch(/invariant\.maxAdmitted must be/);
    expect(bad({ crashes: 'yes' })).toMatch(/^crashes must be/);
    expect(bad({ maxSchedules: 0 })).toMatch(/^maxSchedules must be/);
    expect(bad({ initial: [['SET']], code: 7 })).toMatch(/code must be a non-empty string/);
    expect(bad({ initial: [[]] })).toMatch(/initial\[0\] must not be empty/);
    expect(bad({ extra: 1 })).toMatch(/^extra is not a known field/);
  });
});
