// Each server's line and local variables: the instrumented code names the line of every
// redis.call and carries the locals in scope there, and the scheduler session shows them after
// every step (count = 2 once the GET returned 2), through to the code's return.
import { beforeAll, describe, expect, it } from 'vitest';
import { createLuaEngine, type LuaRuntime } from '../lua/index';
import { instrument, MAX_LOCALS, splitMarker } from './lines';
import { createSchedulerSession } from './session';
import type { ExploreInput } from './types';

let engine: LuaRuntime;
beforeAll(async () => {
  engine = await createLuaEngine({ budgetMs: 250 });
});

const CHECK_THEN_INCR = `local limit = tonumber(ARGV[1])
local count = tonumber(redis.call("GET", KEYS[1]) or "0")
if count < limit then
  redis.call("INCR", KEYS[1])
  return 1
end
return 0`;

const input = (code: string, initial: string[][] = [['SET', 'k', '2']]): ExploreInput => ({
  code,
  requests: [
    { keys: ['k'], args: ['3'] },
    { keys: ['k'], args: ['3'] },
  ],
  initial,
  invariant: { maxAdmitted: 'serial' },
  crashes: false,
  maxSchedules: 1000,
});

const shown = (locals: { name: string; value: string }[]) =>
  locals.map((l) => `${l.name} = ${l.value}`).join(', ');

describe('line markers', () => {
  it('keep every line number and strip to the command sent', () => {
    const out = instrument(CHECK_THEN_INCR);
    expect(out.split('\n')).toHaveLength(CHECK_THEN_INCR.split('\n').length);
    expect(splitMarker(['\u0001line:4\u0002n\u00031', 'INCR', 'k'])).toEqual({
      line: 4,
      command: ['INCR', 'k'],
      locals: [{ name: 'n', value: '1' }],
      here: false,
    });
    expect(splitMarker(['GET', 'k'])).toEqual({
      line: null,
      command: ['GET', 'k'],
      locals: null,
      here: false,
    });
  });

  it('leave code that does not parse unchanged', () => {
    expect(instrument('local = redis.call(')).toBe('local = redis.call(');
  });
});

describe('locals in the scheduler', () => {
  it('shows each server’s locals after every step, through its return', () => {
    const s = createSchedulerSession(input(CHECK_THEN_INCR), engine);
    let st = s.state();
    // Before any round trip: what ran up to the first call.
    expect(st.servers.map((v) => shown(v.locals))).toEqual(['limit = 3', 'limit = 3']);
    st = s.step(0);
    // Server A's GET returned "2": it stands at INCR with count = 2.
    expect(st.servers[0]!.line).toBe(4);
    expect(shown(st.servers[0]!.locals)).toBe('limit = 3, count = 2');
    expect(shown(st.servers[1]!.locals)).toBe('limit = 3');
    st = s.step(1);
    expect(shown(st.servers[1]!.locals)).toBe('limit = 3, count = 2');
    st = s.step(0);
    expect(st.servers[0]!.status).toBe('done');
    st = s.step(1);
    expect(st.finished).toBe(true);
    expect(st.servers.map((v) => shown(v.locals))).toEqual([
      'limit = 3, count = 2',
      'limit = 3, count = 2',
    ]);
    // Undo goes back to the locals before the last step.
    st = s.undo();
    expect(st.servers[1]!.status).toBe('running');
    expect(shown(st.servers[1]!.locals)).toBe('limit = 3, count = 2');
    s.dispose();
  });

  it('shows a refused server’s locals at its return, strings quoted, shadowing by scope', () => {
    const code = `local key = KEYS[1]
local v = redis.call("GET", key)
do
  local v = "inner"
  redis.call("SET", key, v)
end
if v then return 0 end
local after = 1
return after`;
    const s = createSchedulerSession(input(code, [['SET', 'k', '7']]), engine);
    let st = s.state();
    expect(shown(st.servers[0]!.locals)).toBe('key = "k"');
    st = s.step(0);
    // Inside the do block the inner v is the one in scope (declared again: it moves last).
    expect(shown(st.servers[0]!.locals)).toBe('key = "k", v = "inner"');
    st = s.step(0);
    // The outer v again; `after` is not declared yet at the first return.
    expect(st.servers[0]!.status).toBe('done');
    expect(shown(st.servers[0]!.locals)).toBe('key = "k", v = "7"');
    s.dispose();
  });

  it('a nil reply reads as false in a local', () => {
    const code = `local v = redis.call("GET", KEYS[1])
return redis.call("SET", KEYS[1], "x") and 1`;
    const s = createSchedulerSession(input(code, []), engine);
    const st = s.step(0);
    expect(shown(st.servers[0]!.locals)).toBe('v = false');
    s.dispose();
  });

  it('code with many locals still runs; the latest MAX_LOCALS show, functions by their type', () => {
    const many = Array.from({ length: 150 }, (_, i) => `local v${i} = ${i}`).join('\n');
    const code = `local function f() return 1 end
${many}
local got = redis.call("GET", KEYS[1])
return redis.call("SET", KEYS[1], v149 + f())`;
    const s = createSchedulerSession(input(code, []), engine);
    let st = s.state();
    expect(st.servers[0]!.locals.map((l) => l.name)).toEqual(
      Array.from({ length: MAX_LOCALS }, (_, i) => `v${150 - MAX_LOCALS + i}`),
    );
    st = s.step(0);
    expect(st.servers[0]!.next).toEqual(['SET', 'k', '150']);
    st = s.step(0);
    expect(st.servers[0]!.end?.kind).toBe('refused');
    expect(shown(st.servers[0]!.locals.slice(-2))).toBe('v149 = 149, got = false');
    s.dispose();
    const fn = createSchedulerSession(
      input('local function f() end\nreturn redis.call("GET", KEYS[1])', []),
      engine,
    );
    expect(shown(fn.state().servers[0]!.locals)).toBe('f = function');
    fn.dispose();
  });
});
