// Negative zero, as redis-server 7.0.15 prints it (checked with redis-cli):
//   ZINCRBY z -0 m        -> "-0"  (addReplyDouble, %.17g)
//   ZADD z INCR -0 n      -> "-0"
//   ZSCORE z m            -> "0"   (a listpack-encoded zset stores -0 as the integer 0)
//   ZADD z -0 a; ZSCORE   -> "0"
//   INCRBYFLOAT f -0      -> "0"   (ld2string drops the sign of zero)
//   HINCRBYFLOAT h x -0   -> "0"
import { describe, expect, it } from 'vitest';
import { RedisModel } from './model';
import {
  addLongDouble,
  formatG,
  formatLongDouble,
  formatScore,
  fromDouble,
  parseLongDouble,
} from './numfmt';
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

describe('%.Ng rounding', () => {
  // C printf rounds the exact binary value half-to-even; JS toExponential rounds ties up.
  // formatG only looks for ties where the bits allow one (exactly N+1 significant digits).
  it('rounds exact ties to even, as C printf does', () => {
    expect(formatScore(1000000000000000.25)).toBe('1000000000000000.2');
    expect(formatScore(1000000000000000.75)).toBe('1000000000000000.8');
    expect(formatScore(-1000000000000000.25)).toBe('-1000000000000000.2');
    expect(formatG(2.5, 1)).toBe('2');
    expect(formatG(0.125, 2)).toBe('0.12');
    expect(formatG(0.375, 2)).toBe('0.38');
    expect(formatG(25, 1)).toBe('2e+01');
    expect(formatG(35, 1)).toBe('4e+01');
  });

  it('prints non-ties with all 17 digits', () => {
    expect(formatScore(0.1)).toBe('0.10000000000000001');
    expect(formatScore(1e23)).toBe('9.9999999999999992e+22');
    expect(formatScore(5e-324)).toBe('4.9406564584124654e-324');
    expect(formatScore(1700000000.00001)).toBe('1700000000.00001');
    expect(formatScore(19.25)).toBe('19.25');
  });
});

describe('helpers', () => {
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
});
