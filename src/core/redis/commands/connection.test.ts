import { describe, expect, it } from 'vitest';
import { RedisModel } from '../model';
import { toJson } from '../reply';

describe('databases, PUBLISH, CONFIG GET, CLIENT names', () => {
  it('keeps 16 databases apart on one clock; SWAPDB swaps them, FLUSHALL empties all', () => {
    const m = new RedisModel();
    const j = (...a: string[]): unknown => toJson(m.call(a));
    j('SET', 'k', 'zero', 'EX', '10');
    j('SELECT', '1');
    expect(j('GET', 'k')).toBeNull();
    j('SET', 'k', 'one', 'EX', '20');
    m.advance(15);
    expect(j('GET', 'k')).toBe('one');
    j('SWAPDB', '0', '1');
    expect(j('GET', 'k')).toBeNull(); // db 1 now holds db 0's expired key
    j('SELECT', '0');
    expect(j('TTL', 'k')).toBe(5);
    expect(m.snapshot().map((s) => s.value)).toEqual(['one']);
    j('FLUSHALL');
    j('SELECT', '15');
    expect(j('DBSIZE')).toBe(0);
  });
  it('answers the settings a limiter reads and names connections', () => {
    const m = new RedisModel();
    expect(toJson(m.call(['CONFIG', 'GET', 'maxmemory-policy']))).toEqual([
      'maxmemory-policy',
      'noeviction',
    ]);
    expect(toJson(m.call(['PUBLISH', 'ch', 'x']))).toBe(0);
    const s = m.createSession();
    m.call(['CLIENT', 'SETNAME', 'app-a'], s);
    expect(toJson(m.call(['CLIENT', 'GETNAME'], s))).toBe('app-a');
    expect(toJson(m.call(['CLIENT', 'GETNAME']))).toBeNull();
  });
});
