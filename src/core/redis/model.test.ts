// Dispatch (model.ts): the in-script rules of callFromScript and cluster-slot checks.
import { describe, expect, it } from 'vitest';
import { RedisModel } from './model';
import { toJson, type Reply } from './reply';
import type { ScriptEngine, ScriptHost } from './scripting';

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
  it('callFromScript applies the in-script rules', () => {
    const m = new RedisModel({ scriptEngine: new FakeEngine() });
    const ev = (...argv: string[]): unknown => j(m.call(['EVAL', 'call', '0', ...argv]));
    expect(ev('NOPE')).toEqual({ err: 'ERR Unknown Redis command called from script' });
    expect(ev('GET')).toEqual({
      err: 'ERR Wrong number of args calling Redis command from script',
    });
    expect(ev('MULTI')).toEqual({ err: 'ERR This Redis command is not allowed from script' });
    expect(ev('EVAL', 'x', '0')).toEqual({
      err: 'ERR This Redis command is not allowed from script',
    });
    expect(ev('SET', 'k', 'v')).toEqual({ ok: 'OK' });
  });

  it('cluster mode: CROSSSLOT for scripts and undeclared cross-slot keys', () => {
    const m = new RedisModel({ scriptEngine: new FakeEngine(), clusterMode: true });
    expect(j(m.call(['EVAL', 'echo', '2', 'a', 'b']))).toEqual({
      err: "CROSSSLOT Keys in request don't hash to the same slot",
    });
    expect(j(m.call(['EVAL', 'echo', '2', '{t}a', '{t}b']))).toEqual(['{t}a', '{t}b']);
    // Without a shebang, Redis 7 lets a script touch other slots of the node...
    expect(j(m.call(['EVAL', 'call', '0', 'MGET', 'a', 'b']))).toEqual({
      err: 'ERR Script attempted to access a non local key in a cluster node',
    });
    expect(j(m.call(['EVAL', 'call', '0', 'GET', 'a']))).toBe(null);
    expect(m.slotOf('{user1000}.following')).toBe(m.slotOf('user1000'));
  });
});
