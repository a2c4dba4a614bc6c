// Scripting commands (commands/scripting.ts): the script cache, EVAL / EVALSHA, atomicity.
import { describe, expect, it } from 'vitest';
import { RedisModel } from '../model';
import { toJson, type Reply } from '../reply';
import type { ScriptEngine, ScriptHost } from '../scripting';
import { sha1Hex } from '../sha1';
import { shebangFlags } from './scripting';

const j = (r: Reply): unknown => toJson(r);

class FakeEngine implements ScriptEngine {
  runs = 0;
  compiles = 0;
  flushed = 0;
  run(
    host: ScriptHost,
    source: string,
    _sha: string,
    keys: readonly string[],
    argv: readonly string[],
  ): Reply {
    this.runs++;
    if (source.startsWith('bad'))
      return { t: 'err', v: 'ERR Error compiling script (new function): x' };
    if (source === 'call') return host.call([...argv]);
    if (source === 'incr') return host.call(['INCR', keys[0]!]);
    return { t: 'arr', v: [...keys, ...argv].map((v) => ({ t: 'bulk', v }) as Reply) };
  }
  flushScripts(): void {
    this.flushed++;
  }
}

describe('RedisModel scripting boundary', () => {
  it('EVAL without an engine answers an error', () => {
    const m = new RedisModel();
    const r = m.call(['EVAL', 'return 1', '0']);
    expect(r.t).toBe('err');
  });

  it('EVAL caches by SHA-1, EVALSHA finds it, SCRIPT FLUSH drops it', () => {
    const e = new FakeEngine();
    const m = new RedisModel({ scriptEngine: e });
    const sha = sha1Hex('echo');
    expect(j(m.call(['EVAL', 'echo', '1', 'k', 'a']))).toEqual(['k', 'a']);
    expect(j(m.call(['SCRIPT', 'EXISTS', sha, sha.toUpperCase(), 'nope']))).toEqual([1, 1, 0]);
    expect(j(m.call(['EVALSHA', sha.toUpperCase(), '0', 'x']))).toEqual(['x']);
    expect(j(m.call(['SCRIPT', 'FLUSH']))).toEqual({ ok: 'OK' });
    expect(e.flushed).toBe(1);
    expect(j(m.call(['EVALSHA', sha, '0']))).toEqual({
      err: 'NOSCRIPT No matching script. Please use EVAL.',
    });
    expect(j(m.call(['SCRIPT', 'LOAD', 'echo']))).toBe(sha);
  });

  it('a script that fails to compile is not cached (engine without compile())', () => {
    const m = new RedisModel({ scriptEngine: new FakeEngine() });
    m.call(['EVAL', 'bad script', '0']);
    expect(j(m.call(['SCRIPT', 'EXISTS', sha1Hex('bad script')]))).toEqual([0]);
  });

  it('scripts are atomic inside MULTI/EXEC and see the same model', () => {
    const m = new RedisModel({ scriptEngine: new FakeEngine() });
    m.call(['MULTI']);
    m.call(['EVAL', 'incr', '1', 'n']);
    m.call(['EVAL', 'incr', '1', 'n']);
    expect(j(m.call(['EXEC']))).toEqual([1, 2]);
  });
});

describe('script flags', () => {
  it('reads Redis 7 shebang lines as evalExtractShebangFlags does', () => {
    expect(shebangFlags('return 1')).toBe(null);
    expect([...(shebangFlags('#!lua flags=no-writes,allow-oom\nreturn 1') as Set<string>)]).toEqual(
      ['no-writes', 'allow-oom'],
    );
    expect(j(shebangFlags('#!lua flags=nope\n') as Reply)).toEqual({
      err: 'ERR Unexpected flag in script shebang: nope',
    });
    expect(j(shebangFlags('#!lua') as Reply)).toEqual({ err: 'ERR Invalid script shebang' });
    expect(j(shebangFlags('#!luajit\n') as Reply)).toEqual({
      err: 'ERR Unexpected engine in script shebang: #!luajit',
    });
  });

  it('EVAL_RO and no-writes scripts may read but not write', () => {
    // Every script here runs ARGV as one redis.call.
    const engine: ScriptEngine = { run: (host, _s, _h, _k, argv) => host.call([...argv]) };
    const m = new RedisModel({ scriptEngine: engine });
    expect(j(m.call(['EVAL_RO', 'call', '0', 'SET', 'k', 'v']))).toEqual({
      err: 'ERR Write commands are not allowed from read-only scripts.',
    });
    expect(j(m.call(['EVAL_RO', 'call', '0', 'GET', 'k']))).toBe(null);
    expect(j(m.call(['EVAL', '#!lua flags=no-writes\ncall', '0', 'DEL', 'k']))).toEqual({
      err: 'ERR Write commands are not allowed from read-only scripts.',
    });
    expect(j(m.call(['EVAL_RO', '#!lua\ncall', '0', 'GET', 'k']))).toEqual({
      err: 'ERR Can not execute a script with write flag using *_ro command.',
    });
    expect(j(m.call(['EVAL', 'call', '0', 'SET', 'k', 'v']))).toEqual({ ok: 'OK' });
  });
});
