// Sets (commands/sets.ts) and their encoding, which decides the order replies list members in.
import { describe, expect, it } from 'vitest';
import { RedisModel } from '../model';
import { toJson, type Reply } from '../reply';
import { RSet, SET_MAX_INTSET_ENTRIES } from '../set';

const j = (r: Reply): unknown => toJson(r);

describe('set encoding', () => {
  it('an intset lists its integers ascending', () => {
    const m = new RedisModel();
    m.call(['SADD', 's', '10', '-3', '7', '9223372036854775807', '0']);
    expect(j(m.call(['SMEMBERS', 's']))).toEqual(['-3', '0', '7', '10', '9223372036854775807']);
  });

  it('a non-integer or the 513th member makes it a hash table for good', () => {
    const s = new RSet('1');
    s.add('1');
    s.add('x');
    expect(s.encoding()).toBe('hashtable');
    s.delete('x');
    expect(s.encoding()).toBe('hashtable');
    const big = new RSet('0');
    for (let i = 0; i < SET_MAX_INTSET_ENTRIES; i++) big.add(String(i));
    expect(big.encoding()).toBe('intset');
    big.add(String(SET_MAX_INTSET_ENTRIES));
    expect(big.encoding()).toBe('hashtable');
    expect(new RSet('01').encoding()).toBe('hashtable');
  });

  it('SINTERSTORE, SUNIONSTORE and SDIFFSTORE store a fresh set and delete the destination when empty', () => {
    const m = new RedisModel();
    m.call(['SADD', 'a', '3', '1', '2']);
    m.call(['SADD', 'b', '2', '3', '4']);
    expect(j(m.call(['SINTERSTORE', 'd', 'a', 'b']))).toBe(2);
    expect(j(m.call(['SMEMBERS', 'd']))).toEqual(['2', '3']);
    expect(j(m.call(['SUNIONSTORE', 'd', 'a', 'b']))).toBe(4);
    expect(j(m.call(['SDIFFSTORE', 'd', 'a', 'a']))).toBe(0);
    expect(j(m.call(['EXISTS', 'd']))).toBe(0);
  });

  it('snapshots and restoreKeys keep sets', () => {
    const m = new RedisModel();
    m.call(['SADD', 's', 'b', 'a']);
    m.call(['PEXPIRE', 's', '5000']);
    const snap = m.snapshot();
    expect(snap[0]).toMatchObject({ key: 's', type: 'set', value: ['b', 'a'], ttlMs: 5000 });
    const n = new RedisModel();
    n.restoreKeys(snap);
    expect(j(n.call(['SCARD', 's']))).toBe(2);
    expect(j(n.call(['PTTL', 's']))).toBe(5000);
  });
});
