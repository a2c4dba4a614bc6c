import { describe, expect, it } from 'vitest';
import { createLuaEngine } from '../../core/lua/index';
import { RedisModel } from '../../core/redis/model';
import { keySlot } from '../../core/redis/slot';
import { guardEngine, newPrefix, prefixCommand, prefixKey, refusal, unprefixKey } from './safety';

describe('refusal', () => {
  it('never sends the commands that reach beyond the lab', () => {
    for (const c of [
      ['FLUSHALL'],
      ['flushdb', 'ASYNC'],
      ['SCRIPT', 'FLUSH'],
      ['CONFIG', 'SET', 'x', 'y'],
      ['SHUTDOWN'],
      ['KEYS', '*'],
      ['SCAN', '0'],
      ['DBSIZE'],
      ['CLUSTER', 'RESET'],
    ])
      expect(refusal(c)).toMatch(/is never sent to a real server/);
    expect(refusal(['SORT', 'l', 'BY', 'w_*'])).toMatch(/by pattern/);
    expect(refusal(['PUBLISH', 'c', 'm'])).toMatch(/PUBLISH is never sent.*subscriber/);
    expect(refusal(['FCALL', 'f', '0'])).toMatch(/FCALL is never sent/);
    expect(refusal(['XYZZY'])).toMatch(/not a command the lab's model knows/);
    expect(refusal(['SCRIPT', 'KILL'])).toMatch(/SCRIPT KILL is never sent/);
    expect(refusal(['COPY', 'a', 'b', 'DB', '1'])).toMatch(/another database/);
    expect(refusal(['BLPOP', 'l', '0'])).toMatch(
      /timeout of 0 could hold the lab's connection for ever/,
    );
    expect(refusal(['BLMPOP', '60', '1', 'l', 'LEFT'])).toMatch(/too long/);
    expect(refusal(['BLPOP', 'l', '0.5'])).toBeNull();
  });
  it('lets ordinary commands through', () => {
    for (const c of [
      ['SET', 'k', 'v'],
      ['SCRIPT', 'LOAD', 'return 1'],
      ['CLUSTER', 'KEYSLOT', 'k'],
      ['SORT', 'l', 'BY', 'nosort'],
    ])
      expect(refusal(c)).toBeNull();
  });
});

describe('prefixes', () => {
  it('keeps every key on the slot the model gives it', () => {
    const p = newPrefix();
    expect(p).toMatch(/^ratelab:[0-9a-f]{10}:$/);
    for (const k of ['a', 'user:1', '{u}:a', 'x{y}z', 'a{}b', 'b{'])
      if (!/[{}]/.test(k) || /\{[^}]+\}/.test(k)) expect(keySlot(prefixKey(p, k))).toBe(keySlot(k));
    expect(unprefixKey(p, prefixKey(p, 'a'))).toBe('a');
    expect(unprefixKey(p, prefixKey(p, '{u}:a'))).toBe('{u}:a');
    expect(unprefixKey(p, 'other')).toBeNull();
  });
  it('rewrites keys only', () => {
    expect(prefixCommand('P:', ['SET', 'k', 'k'])).toEqual(['SET', 'P:{k}', 'k']);
    expect(prefixCommand('P:', ['EVAL', 's', '1', 'k', 'k'])).toEqual([
      'EVAL',
      's',
      '1',
      'P:{k}',
      'k',
    ]);
  });
  it('refuses a base prefix with glob characters', () => {
    expect(() => newPrefix('a*')).toThrow(/glob/);
  });
});

describe('guardEngine', () => {
  it('records keys a script touches outside KEYS, and never-sent commands', async () => {
    const engine = guardEngine(await createLuaEngine());
    const model = new RedisModel({ scriptEngine: engine });
    model.call(['EVAL', "redis.call('SET', KEYS[1], 1) return 1", '1', 'a']);
    expect(engine.take()).toEqual([]);
    model.call(['EVAL', "redis.call('SET', 'other', 1) return 1", '1', 'a']);
    expect(engine.take()[0]).toMatch(/touches "other", a key it was not given in KEYS/);
    model.call(['EVAL', "return redis.pcall('FLUSHALL')", '0']);
    expect(engine.take()[0]).toMatch(/FLUSHALL is never sent/);
  });
});
