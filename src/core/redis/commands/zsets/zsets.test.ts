// Sorted sets (commands/zsets/).
import { describe, expect, it } from 'vitest';
import { RedisModel } from '../../model';
import { toJson, type Reply } from '../../reply';

const j = (r: Reply): unknown => toJson(r);

describe('sorted sets', () => {
  it('ZRANK and ZREVRANK order ties by member', () => {
    const m = new RedisModel();
    m.call(['ZADD', 'z', '1', 'b', '1', 'a', '2', 'c']);
    expect(j(m.call(['ZRANK', 'z', 'a']))).toBe(0);
    expect(j(m.call(['ZRANK', 'z', 'b']))).toBe(1);
    expect(j(m.call(['ZREVRANK', 'z', 'c']))).toBe(0);
  });

  it('a lex range is the run that starts at the first member >= min, as a listpack walks it', () => {
    const m = new RedisModel();
    m.call(['ZADD', 'z', '1', 'a', '2', 'b', '0', 'c', '3', 'd']); // order: c a b d
    expect(j(m.call(['ZRANGEBYLEX', 'z', '[b', '+']))).toEqual(['c', 'a', 'b', 'd']);
    expect(j(m.call(['ZRANGEBYLEX', 'z', '-', '[b']))).toEqual([]);
    expect(j(m.call(['ZLEXCOUNT', 'z', '[b', '+']))).toBe(4);
  });

  it('ZUNIONSTORE takes sets as score-1 inputs, WEIGHTS and AGGREGATE', () => {
    const m = new RedisModel();
    m.call(['ZADD', 'z', '5', 'x']);
    m.call(['SADD', 's', 'x', 'y']);
    expect(j(m.call(['ZUNIONSTORE', 'd', '2', 'z', 's', 'WEIGHTS', '2', '10']))).toBe(2);
    expect(j(m.call(['ZRANGE', 'd', '0', '-1', 'WITHSCORES']))).toEqual(['y', '10', 'x', '20']);
    expect(j(m.call(['ZINTER', '2', 'z', 's', 'AGGREGATE', 'MIN', 'WITHSCORES']))).toEqual([
      'x',
      '1',
    ]);
  });

  it('ZRANGESTORE copies a range; ZPOPMAX and ZMPOP reply as Redis 7 does', () => {
    const m = new RedisModel();
    m.call(['ZADD', 'src', '1', 'a', '2', 'b', '3', 'c']);
    expect(j(m.call(['ZRANGESTORE', 'dst', 'src', '(1', '+inf', 'BYSCORE']))).toBe(2);
    expect(j(m.call(['ZPOPMAX', 'dst', '5']))).toEqual(['c', '3', 'b', '2']);
    expect(j(m.call(['EXISTS', 'dst']))).toBe(0);
    expect(j(m.call(['ZMPOP', '1', 'src', 'MIN']))).toEqual(['src', [['a', '1']]]);
  });

  it('a sliding-window log trims by score on the virtual clock', () => {
    const m = new RedisModel();
    for (let i = 0; i < 5; i++) m.call(['ZADD', 'log', String(1000 + i * 100), `r${i}`]);
    expect(j(m.call(['ZREMRANGEBYSCORE', 'log', '-inf', '(1200']))).toBe(2);
    expect(j(m.call(['ZCARD', 'log']))).toBe(3);
    expect(j(m.call(['ZRANGE', 'log', '0', '0', 'WITHSCORES']))).toEqual(['r2', '1200']);
  });
});
