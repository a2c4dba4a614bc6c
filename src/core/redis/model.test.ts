import { describe, expect, it } from 'vitest';
import { RedisModel } from './model';
import { toJson, type Reply } from './reply';
import type { ScriptEngine, ScriptHost } from './scripting';
import { sha1Hex } from './sha1';
import { crc16, keySlot } from './slot';
import { formatG, formatScore, parseLongDouble, addLongDouble, formatLongDouble } from './numfmt';
import { globMatch } from './glob';

const j = (r: Reply): unknown => toJson(r);

describe('RedisModel clock', () => {
  it('starts at Unix 1700000000.000000 and TIME follows advance/setTime', () => {
    const m = new RedisModel();
    expect(m.now).toBe(1700000000);
    expect(j(m.call(['TIME']))).toEqual(['1700000000', '0']);
    m.advance(2.000123);
    expect(j(m.call(['TIME']))).toEqual(['1700000002', '123']);
    m.setTime(1800000000.5);
    expect(j(m.call(['TIME']))).toEqual(['1800000000', '500000']);
    expect(m.nowMicros).toBe(1800000000500000);
    expect(() => m.advance(NaN)).toThrow(RangeError);
  });

  it('expires keys for every command, KEYS and DBSIZE included', () => {
    const m = new RedisModel({ startTime: 100 });
    m.call(['SET', 'a', '1', 'PX', '1000']);
    m.call(['SET', 'b', '1']);
    m.advance(1);
    expect(j(m.call(['EXISTS', 'a']))).toBe(1); // at the instant of expiry: still there
    m.advance(0.001);
    expect(j(m.call(['DBSIZE']))).toBe(1);
    expect(j(m.call(['KEYS', '*']))).toEqual(['b']);
    expect(j(m.call(['GET', 'a']))).toBe(null);
    expect(m.snapshot().map((k) => k.key)).toEqual(['b']);
  });

  it('TTL rounds like Redis ((ms + 500) / 1000) and PTTL is exact', () => {
    const m = new RedisModel();
    m.call(['SET', 'k', 'v', 'EX', '10']);
    m.advance(4.5);
    expect(j(m.call(['TTL', 'k']))).toBe(6);
    m.advance(0.001);
    expect(j(m.call(['TTL', 'k']))).toBe(5);
    expect(j(m.call(['PTTL', 'k']))).toBe(5499);
  });

  it('WATCH is invalidated by expiry of the watched key', () => {
    const m = new RedisModel();
    m.call(['SET', 'k', 'v', 'EX', '1']);
    m.call(['WATCH', 'k']);
    m.advance(5);
    m.call(['MULTI']);
    m.call(['SET', 'k', 'w']);
    expect(m.call(['EXEC'])).toEqual({ t: 'nilarr' });
  });
});

describe('RedisModel sessions', () => {
  it('another client writing a watched key aborts EXEC (optimistic locking)', () => {
    const m = new RedisModel();
    const a = m.createSession();
    const b = m.createSession();
    m.call(['SET', 'counter', '5'], a);
    m.call(['WATCH', 'counter'], a);
    m.call(['MULTI'], a);
    expect(j(m.call(['SET', 'counter', '6'], a))).toEqual({ ok: 'QUEUED' });
    m.call(['INCR', 'counter'], b); // not in MULTI: runs now
    expect(m.call(['EXEC'], a)).toEqual({ t: 'nilarr' });
    expect(j(m.call(['GET', 'counter'], b))).toBe('6');
  });

  it('MULTI state is per session', () => {
    const m = new RedisModel();
    const a = m.createSession();
    m.call(['MULTI'], a);
    expect(j(m.call(['SET', 'k', '1']))).toEqual({ ok: 'OK' });
    expect(j(m.call(['GET', 'k'], a))).toEqual({ ok: 'QUEUED' });
    expect(j(m.call(['EXEC'], a))).toEqual(['1']);
  });
});

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

  it('scripts are atomic inside MULTI/EXEC and see the same model', () => {
    const m = new RedisModel({ scriptEngine: new FakeEngine() });
    m.call(['MULTI']);
    m.call(['EVAL', 'incr', '1', 'n']);
    m.call(['EVAL', 'incr', '1', 'n']);
    expect(j(m.call(['EXEC']))).toEqual([1, 2]);
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

describe('helpers', () => {
  it('sha1', () => {
    expect(sha1Hex('')).toBe('da39a3ee5e6b4b0d3255bfef95601890afd80709');
    expect(sha1Hex('return 1')).toBe('e0e1f9fabfc9d4800c877a703b823ac0578ff8db');
    expect(sha1Hex('a'.repeat(1000))).toBe('291e9a6c66994949b57ba5e650361e98fc36b1ba');
    expect(sha1Hex('ü')).toBe('94a759fd37735430753c7b6b80684306d80ea16e');
  });
  it('crc16 and slots', () => {
    expect(crc16('123456789')).toBe(0x31c3);
    expect(keySlot('foo')).toBe(12182);
    expect(keySlot('{}a')).toBe(keySlot('{}a'));
    expect(keySlot('a{}{b}')).toBe(keySlot('a{}{b}'));
    expect(keySlot('{b}c')).toBe(3300);
  });
  it('number formats', () => {
    expect(formatScore(1.5)).toBe('1.5');
    expect(formatScore(3000)).toBe('3000');
    expect(formatScore(0.1 + 0.2)).toBe('0.30000000000000004');
    expect(formatScore(0.1)).toBe('0.10000000000000001');
    expect(formatScore(1e21)).toBe('1e+21');
    expect(formatScore(-Infinity)).toBe('-inf');
    expect(formatG(1e-7, 17)).toBe('9.9999999999999995e-08');
    expect(formatG(100, 14)).toBe('100');
    const a = parseLongDouble('0.1');
    const b = parseLongDouble('0.2');
    if (a === null || b === null || typeof a === 'string' || typeof b === 'string')
      throw new Error('parse');
    const s = addLongDouble(a, b);
    if (s === 'inf') throw new Error('inf');
    expect(formatLongDouble(s)).toBe('0.3');
  });
  it('glob', () => {
    expect(globMatch('h[a-e]llo', 'hello')).toBe(true);
    expect(globMatch('h[^e]llo', 'hello')).toBe(false);
    expect(globMatch('a\\*b', 'a*b')).toBe(true);
    expect(globMatch('a*', '')).toBe(false);
  });
});
