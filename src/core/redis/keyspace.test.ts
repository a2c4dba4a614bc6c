// The keyspace on the virtual clock: TIME follows the clock, every command sees expiry.
import { describe, expect, it } from 'vitest';
import { MAX_CLOCK_SECONDS, RedisModel } from './model';
import { toJson, type Reply } from './reply';

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

  it('keeps the clock within 0 to MAX_CLOCK_SECONDS, naming what would leave it', () => {
    expect(() => new RedisModel({ startTime: 1e308 })).toThrow(/^startTime: the clock must stay/);
    const m = new RedisModel();
    expect(() => m.advance(1e308)).toThrow(/^advance: the clock must stay within 0 to 9000000000/);
    expect(() => m.setTime(-1)).toThrow(/^setTime: /);
    expect(m.now).toBe(1700000000);
    // At the edge the arithmetic is still exact, and an expiry past it is Redis's error.
    const edge = new RedisModel({ startTime: MAX_CLOCK_SECONDS });
    expect(j(edge.call(['SET', 'k', 'v', 'EX', '10']))).toEqual({ ok: 'OK' });
    expect(j(edge.call(['PTTL', 'k']))).toBe(10000);
    expect(j(edge.call(['EXPIRE', 'k', '9223372036854775']))).toEqual({
      err: "ERR invalid expire time in 'expire' command",
    });
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
});
