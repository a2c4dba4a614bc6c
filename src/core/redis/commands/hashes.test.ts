// Hashes (commands/hashes.ts).
import { describe, expect, it } from 'vitest';
import { RedisModel } from '../model';
import { toJson, type Reply } from '../reply';

const j = (r: Reply): unknown => toJson(r);

describe('hashes', () => {
  it('keep fields in insertion order, updates in place, as a listpack does', () => {
    const m = new RedisModel();
    m.call(['HSET', 'h', 'a', '1', 'b', '2', 'c', '3']);
    m.call(['HSET', 'h', 'a', '10']);
    m.call(['HDEL', 'h', 'b']);
    m.call(['HSET', 'h', 'b', '20']);
    expect(j(m.call(['HGETALL', 'h']))).toEqual(['a', '10', 'c', '3', 'b', '20']);
  });

  it('HSTRLEN counts bytes; a missing field or key is 0', () => {
    const m = new RedisModel();
    m.call(['HSET', 'h', 'f', 'hello', 'u', '✓']);
    expect(j(m.call(['HSTRLEN', 'h', 'f']))).toBe(5);
    expect(j(m.call(['HSTRLEN', 'h', 'u']))).toBe(3);
    expect(j(m.call(['HSTRLEN', 'h', 'x']))).toBe(0);
    expect(j(m.call(['HSTRLEN', 'nokey', 'x']))).toBe(0);
  });

  it('an emptied hash disappears and a failed HINCRBY leaves no key behind', () => {
    const m = new RedisModel();
    m.call(['HSET', 'h', 'f', 'v']);
    m.call(['HDEL', 'h', 'f']);
    expect(j(m.call(['EXISTS', 'h']))).toBe(0);
    expect(m.call(['HINCRBY', 'g', 'f', 'x']).t).toBe('err');
    expect(j(m.call(['EXISTS', 'g']))).toBe(0);
  });
});
