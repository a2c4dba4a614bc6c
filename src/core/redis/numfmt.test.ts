// Negative zero, as redis-server 7.0.15 prints it (checked with redis-cli):
//   ZINCRBY z -0 m        -> "-0"  (addReplyDouble, %.17g)
//   ZADD z INCR -0 n      -> "-0"
//   ZSCORE z m            -> "0"   (a listpack-encoded zset stores -0 as the integer 0)
//   ZADD z -0 a; ZSCORE   -> "0"
//   INCRBYFLOAT f -0      -> "0"   (ld2string drops the sign of zero)
//   HINCRBYFLOAT h x -0   -> "0"
import { describe, expect, it } from 'vitest';
import { RedisModel } from './model';
import { formatG, formatLongDouble, formatScore, fromDouble, parseLongDouble } from './numfmt';
import { toJson } from './reply';

describe('negative zero', () => {
  it('formatScore prints -0 as Redis does (%.17g)', () => {
    expect(formatScore(-0)).toBe('-0');
    expect(formatScore(0)).toBe('0');
    expect(formatScore(-0.0 * 5)).toBe('-0');
    expect(formatScore(1 - 1)).toBe('0');
    expect(formatScore(-5)).toBe('-5');
    expect(formatScore(5)).toBe('5');
    expect(formatScore(-1e-320)).toBe('-9.9998886718268301e-321');
    expect(formatG(-0, 17)).toBe('-0');
  });

  it('long doubles (INCRBYFLOAT) print zero without a sign', () => {
    expect(formatLongDouble(parseLongDouble('-0') as ReturnType<typeof fromDouble>)).toBe('0');
    expect(formatLongDouble(fromDouble(-0))).toBe('0');
  });

  it('the model answers like redis-server 7.0.15', () => {
    const m = new RedisModel();
    const run = (...a: string[]): unknown => toJson(m.call(a));
    expect(run('ZINCRBY', 'z', '-0', 'm')).toBe('-0');
    expect(run('ZSCORE', 'z', 'm')).toBe('0');
    expect(run('ZADD', 'z', 'INCR', '-0', 'n')).toBe('-0');
    expect(run('ZSCORE', 'z', 'n')).toBe('0');
    expect(run('ZADD', 'z', '-0', 'a')).toBe(1);
    expect(run('ZSCORE', 'z', 'a')).toBe('0');
    expect(run('ZRANGE', 'z', '0', '-1', 'WITHSCORES')).toEqual(['a', '0', 'm', '0', 'n', '0']);
    expect(run('ZINCRBY', 'z', '-0', 'a')).toBe('0');
    expect(run('INCRBYFLOAT', 'f', '-0')).toBe('0');
    expect(run('SET', 'g', '0.5')).toEqual({ ok: 'OK' });
    expect(run('INCRBYFLOAT', 'g', '-0.5')).toBe('0');
    expect(run('HINCRBYFLOAT', 'h', 'x', '-0')).toBe('0');
  });
});
