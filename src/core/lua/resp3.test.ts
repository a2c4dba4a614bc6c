// RESP3 shapes of RESP2 replies (redis.setresp(3)), as redis-server 7.0.15 sends them: the
// shapes below were read from the real server with cjson.encode of each reply in a script.
import { describe, expect, it } from 'vitest';
import type { Reply } from '../redis/reply';
import { toResp3 } from './resp3';

const b = (v: string): Reply => ({ t: 'bulk', v });
const arr = (...v: Reply[]): Reply => ({ t: 'arr', v });

describe('toResp3', () => {
  it('makes HGETALL a map and missing values null', () => {
    expect(toResp3(['HGETALL', 'h'], arr(b('a'), b('1')))).toEqual({
      t: 'map',
      v: [[b('a'), b('1')]],
    });
    expect(toResp3(['GET', 'k'], { t: 'nil' })).toEqual({ t: 'null' });
    expect(toResp3(['HMGET', 'h', 'a', 'x'], arr(b('1'), { t: 'nil' }))).toEqual(
      arr(b('1'), { t: 'null' } as unknown as Reply),
    );
  });

  it('makes scores doubles: ZSCORE, ZINCRBY, ZADD INCR, ZMSCORE', () => {
    expect(toResp3(['ZSCORE', 'z', 'm'], b('1.5'))).toEqual({ t: 'double', v: 1.5 });
    expect(toResp3(['ZINCRBY', 'z', '1', 'm'], b('inf'))).toEqual({ t: 'double', v: Infinity });
    expect(toResp3(['zadd', 'z', 'INCR', '1', 'q'], b('1'))).toEqual({ t: 'double', v: 1 });
    expect(toResp3(['ZADD', 'z', '1', 'q'], { t: 'int', v: 1n })).toEqual({ t: 'int', v: 1n });
    expect(toResp3(['ZMSCORE', 'z', 'm', 'x'], arr(b('2'), { t: 'nil' }))).toEqual({
      t: 'arr',
      v: [{ t: 'double', v: 2 }, { t: 'null' }],
    });
  });

  it('pairs members with scores WITHSCORES, and for ZPOPMIN/ZPOPMAX with a count', () => {
    const flat = arr(b('a'), b('1'), b('b'), b('2'));
    const pairs = {
      t: 'arr',
      v: [
        { t: 'arr', v: [b('a'), { t: 'double', v: 1 }] },
        { t: 'arr', v: [b('b'), { t: 'double', v: 2 }] },
      ],
    };
    expect(toResp3(['ZRANGE', 'z', '0', '-1', 'withscores'], flat)).toEqual(pairs);
    expect(toResp3(['ZUNION', '1', 'z', 'WITHSCORES'], flat)).toEqual(pairs);
    expect(toResp3(['ZPOPMIN', 'z', '2'], flat)).toEqual(pairs);
    expect(toResp3(['ZPOPMIN', 'z'], arr(b('a'), b('1')))).toEqual({
      t: 'arr',
      v: [b('a'), { t: 'double', v: 1 }],
    });
    expect(toResp3(['ZRANGE', 'z', '0', '-1'], arr(b('a'), b('b')))).toEqual(arr(b('a'), b('b')));
  });

  it('leaves errors and other replies alone', () => {
    const e: Reply = {
      t: 'err',
      v: 'WRONGTYPE Operation against a key holding the wrong kind of value',
    };
    expect(toResp3(['ZSCORE', 'k', 'm'], e)).toBe(e);
    expect(toResp3(['TYPE', 'k'], { t: 'status', v: 'string' })).toEqual({
      t: 'status',
      v: 'string',
    });
  });
});
