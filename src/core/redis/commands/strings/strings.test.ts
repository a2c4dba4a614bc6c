// Strings (commands/strings/): what the differential corpus cannot show on its own, such as
// byte counting on UTF-8, the lab's string cap and WATCH signals. The corpus checks the rest
// against a real redis-server.
import { describe, expect, it } from 'vitest';
import { LAB_MAX_STRING_BYTES } from '../../bytes';
import { RedisModel } from '../../model';
import { toJson, type Reply } from '../../reply';

const j = (r: Reply): unknown => toJson(r);

describe('string lengths and offsets count UTF-8 bytes, as Redis does', () => {
  it('STRLEN, GETRANGE, APPEND and SETRANGE on non-ASCII text', () => {
    const m = new RedisModel();
    m.call(['SET', 'k', 'ключ']);
    expect(j(m.call(['STRLEN', 'k']))).toBe(8);
    expect(j(m.call(['GETRANGE', 'k', '0', '1']))).toBe('к');
    expect(j(m.call(['GETRANGE', 'k', '-2', '-1']))).toBe('ч');
    expect(j(m.call(['APPEND', 'k', '✓']))).toBe(11);
    expect(j(m.call(['SETRANGE', 'k', '2', 'ЛЮ']))).toBe(11);
    expect(j(m.call(['GET', 'k']))).toBe('кЛЮч✓');
    expect(j(m.call(['HSET', 'h', 'f', 'é']))).toBe(1);
    expect(j(m.call(['HSTRLEN', 'h', 'f']))).toBe(2);
  });

  it('SETRANGE pads with zero bytes', () => {
    const m = new RedisModel();
    expect(j(m.call(['SETRANGE', 'k', '3', 'ab']))).toBe(5);
    expect(j(m.call(['GET', 'k']))).toBe('\0\0\0ab');
  });

  it('refuses strings past the lab cap with a message naming both limits', () => {
    const m = new RedisModel();
    const r = m.call(['SETRANGE', 'k', String(LAB_MAX_STRING_BYTES), 'x']);
    expect(r.t).toBe('err');
    expect(r.t === 'err' && r.v).toContain(String(LAB_MAX_STRING_BYTES + 1));
    expect(j(m.call(['EXISTS', 'k']))).toBe(0);
    expect(j(m.call(['SETRANGE', 'k', String(512 * 1024 * 1024), 'x']))).toEqual({
      err: 'ERR string exceeds maximum allowed size (proto-max-bulk-len)',
    });
  });
});

describe('string writes signal WATCH', () => {
  it('APPEND, SETRANGE, GETDEL and GETEX PERSIST abort another session’s transaction', () => {
    for (const cmd of [
      ['APPEND', 'k', 'x'],
      ['SETRANGE', 'k', '0', 'x'],
      ['GETDEL', 'k'],
      ['GETEX', 'k', 'PERSIST'],
      ['GETSET', 'k', 'y'],
    ]) {
      const m = new RedisModel();
      const a = m.createSession();
      m.call(['SET', 'k', 'v', 'EX', '100']);
      m.call(['WATCH', 'k'], a);
      m.call(['MULTI'], a);
      m.call(['GET', 'k'], a);
      m.call(cmd);
      expect(m.call(['EXEC'], a), cmd.join(' ')).toEqual({ t: 'nilarr' });
    }
  });

  it('GETEX without options, STRLEN and GETRANGE leave it alone', () => {
    const m = new RedisModel();
    const a = m.createSession();
    m.call(['SET', 'k', 'v']);
    m.call(['WATCH', 'k'], a);
    m.call(['GETEX', 'k']);
    m.call(['GETEX', 'k', 'PERSIST']); // no TTL to remove: no change
    m.call(['STRLEN', 'k']);
    m.call(['GETRANGE', 'k', '0', '-1']);
    m.call(['MULTI'], a);
    expect(j(m.call(['EXEC'], a))).toEqual([]);
  });
});

describe('GETEX and SETEX on the virtual clock', () => {
  it('GETEX EX sets a TTL that runs out with the clock', () => {
    const m = new RedisModel();
    m.call(['SET', 'k', 'v']);
    expect(j(m.call(['GETEX', 'k', 'EX', '2']))).toBe('v');
    m.advance(2.001);
    expect(j(m.call(['GET', 'k']))).toBe(null);
    m.call(['SETEX', 's', '1', 'v']);
    expect(j(m.call(['PTTL', 's']))).toBe(1000);
  });
});

describe('LCS', () => {
  it('finds the longest common subsequence, its length and its ranges', () => {
    const m = new RedisModel();
    m.call(['MSET', 'a', 'ohmytext', 'b', 'mynewtext']);
    expect(j(m.call(['LCS', 'a', 'b']))).toBe('mytext');
    expect(j(m.call(['LCS', 'a', 'b', 'LEN']))).toBe(6);
    expect(j(m.call(['LCS', 'a', 'b', 'IDX', 'MINMATCHLEN', '4', 'WITHMATCHLEN']))).toEqual([
      'matches',
      [[[4, 7], [5, 8], 4]],
      'len',
      6,
    ]);
  });
});
