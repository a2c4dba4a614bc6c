import { beforeAll, describe, expect, it } from 'vitest';
import { createLuaEngine } from '../lua/index';
import type { LuaRuntime } from '../lua/engine';
import { simulate } from '../simulate';
import { errorLine, lintLua, readableError } from './lint';
import { keysAt, runScriptOn, type RunInput } from './runner';
import { TEMPLATES, templateById } from './templates';
import { TRAFFIC, trafficById } from './traffic';

let engine: LuaRuntime;
beforeAll(async () => {
  engine = await createLuaEngine({ budgetMs: 50 });
});

/**
 * The run's wall clock is injected: by default it stands still, so the run budget (2.5 s of the
 * page's clock) never decides an outcome here, however slow the machine.
 */
const still = () => 0;
const run = (input: Partial<RunInput> & Pick<RunInput, 'script'>, wallNow = still) => {
  engine.flushScripts();
  return runScriptOn(
    engine,
    {
      mode: 'script',
      keys: ['rl:{key}'],
      args: [],
      requests: trafficById('steady').requests(),
      latency: 0,
      ...input,
    },
    wallNow,
  );
};

describe('lintLua', () => {
  it('passes every template', () => {
    for (const t of TEMPLATES) expect(lintLua(t.source), t.id).toEqual([]);
  });
  it('warns on Lua 5.3+ syntax Redis rejects, at the operator', () => {
    const ms = lintLua('local a = 7 // 2\nlocal b = a & 1 | a << 2\nreturn ~a');
    expect(ms.every((m) => m.severity === 'warning')).toBe(true);
    expect(ms.map((m) => [m.line, m.column])).toEqual([
      [1, 13],
      [2, 13],
      [2, 17],
      [2, 21],
      [3, 8],
    ]);
    expect(ms[0]!.message).toMatch(/Lua 5\.3.*math\.floor/);
  });
  it('warns on goto and labels', () => {
    const ms = lintLua('goto done\n::done::\nreturn 1');
    expect(ms.map((m) => m.line)).toEqual([1, 2]);
  });
  it('reports a syntax error on its line', () => {
    const [m] = lintLua('local a = 1\nlocal b = = 2\nreturn a');
    expect(m).toMatchObject({ severity: 'error', line: 2 });
    expect(m!.message).toMatch(/^Syntax error: /);
  });
  it('ignores a Redis 7 shebang line', () => {
    expect(lintLua('#!lua flags=no-writes\nreturn 1')).toEqual([]);
  });
  it('reads the line out of Redis error replies', () => {
    const e =
      "ERR user_script:3: Script attempted to access nonexistent global variable 'f' script: 2c081f747197f549090e27ec81bcc246bc0cb94c, on @user_script:3.";
    expect(errorLine(e)).toBe(3);
    expect(readableError(e)).toBe("Script attempted to access nonexistent global variable 'f'");
    expect(
      errorLine(
        "ERR Error compiling script (new function): user_script:2: unexpected symbol near 'return'",
      ),
    ).toBe(2);
  });
});

describe('templates on the Redis model', () => {
  for (const t of TEMPLATES) {
    it(`${t.id} runs without errors on every traffic preset`, () => {
      for (const tr of TRAFFIC) {
        const out = run({ script: t.source, keys: t.keys, args: t.args, requests: tr.requests() });
        expect(out.compileError).toBeNull();
        const errs = out.records.filter((r) => r.decision.error !== undefined);
        expect(
          errs.map((r) => r.decision.error),
          `${t.id} / ${tr.id}`,
        ).toEqual([]);
        // Every key it writes expires.
        const last = out.frames.at(-1)!;
        expect(
          last.keys.filter((k) => k.ttlMs === null).map((k) => k.key),
          `${t.id} leaves keys without TTL`,
        ).toEqual([]);
      }
    });
  }
  for (const t of TEMPLATES.filter((x) => x.reference)) {
    it(`${t.id} decides exactly as the built-in ${t.reference!.algorithm} on every preset`, () => {
      for (const tr of TRAFFIC) {
        const requests = tr.requests();
        const out = run({ script: t.source, keys: t.keys, args: t.args, requests });
        const sim = simulate({
          algorithm: t.reference!.algorithm,
          params: t.reference!.params,
          placement: 'shared',
          requests,
        });
        expect(
          out.records.map((r) => r.decision.allowed),
          `${t.id} / ${tr.id}`,
        ).toEqual(sim.decisions.map((d) => d.allowed));
      }
    });
  }
  it('the reference parameters are the template ARGV', () => {
    for (const t of TEMPLATES.filter((x) => x.reference?.fromArgs))
      for (const [name, pos] of Object.entries(t.reference!.fromArgs!))
        expect(Number(t.args[pos]), `${t.id}.${name}`).toBe(t.reference!.params[name]);
  });
});

describe('runScriptOn', () => {
  it('traces every redis.call with its reply, and the final reply', () => {
    const out = run({
      script:
        'local n = redis.call("INCR", KEYS[1])\nredis.call("EXPIRE", KEYS[1], 10)\nreturn n % 2',
      requests: trafficById('worked').requests(),
    });
    const r = out.records[2]!;
    expect(r.keys).toEqual(['rl:client-1']);
    expect(r.calls.map((c) => [c.args, c.reply])).toEqual([
      [['INCR', 'rl:client-1'], 3],
      [['EXPIRE', 'rl:client-1', '10'], 1],
    ]);
    expect(r.reply).toBe(1);
    expect(r.decision.allowed).toBe(true);
    expect(out.records.map((x) => x.decision.allowed)).toEqual([true, false, true, false, true]);
  });
  it('counts TTLs down with the virtual clock, and forgets expired keys', () => {
    const out = run({
      script: 'redis.call("SET", KEYS[1], "x", "EX", 2)\nreturn 1',
      requests: [{ at: 1, server: 'A', key: 'k', cost: 1 }],
    });
    expect(keysAt(out.frames, 0.5)).toEqual([]);
    expect(keysAt(out.frames, 1)[0]!.ttlMs).toBe(2000);
    expect(keysAt(out.frames, 2.5)[0]!.ttlMs).toBe(500);
    expect(keysAt(out.frames, 3.1)).toEqual([]);
  });
  it('fills {key} {server} {cost} {now} and moves TIME with the scenario', () => {
    const out = run({
      script: 'return {1, redis.call("TIME")[1]}',
      keys: ['x:{key}:{server}'],
      args: ['{cost}', '{now}'],
      requests: [{ at: 2.5, server: 'B', key: 'c', cost: 3 }],
      latency: 0.1,
    });
    expect(out.records[0]!.keys).toEqual(['x:c:B']);
    expect(out.records[0]!.argv).toEqual(['3', '2.6']);
    expect(out.records[0]!.reply).toEqual([1, '1700000002']);
  });
  it('reports a compile error with its line', () => {
    const out = run({ script: 'local x =\nreturn' });
    expect(out.compileError?.line).toBe(2);
    expect(out.records.every((r) => r.decision.error !== undefined)).toBe(true);
  });
  it('stops a runaway script and then skips the rest of the run', () => {
    // The step budget stops each run of the script; the run's clock moves 150 ms at each reading
    // (one at the start, one before each request), so the first request runs and the budget of
    // 200 ms has passed before the second, however fast or slow the machine.
    let wall = 0;
    const out = run({ script: 'while true do end', runBudgetMs: 200 }, () => (wall += 150));
    expect(out.killedCount).toBeGreaterThan(0);
    expect(out.skippedCount).toBeGreaterThan(0);
    expect(out.records[0]!.killed).toBe(true);
    expect(out.records[0]!.errorLine).toBe(1);
  });
  it('GET then SET double-spends as app-server code under latency, not as a script', () => {
    const t = templateById('get-then-set')!;
    const requests = trafficById('race').requests();
    const script = run({ script: t.source, keys: t.keys, args: t.args, requests, latency: 0.1 });
    expect(script.records.filter((r) => r.decision.allowed)).toHaveLength(3);
    expect(script.records.some((r) => r.stale)).toBe(false);
    const app = run({
      mode: 'app',
      script: t.source,
      keys: t.keys,
      args: t.args,
      requests,
      latency: 0.1,
    });
    expect(app.records.filter((r) => r.decision.allowed).length).toBeGreaterThan(3);
    expect(app.records.some((r) => r.stale)).toBe(true);
    // Each call is its own round trip: GET at arrival + latency, SET one round trip later.
    const first = app.records[0]!;
    expect(first.calls.map((c) => c.at)).toEqual([1.1, 1.3]);
    expect(first.decidedAt).toBeCloseTo(1.4);
  });
  it('the atomic token bucket does not double-spend as app-server code with no latency in between', () => {
    const t = templateById('token-bucket')!;
    const out = run({
      mode: 'app',
      script: t.source,
      keys: t.keys,
      args: t.args,
      requests: trafficById('worked').requests(),
      latency: 0.05,
    });
    expect(out.records.every((r) => r.decision.allowed)).toBe(true);
    expect(out.records.some((r) => r.stale)).toBe(false);
  });
});
