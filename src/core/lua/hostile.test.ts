// Scripts written to hurt: each must end quickly with a readable error, leave the engine
// serving, and leave nothing behind for the next script. (Timings are generous on purpose:
// the step budget, not the clock, stops these; the assertions are about where and how.)
import { beforeAll, describe, expect, it } from 'vitest';
import { RedisModel } from '../redis/model';
import { toJson, type JsonReply } from '../redis/reply';
import { createLuaEngine, type LuaRuntime } from './index';

let engine: LuaRuntime;
beforeAll(async () => {
  engine = await createLuaEngine({ budgetMs: 250 });
});

const evalIn = (m: RedisModel, src: string, ...argv: string[]): JsonReply =>
  toJson(m.call(['EVAL', src, '0', ...argv]));
const err = (r: JsonReply): string => (r as { err: string }).err;

/** Run src on a fresh model, timed (CPU ms); then check the engine still answers. */
function hostile(
  src: string,
  e: LuaRuntime = engine,
): { reply: JsonReply; ms: number; model: RedisModel } {
  const model = new RedisModel({ scriptEngine: e });
  // CPU time: the budget counts steps, and a busy machine only stretches the wall time.
  const t0 = process.cpuUsage();
  const reply = evalIn(model, src);
  const used = process.cpuUsage(t0);
  const ms = (used.user + used.system) / 1000;
  expect(evalIn(model, 'return 1 + 1')).toBe(2);
  return { reply, ms, model };
}

describe('C-level loops count against the budget', () => {
  it('stops the catastrophic pattern of issue 12 inside one string.find call', () => {
    const { reply, ms } = hostile(
      'return string.find(string.rep("a", 26), string.rep("a?", 26) .. string.rep("a", 26) .. "b")',
    );
    expect(err(reply)).toMatch(
      /^ERR Script killed by the lab: it used up its budget of .* Lua steps/,
    );
    expect(err(reply)).toMatch(/on @user_script:1\.$/);
    expect(ms).toBeLessThan(3000);
  });

  it('stops string.rep of an empty string a billion times', () => {
    const { reply, ms } = hostile("return #string.rep('', 2^31 - 1)");
    expect(err(reply)).toMatch(/^ERR Script killed by the lab/);
    expect(ms).toBeLessThan(3000);
  });

  it('stops a quadratic plain find', () => {
    const { reply, ms } = hostile(
      "local s = string.rep('a', 300000) return string.find(s, string.rep('a', 150000) .. 'b', 1, true)",
    );
    expect(err(reply)).toMatch(/^ERR Script killed by the lab/);
    expect(ms).toBeLessThan(3000);
  });

  it('stops a sort whose comparator is slow and one that is merely huge', () => {
    const slow = hostile(
      'local t = {} for i = 1, 20000 do t[i] = -i end table.sort(t, function(a, b) for j = 1, 100 do end return a < b end)',
    );
    expect(err(slow.reply)).toMatch(/^ERR Script killed by the lab/);
    const big = hostile(
      'local t = {} for i = 1, 200000 do t[i] = -i end table.sort(t) return t[1]',
    );
    expect(big.reply).toBe(-200000);
  });

  it('counts each error thrown, so a loop of caught errors stops as soon as a plain loop', () => {
    const { reply, ms } = hostile('while true do pcall(error, "y") end');
    expect(err(reply)).toMatch(/^ERR Script killed by the lab/);
    expect(ms).toBeLessThan(3000);
    // A few caught errors cost little.
    expect(
      hostile(
        'local n = 0 for i = 1, 1000 do if not pcall(error, "y") then n = n + 1 end end return n',
      ).reply,
    ).toBe(1000);
  });

  it('stays stopped when the script catches the stop in a coroutine', () => {
    const { reply } = hostile(
      'local co = coroutine.create(function() while true do end end) local ok = coroutine.resume(co) return {ok}',
    );
    expect(err(reply)).toMatch(/^ERR Script killed by the lab/);
  });

  it('refuses a pattern nested deeper than the lab allows instead of trapping', () => {
    const deep = hostile("return string.find(string.rep('a', 6000), string.rep('a?', 6000))");
    expect(err(deep.reply)).toMatch(/pattern too complex/);
    const ok = hostile("return #string.match(string.rep('a', 4000), string.rep('a?', 4000))");
    expect(ok.reply).toBe(4000);
  });
});

describe('message handlers count against the budget (issue 22)', () => {
  // A smaller budget keeps these quick: each run spends all of it.
  let small: LuaRuntime;
  beforeAll(async () => {
    small = await createLuaEngine({ budgetSteps: 1_000_000 });
  });
  // Each handler would run for ever if the stop could reach it with the hook off; the stop
  // must go through it, and nothing after the xpcall may run.
  const handlers: [string, string][] = [
    ['a looping handler', 'while true do end'],
    ['a handler looping over pcall', 'while true do pcall(error, "y") end'],
    ['a handler growing a string', 'local s = "x" while true do s = s .. "x" end'],
    [
      'a handler looping in a coroutine',
      'return coroutine.wrap(function() while true do end end)()',
    ],
    ['a handler looping over string.rep', 'while true do string.rep("x", 100) end'],
    [
      'a handler looping over gsub',
      'while true do string.gsub("aaaa", "a", function(c) return c end) end',
    ],
    ['a handler calling itself', 'return h(e)'],
  ];
  const bodies: [string, string][] = [
    ['an error', 'error("x")'],
    ['a loop', 'while true do end'],
    [
      'an error object with __tostring',
      'error(setmetatable({}, {__tostring = function() return "t" end}))',
    ],
  ];
  for (const [hName, handler] of handlers)
    for (const [bName, body] of bodies)
      it(`stops ${hName} after ${bName}`, () => {
        const src = `local h
h = function(e) ${handler} end
local ok = xpcall(function() ${body} end, h)
redis.call('SET', 'after', '1')
return 'escaped'`;
        const { reply, model } = hostile(src, small);
        expect(err(reply)).toMatch(/^ERR Script killed by the lab/);
        expect(toJson(model.call(['EXISTS', 'after']))).toBe(0);
      });

  it('stops a handler inside a coroutine and an xpcall in a loop', () => {
    for (const src of [
      'local function h() while true do end end local co = coroutine.wrap(function() return xpcall(function() error("x") end, h) end) return {co()}',
      'local function h() while true do end end while true do xpcall(function() error("x") end, h) end',
      'while true do xpcall(function() while true do end end, function() while true do end end) end',
    ])
      expect(err(hostile(src, small).reply)).toMatch(/^ERR Script killed by the lab/);
  });

  it('stops the same script at the same point every time, its handler’s steps counted', () => {
    const src = `local function h(e) while true do redis.call('INCR', 'n') end end
return {xpcall(function() error('x') end, h)}`;
    const counts = [0, 1, 2].map(() => {
      const { reply, model } = hostile(src, small);
      expect(err(reply)).toMatch(/^ERR Script killed by the lab/);
      return Number(toJson(model.call(['GET', 'n'])));
    });
    expect(counts[0]).toBeGreaterThan(1000);
    expect(new Set(counts).size).toBe(1);
  });
});

describe('memory', () => {
  it('stops a bomb at the cap with the line, and collects it afterwards', () => {
    const { reply, model } = hostile(
      "redis.call('SET', 'before', '1')\nlocal s = 'x' while true do s = s .. s end",
    );
    expect(err(reply)).toMatch(/^ERR Script used more memory than the lab allows \(32 MB\)/);
    expect(toJson(model.call(['GET', 'before']))).toBe('1');
    expect(engine.memoryInUse()).toBeLessThan(16 * 1024 * 1024);
  });

  it('lets a script use memory that earlier scripts left as garbage', () => {
    const m = new RedisModel({ scriptEngine: engine });
    for (let i = 0; i < 4; i++)
      expect(evalIn(m, "local s = string.rep('0123456789abcdef', 2^19) return #s")).toBe(8 << 20);
  });
});

describe('nothing of one run survives into the next', () => {
  it('has no newproxy, so no __gc a script could leave behind', () => {
    const m = new RedisModel({ scriptEngine: engine });
    expect(err(evalIn(m, 'return newproxy(true)'))).toMatch(
      /nonexistent global variable 'newproxy'/,
    );
    // Lua 5.1 ignores __gc on tables: collecting runs no script code.
    expect(
      evalIn(
        m,
        "setmetatable({}, {__gc = function() redis.call('SET', 'leak', '1') while true do end end}) collectgarbage() return 'done'",
      ),
    ).toBe('done');
    const next = new RedisModel({ scriptEngine: engine });
    engine.flushScripts();
    evalIn(next, 'collectgarbage() return 1');
    expect(toJson(next.call(['EXISTS', 'leak']))).toBe(0);
    expect(toJson(m.call(['EXISTS', 'leak']))).toBe(0);
  });

  it('keeps globals read-only and starts a fresh Lua state at SCRIPT FLUSH', () => {
    const m = new RedisModel({ scriptEngine: engine });
    expect(err(evalIn(m, 'counter = 1'))).toMatch(/Attempt to modify a readonly table/);
    expect(err(evalIn(m, "rawset(_G, 'counter', 1)"))).toMatch(/readonly/);
    const before = engine.memoryInUse();
    m.call(['SCRIPT', 'FLUSH']);
    expect(evalIn(m, "return type(rawget(_G, 'counter'))")).toBe('nil');
    expect(engine.memoryInUse()).toBeLessThan(before + 1024 * 1024);
  });

  it('detaches the model after every run (redis.call outside a run is refused)', () => {
    const m = new RedisModel({ scriptEngine: engine });
    // A coroutine kept in a returned value cannot escape: the reply is converted, then freed.
    expect(evalIn(m, "return coroutine.create(function() redis.call('SET', 'x', '1') end)")).toBe(
      null,
    );
    expect(toJson(m.call(['EXISTS', 'x']))).toBe(0);
  });
});

describe('a trap inside the module', () => {
  it('rebuilds the instance and answers with an error; the next script runs', async () => {
    const e = await createLuaEngine();
    const m = new RedisModel({ scriptEngine: e });
    expect(evalIn(m, 'return 1')).toBe(1);
    // Stand in for a trap (a bug, or the JS stack running out inside wasm) on the next run.
    const inner = e as unknown as { ex: Record<string, unknown> };
    inner.ex = {
      ...inner.ex,
      lab_eval: () => {
        throw new WebAssembly.RuntimeError('unreachable');
      },
    };
    expect(err(evalIn(m, 'return 2'))).toMatch(
      /^ERR the lab's Lua engine failed inside \(unreachable\) and was restarted/,
    );
    expect(e.restarts).toBe(1);
    expect(evalIn(m, 'return 3')).toBe(3);
  });
});

describe('the host', () => {
  it('turns a host exception into an error reply and keeps serving', () => {
    const broken = {
      call(): never {
        throw new Error('model exploded');
      },
    };
    const r = toJson(engine.run(broken, "return redis.pcall('GET', 'k')", 'a'.repeat(40), [], []));
    expect(r).toEqual({ err: expect.stringContaining('model exploded') });
    const m = new RedisModel({ scriptEngine: engine });
    expect(evalIn(m, 'return 7')).toBe(7);
  });
});
