// What the exploration says: an erroring program is never safe, the broken part is named, and
// a search that stops early says why (the schedule cap, the round-trip budget, the deadline on
// an injected clock: no test here races the machine's speed).
import { beforeAll, describe, expect, it } from 'vitest';
import { createLuaEngine, type LuaRuntime } from '../lua/index';
import { explore } from './explore';
import { createSchedulerSession } from './session';
import type { ExploreInput, ExploreResult } from './types';

let engine: LuaRuntime;
beforeAll(async () => {
  engine = await createLuaEngine({ budgetMs: 250 });
});

const two = [
  { keys: ['k'], args: ['3'] },
  { keys: ['k'], args: ['3'] },
];
const input = (code: string, over: Partial<ExploreInput> = {}): ExploreInput => ({
  code,
  requests: two,
  initial: [],
  invariant: {},
  crashes: false,
  maxSchedules: 20000,
  ...over,
});
const run = (code: string, over: Partial<ExploreInput> = {}): ExploreResult =>
  explore(input(code, over), engine);

describe('an erroring program is its own verdict, never safe', () => {
  it('a typo in a command: every request fails', () => {
    const r = run('redis.call("INCRR", KEYS[1])\nreturn 1');
    expect(r.verdict).toBe('error');
    expect(r.failure).toMatchObject({ requests: 2, schedules: r.schedules });
    expect(r.failure!.message).toMatch(/^ERR unknown command 'INCRR'/);
    expect(r.summary).toBe(`2 requests failed: ${r.failure!.message}`);
    // The failing schedule is there to replay, with the failing command in it.
    expect(r.failure!.schedule.some((s) => 'command' in s && s.command[0] === 'INCRR')).toBe(true);
  });

  it('the scheduler never says a schedule with a failed request holds', () => {
    const s = createSchedulerSession(input('redis.call("INCRR", KEYS[1])\nreturn 1'), engine);
    s.step(0);
    const st = s.step(1);
    expect(st.verdictText).toMatch(/Server A failed: ERR unknown command 'INCRR'/);
    expect(st.verdictText).toMatch(/A failing request is not a safe schedule/);
    expect(st.verdictText).not.toMatch(/holds/);
    s.dispose();
  });

  it('a Lua runtime error', () => {
    const r = run('local n = redis.call("GET", KEYS[1])\nreturn n + nil');
    expect(r.verdict).toBe('error');
    expect(r.failure!.message).toMatch(/arithmetic/);
  });

  it('a command with the wrong number of arguments', () => {
    const r = run('redis.call("INCR", KEYS[1], "extra")\nreturn 1');
    expect(r.verdict).toBe('error');
    expect(r.failure!.message).toMatch(/^ERR wrong number of arguments for 'incr' command/);
  });

  it('an error in only some orderings still fails; one request of two is named', () => {
    // INCR after the other server's SET of a word fails; before it, both succeed.
    const code = `if ARGV[1] == "w" then redis.call("SET", KEYS[1], "word") return 1 end
redis.call("INCR", KEYS[1])
return 1`;
    const r = run(code, {
      requests: [
        { keys: ['k'], args: ['w'] },
        { keys: ['k'], args: ['n'] },
      ],
      invariant: { maxAdmitted: 2 },
    });
    expect(r.verdict).toBe('error');
    expect(r.failure).toMatchObject({ requests: 1, schedules: 1 });
    expect(r.failure!.message).toMatch(/^ERR value is not an integer/);
    expect(r.summary).toMatch(/^1 request failed: ERR value is not an integer/);
    expect(r.schedules).toBe(2);
  });

  it('a program that runs cleanly is safe, and the summary says how many schedules', () => {
    const r = run(
      'return redis.call("EVAL", "return redis.call(\'INCR\', KEYS[1]) <= 3 and 1 or 0", 1, KEYS[1])',
    );
    expect(r).toMatchObject({ verdict: 'safe', failure: null, part: null, complete: true });
    expect(r.summary).toBe(
      '2 schedules tried, every one that exists: the invariant holds in all of them.',
    );
  });
});

describe('the part of the invariant that broke', () => {
  const getThenSet = `local count = tonumber(redis.call("GET", KEYS[1]) or "0")
if count + 1 > tonumber(ARGV[1]) then return 0 end
redis.call("SET", KEYS[1], count + 1)
return 1`;
  it('maxAdmitted', () => {
    const r = run(getThenSet, { initial: [['SET', 'k', '2']] });
    expect(r).toMatchObject({ verdict: 'unsafe', part: 'maxAdmitted' });
    expect(r.summary).toMatch(/break the invariant \(maxAdmitted\)\.$/);
  });
  it('minAdmitted', () => {
    const r = run(getThenSet, {
      initial: [['SET', 'k', '0']],
      invariant: { minAdmitted: 2 },
      requests: [
        { keys: ['k'], args: ['1'] },
        { keys: ['k'], args: ['1'] },
      ],
    });
    expect(r).toMatchObject({ verdict: 'unsafe', part: 'minAdmitted' });
  });
  it('allKeysHaveTtl', () => {
    const r = run('redis.call("INCR", KEYS[1])\nreturn 1', { invariant: { allKeysHaveTtl: true } });
    expect(r).toMatchObject({ verdict: 'unsafe', part: 'allKeysHaveTtl' });
  });
  it('noChargeWhenDenied', () => {
    const code = `local n = redis.call("INCR", KEYS[1])
if n > tonumber(ARGV[1]) then return 0 end
return 1`;
    const r = run(code, {
      invariant: { noChargeWhenDenied: true },
      requests: [
        { keys: ['k'], args: ['1'] },
        { keys: ['k'], args: ['1'] },
      ],
    });
    expect(r).toMatchObject({ verdict: 'unsafe', part: 'noChargeWhenDenied' });
  });
});

describe('why a search is not complete', () => {
  // Four requests of ten INCRs each on one key: about 10^21 schedules, none of them equivalent.
  const big = input('for i = 1, 10 do redis.call("INCR", KEYS[1]) end\nreturn 1', {
    requests: Array.from({ length: 4 }, () => ({ keys: ['k'], args: [] })),
    invariant: { maxAdmitted: 4 },
  });

  it('the schedule cap', () => {
    const r = explore({ ...big, maxSchedules: 5 }, engine);
    expect(r).toMatchObject({ verdict: 'incomplete', complete: false, schedules: 5 });
    expect(r.incompleteReason).toMatchObject({ by: 'maxSchedules', limit: 5 });
    expect(r.incompleteReason!.text).toBe(
      'stopped at the cap of 5 schedules (maxSchedules); more exist',
    );
    expect(r.summary).toMatch(/^Not complete: stopped at the cap of 5 schedules/);
  });

  it('the round-trip budget (maxSteps), counted exactly', () => {
    const r = explore({ ...big, maxSteps: 100 }, engine);
    expect(r).toMatchObject({ verdict: 'incomplete', complete: false });
    expect(r.incompleteReason).toMatchObject({ by: 'maxSteps', limit: 100 });
    expect(r.stats.steps).toBe(100);
    // Deterministic: the same budget stops at the same place.
    expect(explore({ ...big, maxSteps: 100 }, engine).schedules).toBe(r.schedules);
  });

  it('the deadline, on an injected clock', () => {
    let now = 0;
    // The clock starts at 0 and every reading is 1 ms later: the deadline of 50 ms is reached
    // at the 51st reading, whatever the machine's speed.
    const clock = () => now++;
    const r = explore(big, engine, { clock, deadlineMs: 50 });
    expect(r).toMatchObject({ verdict: 'incomplete', complete: false });
    expect(r.incompleteReason).toMatchObject({ by: 'deadline', limit: 50 });
    expect(r.incompleteReason!.text).toMatch(
      /^stopped at the deadline of 50 ms, having tried \d+ schedules$/,
    );
    // A fake clock makes the deadline as repeatable as a count.
    let again = 0;
    const same = explore(big, engine, { clock: () => again++, deadlineMs: 50 });
    expect(same.schedules).toBe(r.schedules);
  });

  it('the deadline never stops the search before its first schedule', () => {
    // A clock already past the deadline (a slow start-up): one schedule still runs.
    const r = explore(big, engine, { clock: () => 1e9, deadlineMs: 50 });
    expect(r).toMatchObject({ complete: false, schedules: 1 });
    expect(r.incompleteReason).toMatchObject({ by: 'deadline' });
  });

  it('a complete search has no reason', () => {
    const r = run('return 1');
    expect(r).toMatchObject({ complete: true, incompleteReason: null });
  });
});
