import { beforeAll, describe, expect, it } from 'vitest';
import corpusText from '../../../test/redis/corpus/lua.jsonl?raw';
import { RedisModel } from '../redis/model';
import { toJson, type JsonReply, type Reply } from '../redis/reply';
import { createLuaEngine, type LuaRuntime } from './index';
import { templateById } from '../playground/templates';

const tokenBucket = templateById('token-bucket')!.source;
const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

let engine: LuaRuntime;
beforeAll(async () => {
  engine = await createLuaEngine({ budgetMs: 250 });
});

const fresh = (): RedisModel => {
  const m = new RedisModel({ scriptEngine: engine });
  m.reset();
  return m;
};
const evalJson = (
  m: RedisModel,
  src: string,
  keys: string[] = [],
  argv: string[] = [],
): JsonReply => toJson(m.call(['EVAL', src, String(keys.length), ...keys, ...argv]));

describe('binary values', () => {
  it('keeps a struct.pack and a cmsgpack.pack limiter state over many requests', () => {
    const m = fresh();
    const src = `local raw = redis.call('GET', KEYS[1])
      local n, t = 0, 0
      if raw then n, t = struct.unpack('<i8d', raw) end
      local st = cmsgpack.unpack(redis.call('GET', KEYS[2]) or cmsgpack.pack({0, ''}))
      n = n + 1
      redis.call('SET', KEYS[1], struct.pack('<i8d', n, t + tonumber(ARGV[1])))
      redis.call('SET', KEYS[2], cmsgpack.pack({st[1] + 1, st[2] .. string.char(tonumber(ARGV[2]))}))
      return {n, redis.call('STRLEN', KEYS[1]), redis.call('STRLEN', KEYS[2])}`;
    for (let i = 1; i <= 300; i++) {
      const r = evalJson(m, src, ['s', 'm'], ['0.25', String(i % 256)]);
      expect((r as number[])[0]).toBe(i);
      expect((r as number[])[1]).toBe(16);
    }
    const back = evalJson(
      m,
      "local st = cmsgpack.unpack(redis.call('GET', KEYS[2])) local n, t = struct.unpack('<i8d', redis.call('GET', KEYS[1])) return {st[1], #st[2], string.byte(st[2], 255, 256), n, tostring(t)}",
      ['s', 'm'],
    );
    expect(back).toEqual([300, 300, 255, 300, '75']);
  });
});

describe('conversions (spot checks; the corpus covers the rest)', () => {
  it('converts both ways as Redis 7', () => {
    const m = fresh();
    expect(evalJson(m, 'return {1, false, 3.9, nil, 5}')).toEqual([1, null, 3]);
    expect(evalJson(m, "redis.call('SET','x',0.1) return redis.call('GET','x')")).toBe(
      '0.10000000000000001',
    );
    expect(evalJson(m, "return redis.error_reply('boom')")).toEqual({ err: 'ERR boom' });
    expect(evalJson(m, 'return tostring(10/2)')).toBe('5');
    expect(evalJson(m, 'x = 5')).toEqual({
      err: 'ERR user_script:1: Attempt to modify a readonly table script: 818a330663e3c3e78469660421595218e5ab5c48, on @user_script:1.',
    });
  });

  it('collects redis.log lines', () => {
    const m = fresh();
    engine.drainLogs();
    evalJson(m, "redis.log(redis.LOG_WARNING, 'tokens', 3)");
    expect(engine.drainLogs()).toEqual([{ level: 3, message: 'tokens 3' }]);
  });
});

describe('runaway scripts', () => {
  const cases: Array<[string, string]> = [
    ['endless loop', "redis.call('SET','before','1')\nwhile true do end"],
    [
      'pcall loop',
      "redis.call('SET','before','1')\nwhile true do pcall(function() while true do end end) end",
    ],
    ['memory bomb', "redis.call('SET','before','1')\nlocal s = 'x' while true do s = s .. s end"],
    [
      'pcall around a memory bomb',
      "redis.call('SET','before','1')\nwhile true do pcall(function() local s = 'x' while true do s = s .. s end end) end",
    ],
  ];
  for (const [name, src] of cases) {
    it(`stops a ${name} within a second, keeps its writes and keeps serving`, () => {
      const m = fresh();
      // CPU time, not wall time: the budget counts steps, and a busy machine stretches the wall.
      const t0 = cpuMs();
      const r = evalJson(m, src);
      expect(cpuMs() - t0).toBeLessThan(1000);
      expect(r).toMatchObject({
        err: expect.stringMatching(/^ERR Script (killed by the lab|used more memory)/),
      });
      if (name !== 'memory bomb')
        expect((r as { err: string }).err).toMatch(/on @user_script:2\.$/);
      expect(toJson(m.call(['GET', 'before']))).toBe('1');
      expect(evalJson(m, 'return 1 + 1')).toBe(2);
      expect(evalJson(m, 'local t = {} for i = 1, 1000 do t[i] = i end return #t')).toBe(1000);
    });
  }

  it('stops a runaway at the same step every run (the budget counts steps, not time)', async () => {
    const e = await createLuaEngine({ budgetSteps: 200_000 });
    const src = "local n = 0 while true do n = n + 1 redis.call('SET', 'n', n) end";
    const counts = [1, 2, 3].map(() => {
      const m = new RedisModel({ scriptEngine: e });
      const r = toJson(m.call(['EVAL', src, '0']));
      expect(r).toMatchObject({ err: expect.stringContaining('budget of 200,000 Lua steps') });
      return toJson(m.call(['GET', 'n']));
    });
    expect(Number(counts[0])).toBeGreaterThan(1000);
    expect(counts).toEqual([counts[0], counts[0], counts[0]]);
  });
});

describe('app-server mode', () => {
  const LIMITER = `local v = tonumber(redis.call('GET', KEYS[1]) or '0')
if v >= tonumber(ARGV[1]) then return 0 end
redis.call('SET', KEYS[1], v + 1)
return 1`;

  /** Deliver each run's calls to the model in the given interleaving of run indexes. */
  function interleave(m: RedisModel, runs: number, order: number[]): Reply[] {
    const steppers = Array.from({ length: runs }, () =>
      engine.startAppServerRun(LIMITER, ['c'], ['1']),
    );
    const steps = steppers.map((s) => s.next());
    for (const i of order) {
      const st = steps[i]!;
      if (st.kind === 'call') steps[i] = steppers[i]!.next(m.call(st.args));
    }
    return steps.map((s) => (s.kind === 'done' ? s.reply : { t: 'err', v: 'not finished' }));
  }

  it('GET-then-SET double-spends when two app servers interleave', () => {
    const m = fresh();
    // A GET, B GET, A SET, B SET: both read 0, both admit.
    const replies = interleave(m, 2, [0, 1, 0, 1]);
    expect(replies.map(toJson)).toEqual([1, 1]);
    expect(toJson(m.call(['GET', 'c']))).toBe('1');
  });

  it('admits once when the same Lua runs as EVAL', () => {
    const m = fresh();
    expect([evalJson(m, LIMITER, ['c'], ['1']), evalJson(m, LIMITER, ['c'], ['1'])]).toEqual([
      1, 0,
    ]);
  });

  it('run back to back, app servers admit once too', () => {
    const m = fresh();
    expect(interleave(m, 2, [0, 0, 1, 1]).map(toJson)).toEqual([1, 0]);
  });

  it('reports calls, raises call errors in the app code, and finishes', () => {
    const m = fresh();
    const run = engine.startAppServerRun(
      "redis.call('SET','k','x')\nreturn redis.call('INCR','k')",
      [],
      [],
    );
    let st = run.next();
    expect(st).toEqual({ kind: 'call', args: ['SET', 'k', 'x'] });
    st = run.next(m.call((st as { args: string[] }).args));
    expect(st).toEqual({ kind: 'call', args: ['INCR', 'k'] });
    st = run.next(m.call((st as { args: string[] }).args));
    expect(st.kind).toBe('done');
    expect(toJson((st as { reply: Reply }).reply)).toMatchObject({
      err: expect.stringMatching(/^ERR value is not an integer.*:2\.$/),
    });
  });
});

describe('seed token bucket through EVALSHA', () => {
  it('bursts to capacity then denies', () => {
    const m = fresh();
    const sha = toJson(m.call(['SCRIPT', 'LOAD', tokenBucket])) as string;
    const out = [1, 2, 3, 4].map(() => toJson(m.call(['EVALSHA', sha, '1', 'rl', '3', '1', '1'])));
    expect(out).toEqual([
      [1, 2, 0],
      [1, 1, 0],
      [1, 0, 0],
      [0, 0, 1],
    ]);
  });
});

describe('corpus replay (expectations recorded from redis-server 7.0.15)', () => {
  const cases = corpusText
    .trim()
    .split('\n')
    .map(
      (l) =>
        JSON.parse(l) as {
          name: string;
          exactErrors?: boolean;
          steps: Array<{ cmd?: string[]; advance?: number }>;
          expect: JsonReply[];
        },
    );
  it('has at least 150 cases', () => expect(cases.length).toBeGreaterThanOrEqual(150));
  for (const c of cases) {
    it(c.name, () => {
      const m = fresh();
      const got: JsonReply[] = [];
      for (const st of c.steps) {
        if (st.cmd) got.push(toJson(m.call(st.cmd)));
        else if (st.advance !== undefined) m.advance(st.advance);
      }
      const norm = (x: JsonReply): JsonReply => {
        if (Array.isArray(x)) return x.map(norm);
        if (!c.exactErrors && x !== null && typeof x === 'object' && 'err' in x)
          return { err: x.err.split(' ')[0]! };
        return x;
      };
      expect(got.map(norm)).toEqual(c.expect.map(norm));
    });
  }
});
