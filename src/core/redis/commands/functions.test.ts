import { beforeAll, describe, expect, it } from 'vitest';
import { createLuaEngine, type LuaRuntime } from '../../lua/index';
import { RedisModel } from '../model';
import { toJson } from '../reply';

let engine: LuaRuntime;
beforeAll(async () => {
  engine = await createLuaEngine({ budgetMs: 250 });
});

const LIB = `#!lua name=rl
local function hit(keys, args)
  local n = redis.call('INCR', keys[1])
  return n <= tonumber(args[1]) and 1 or 0
end
redis.register_function('hit', hit)
redis.register_function{function_name='peek', callback=function(keys) return redis.call('GET', keys[1]) end, flags={'no-writes'}}`;

describe('FUNCTION and FCALL', () => {
  it('loads a library and calls its functions, read-only ones by FCALL_RO', () => {
    const m = new RedisModel({ scriptEngine: engine });
    const j = (...a: string[]): unknown => toJson(m.call(a));
    expect(j('FUNCTION', 'LOAD', LIB)).toBe('rl');
    expect([1, 2, 3].map(() => j('FCALL', 'hit', '1', 'k', '2'))).toEqual([1, 1, 0]);
    expect(j('FCALL_RO', 'peek', '1', 'k')).toBe('3');
    expect(j('FCALL_RO', 'hit', '1', 'k', '2')).toEqual({
      err: 'ERR Can not execute a script with write flag using *_ro command.',
    });
    expect(j('FUNCTION', 'LOAD', LIB)).toEqual({ err: "ERR Library 'rl' already exists" });
    expect(j('FUNCTION', 'DELETE', 'rl')).toEqual({ ok: 'OK' });
    expect(j('FCALL', 'hit', '0')).toEqual({ err: 'ERR Function not found' });
  });
  it('keeps libraries across FLUSHALL and drops them on reset()', () => {
    const m = new RedisModel({ scriptEngine: engine });
    m.call(['FUNCTION', 'LOAD', LIB]);
    m.call(['FLUSHALL']);
    expect(toJson(m.call(['FCALL', 'hit', '1', 'k', '5']))).toBe(1);
    m.reset();
    expect(toJson(m.call(['FUNCTION', 'LIST']))).toEqual([]);
  });
});
