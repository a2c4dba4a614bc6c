// Keys and TTLs (commands/keys/).
import { describe, expect, it } from 'vitest';
import { RedisModel } from '../../model';
import { toJson, type Reply } from '../../reply';

const j = (r: Reply): unknown => toJson(r);

describe('RedisModel clock', () => {
  it('TTL rounds like Redis ((ms + 500) / 1000) and PTTL is exact', () => {
    const m = new RedisModel();
    m.call(['SET', 'k', 'v', 'EX', '10']);
    m.advance(4.5);
    expect(j(m.call(['TTL', 'k']))).toBe(6);
    m.advance(0.001);
    expect(j(m.call(['TTL', 'k']))).toBe(5);
    expect(j(m.call(['PTTL', 'k']))).toBe(5499);
  });
});

describe('keys', () => {
  it('EXPIRETIME and PEXPIRETIME read the virtual clock', () => {
    const m = new RedisModel({ startTime: 1000 });
    m.call(['SET', 'k', 'v', 'PX', '1500']);
    expect(j(m.call(['PEXPIRETIME', 'k']))).toBe(1001500);
    expect(j(m.call(['EXPIRETIME', 'k']))).toBe(1002);
  });

  it('RENAME signals WATCH on both names and keeps the TTL', () => {
    for (const watched of ['a', 'b']) {
      const m = new RedisModel();
      const s = m.createSession();
      m.call(['SET', 'a', '1', 'EX', '100']);
      m.call(['WATCH', watched], s);
      m.call(['MULTI'], s);
      m.call(['RENAME', 'a', 'b']);
      expect(m.call(['EXEC'], s), watched).toEqual({ t: 'nilarr' });
      expect(j(m.call(['TTL', 'b']))).toBe(100);
    }
  });

  it('COPY makes an independent copy, into another database too', () => {
    const m = new RedisModel();
    m.call(['RPUSH', 'l', 'a']);
    expect(j(m.call(['COPY', 'l', 'm']))).toBe(1);
    m.call(['RPUSH', 'l', 'b']);
    expect(j(m.call(['LRANGE', 'm', '0', '-1']))).toEqual(['a']);
    expect(j(m.call(['COPY', 'l', 'l', 'DB', '1']))).toBe(1);
    m.call(['SELECT', '1']);
    expect(j(m.call(['LRANGE', 'l', '0', '-1']))).toEqual(['a', 'b']);
  });
  it('keeps expiry times beyond 2^53 exact (PTTL, TTL and PEXPIRETIME as 64-bit integers)', () => {
    const m = new RedisModel();
    m.call(['SET', 'k', 'v']);
    m.call(['PEXPIREAT', 'k', '9007199254740993']);
    expect(m.call(['PEXPIRETIME', 'k'])).toEqual({ t: 'int', v: 9007199254740993n });
    expect(m.call(['PTTL', 'k'])).toEqual({ t: 'int', v: 9007199254740993n - 1700000000000n });
    expect(m.call(['TTL', 'k'])).toEqual({ t: 'int', v: 9005499254741n });
    m.call(['PEXPIRE', 'k', '9223370336854775807']);
    expect(m.call(['PTTL', 'k'])).toEqual({ t: 'int', v: 9223370336854775807n });
  });
});
