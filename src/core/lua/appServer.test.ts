// App-server mode (PLAN.md I1): each redis.call is one round trip the caller delivers. The
// engine re-runs the code from the top with the replies so far, so anything Lua allows works
// (pcall, coroutines, metamethods, sort comparators) and a run is a pure function of its code,
// KEYS, ARGV and replies.
import { beforeAll, describe, expect, it } from 'vitest';
import { RedisModel } from '../redis/model';
import { toJson, type JsonReply, type Reply } from '../redis/reply';
import { createLuaEngine, MAX_APP_CALLS, type AppServerRun, type LuaRuntime } from './index';

let engine: LuaRuntime;
beforeAll(async () => {
  engine = await createLuaEngine({ budgetMs: 250 });
});

/** Drive a run against a model to the end; returns its calls and final reply. */
function drive(run: AppServerRun, model: RedisModel): { calls: string[]; reply: JsonReply } {
  const calls: string[] = [];
  let st = run.next();
  while (st.kind === 'call') {
    calls.push(st.args.join(' '));
    st = run.next(model.call(st.args));
  }
  return { calls, reply: toJson(st.reply) };
}

const app = (code: string, keys: string[] = [], args: string[] = []) =>
  engine.startAppServerRun(code, keys, args);

describe('what app-server code may do', () => {
  it('catches a failed round trip with pcall', () => {
    const m = new RedisModel({ scriptEngine: engine });
    m.call(['SET', 'k', 'text']);
    const run = app(
      "local ok, e = pcall(redis.call, 'INCR', KEYS[1])\nif not ok then return 'caught: ' .. e end",
      ['k'],
    );
    expect(drive(run, m)).toEqual({
      calls: ['INCR k'],
      reply: 'caught: ERR value is not an integer or out of range',
    });
  });

  it('makes round trips from coroutines, metamethods and sort comparators', () => {
    const m = new RedisModel({ scriptEngine: engine });
    m.call(['MSET', 'a', '3', 'b', '1', 'c', '2']);
    const code = `
local get = coroutine.wrap(function(k) while true do k = coroutine.yield(redis.call('GET', k)) end end)
local lazy = setmetatable({}, {__index = function(_, k) return tonumber(redis.call('GET', k)) end})
local keys = {'a', 'b', 'c'}
table.sort(keys, function(x, y) return lazy[x] < lazy[y] end)
return {get('a'), table.concat(keys, ',')}`;
    const { calls, reply } = drive(app(code), m);
    expect(reply).toEqual(['3', 'b,c,a']);
    expect(calls).toContain('GET a');
    expect(calls.length).toBeGreaterThan(3); // the comparator's reads, each a round trip
  });

  it('raises a failed redis.call at its line, with Redis words', () => {
    const m = new RedisModel({ scriptEngine: engine });
    const run = app("redis.call('SET','k','x')\nreturn redis.call('INCR','k')");
    expect(drive(run, m).reply).toEqual({
      err: expect.stringMatching(
        /^ERR value is not an integer or out of range script: \w+, on @user_script:2\.$/,
      ),
    });
  });

  it('refuses push-mode commands without a round trip', () => {
    const m = new RedisModel({ scriptEngine: engine });
    expect(drive(app("return redis.pcall('SUBSCRIBE', 'ch')"), m)).toEqual({
      calls: [],
      reply: { err: 'ERR This Redis command is not allowed from script' },
    });
  });

  it('sends MULTI, EXEC and EVAL as client commands, each one round trip', () => {
    const m = new RedisModel({ scriptEngine: engine });
    const code = `redis.call('MULTI')
redis.call('INCR', KEYS[1])
local r = redis.call('EXEC')
return {r[1], redis.call('EVAL', 'return redis.call("INCR", KEYS[1])', 1, KEYS[1])}`;
    const out = drive(app(code, ['k']), m);
    expect(out.calls.map((c) => c.split(' ')[0])).toEqual(['MULTI', 'INCR', 'EXEC', 'EVAL']);
    expect(out.reply).toEqual([1, 2]);
  });

  it('has fresh, read-only globals and its own KEYS and ARGV every run', () => {
    const m = new RedisModel({ scriptEngine: engine });
    expect(drive(app('seen = true'), m).reply).toEqual({
      err: expect.stringContaining('Attempt to modify a readonly table'),
    });
    expect(drive(app('return {KEYS[1], ARGV[1]}', ['k1'], ['a1']), m).reply).toEqual(['k1', 'a1']);
    expect(drive(app('return {KEYS[1], ARGV[1]}', ['k2'], ['a2']), m).reply).toEqual(['k2', 'a2']);
  });
});

describe('determinism (the explorer re-creates runs and replays replies)', () => {
  const CODE = `local v = tonumber(redis.call('GET', KEYS[1]) or '0')
local r = math.random(1000000)
redis.log(redis.LOG_NOTICE, 'read', v, 'rolled', r)
if v >= tonumber(ARGV[1]) then return {0, r} end
redis.call('SET', KEYS[1], v + 1)
return {1, r}`;

  it('gives the same calls and reply for the same replies, math.random included', () => {
    const replies: Reply[] = [
      { t: 'bulk', v: '2' },
      { t: 'status', v: 'OK' },
    ];
    const play = (): JsonReply[] => {
      const run = app(CODE, ['c'], ['5']);
      const out: JsonReply[] = [];
      let st = run.next();
      for (let i = 0; st.kind === 'call'; i++) {
        out.push(st.args.join(' '));
        st = run.next(replies[i]);
      }
      out.push(toJson(st.reply));
      return out;
    };
    const first = play();
    expect(first.slice(0, 2)).toEqual(['GET c', 'SET c 3']);
    expect(play()).toEqual(first);
  });

  it('writes each redis.log line once, though earlier parts run again', () => {
    const m = new RedisModel({ scriptEngine: engine });
    engine.drainLogs();
    drive(app(CODE, ['c'], ['5']), m);
    const lines = engine.drainLogs();
    expect(lines).toHaveLength(1);
    expect(lines[0]!.message).toMatch(/^read 0 rolled \d+$/);
  });

  it('stops code that does not repeat itself, naming the call', () => {
    const m = new RedisModel({ scriptEngine: engine });
    const run = app("redis.call('SET', 'k', tostring({}))\nredis.call('GET', 'k')");
    expect(drive(run, m).reply).toEqual({
      err: expect.stringContaining('app-server code did not repeat itself'),
    });
  });

  it('budgets each stretch between round trips, and caps the round trips', async () => {
    const e = await createLuaEngine({ budgetSteps: 2_000_000 });
    const m = new RedisModel({ scriptEngine: e });
    // Each stretch runs ~1.2M steps: fine alone, over the budget if they added up.
    const spin = 'for i = 1, 400000 do end';
    const code = `${spin} redis.call('INCR', 'n') ${spin} redis.call('INCR', 'n') ${spin} return 'ok'`;
    expect(drive(e.startAppServerRun(code, [], []), m).reply).toBe('ok');
    const runaway = e.startAppServerRun("redis.call('INCR', 'n')\nwhile true do end", [], []);
    expect(drive(runaway, m).reply).toEqual({
      err: expect.stringMatching(/^ERR Script killed by the lab.*on @user_script:2\.$/),
    });
    const chatty = e.startAppServerRun("while true do redis.call('INCR', 'm') end", [], []);
    const { calls, reply } = drive(chatty, m);
    expect(calls).toHaveLength(MAX_APP_CALLS);
    expect(reply).toEqual({
      err: expect.stringContaining(`more than ${MAX_APP_CALLS} round trips`),
    });
  });

  it('answers done after done, and cancel() ends a run', () => {
    const run = app("return redis.call('GET', 'x')");
    expect(run.next()).toEqual({ kind: 'call', args: ['GET', 'x'] });
    run.cancel();
    expect(run.next({ t: 'nil' })).toEqual({
      kind: 'done',
      reply: { t: 'err', v: 'ERR cancelled' },
    });
    expect(() => app("return redis.call('GET', 'x')").next() && run.next()).not.toThrow();
  });

  it('reports a compile error as the run reply', () => {
    expect(app('return +').next()).toEqual({
      kind: 'done',
      reply: {
        t: 'err',
        v: "ERR Error compiling script (new function): user_script:1: unexpected symbol near '+'",
      },
    });
  });
});
