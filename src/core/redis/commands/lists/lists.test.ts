// Lists (commands/lists/), including the blocking forms the lab never blocks on.
import { describe, expect, it } from 'vitest';
import { RedisModel } from '../../model';
import { toJson, type Reply } from '../../reply';
import type { ScriptEngine, ScriptHost } from '../../scripting';

const j = (r: Reply): unknown => toJson(r);

/** A stand-in engine whose script calls ARGV as a command (the real Lua lives in src/core/lua). */
const callEngine: ScriptEngine = {
  run(host: ScriptHost, _s: string, _sha: string, _k: readonly string[], argv: readonly string[]) {
    return host.call([...argv]);
  },
};

describe('lists', () => {
  it('LMOVE rotates a list onto itself without deleting it', () => {
    const m = new RedisModel();
    m.call(['RPUSH', 'l', 'a']);
    expect(j(m.call(['LMOVE', 'l', 'l', 'LEFT', 'RIGHT']))).toBe('a');
    expect(j(m.call(['LRANGE', 'l', '0', '-1']))).toEqual(['a']);
    m.call(['RPUSH', 'l', 'b', 'c']);
    expect(j(m.call(['RPOPLPUSH', 'l', 'l']))).toBe('c');
    expect(j(m.call(['LRANGE', 'l', '0', '-1']))).toEqual(['c', 'a', 'b']);
  });

  it('LMOVE signals both keys to WATCH', () => {
    for (const watched of ['src', 'dst']) {
      const m = new RedisModel();
      const a = m.createSession();
      m.call(['RPUSH', 'src', 'x', 'y']);
      m.call(['WATCH', watched], a);
      m.call(['MULTI'], a);
      m.call(['LMOVE', 'src', 'dst', 'LEFT', 'LEFT']);
      expect(m.call(['EXEC'], a), watched).toEqual({ t: 'nilarr' });
    }
  });

  it('LPOS: RANK picks the match, COUNT gathers them, MAXLEN limits the scan', () => {
    const m = new RedisModel();
    m.call(['RPUSH', 'l', 'a', 'b', 'c', '1', '2', '3', 'c', 'c']);
    expect(j(m.call(['LPOS', 'l', 'c', 'RANK', '-1', 'COUNT', '2']))).toEqual([7, 6]);
    expect(j(m.call(['LPOS', 'l', 'c', 'COUNT', '0', 'MAXLEN', '7']))).toEqual([2, 6]);
    expect(j(m.call(['LPOS', 'l', 'c', 'RANK', '3']))).toBe(7);
  });

  it('blocking pops answer at once with data, nil with a timeout or in MULTI, an error when they would wait forever', () => {
    const m = new RedisModel();
    m.call(['RPUSH', 'q', 'job']);
    expect(j(m.call(['BLPOP', 'none', 'q', '0']))).toEqual(['q', 'job']);
    expect(j(m.call(['BLPOP', 'q', '1']))).toBe(null);
    const r = m.call(['BRPOP', 'q', '0']);
    expect(r.t === 'err' && r.v).toMatch(/^ERR BRPOP would block forever/);
    m.call(['MULTI']);
    m.call(['BLPOP', 'q', '0']);
    m.call(['BLMOVE', 'q', 'd', 'LEFT', 'LEFT', '0']);
    expect(j(m.call(['EXEC']))).toEqual([null, null]);
  });

  it('inside a script BLPOP is refused and BLMPOP answers nil at once', () => {
    const m = new RedisModel({ scriptEngine: callEngine });
    const ev = (...cmd: string[]): unknown => j(m.call(['EVAL', 'x', '0', ...cmd]));
    expect(ev('BLPOP', 'q', '0')).toEqual({
      err: 'ERR This Redis command is not allowed from script',
    });
    expect(ev('BLMPOP', '0', '1', 'q', 'LEFT')).toBe(null);
    m.call(['RPUSH', 'q', 'a', 'b']);
    expect(ev('BLMPOP', '0', '1', 'q', 'RIGHT', 'COUNT', '5')).toEqual(['q', ['b', 'a']]);
  });
});
