import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toJson } from '../../core/redis/reply';
import { TypedConnection } from './connection';
import { redisRequired, startRedis, whyNoRedis, type RealServer } from './testing/servers';

// A real server on a busy machine: generous caps (never a race with its speed).
const missing = whyNoRedis();
if (missing && redisRequired) throw new Error(`REQUIRE_REDIS=1 but ${missing}`);

describe.skipIf(missing !== '')(
  `a typed connection${missing ? ` (cannot run: ${missing})` : ''}`,
  { timeout: 120_000 },
  () => {
    let server: RealServer;
    let c: TypedConnection;
    beforeAll(async () => {
      server = await startRedis();
      c = await TypedConnection.open(
        { host: '127.0.0.1', port: server.port },
        { commandTimeoutMs: 5000 },
      );
    });
    afterAll(async () => {
      await c?.close();
      server?.stop();
    });

    it('keeps status, bulk, integer, nil, error and nested replies apart', async () => {
      const send = async (...a: string[]) => toJson(await c.send(a));
      expect(await send('SET', 'k', 'OK')).toEqual({ ok: 'OK' });
      expect(await send('GET', 'k')).toBe('OK');
      expect(await send('INCR', 'n')).toBe(1);
      expect(await send('GET', 'nothing')).toBeNull();
      expect(await send('INCR', 'k')).toEqual({
        err: 'ERR value is not an integer or out of range',
      });
      expect(await send('MULTI')).toEqual({ ok: 'OK' });
      expect(await send('INCR', 'n')).toEqual({ ok: 'QUEUED' });
      expect(await send('INCR', 'k')).toEqual({ ok: 'QUEUED' });
      expect(await send('EXEC')).toEqual([
        2,
        { err: 'ERR value is not an integer or out of range' },
      ]);
      expect(
        await send('EVAL', "return {1, 'x', redis.call('SET', KEYS[1], '12')}", '1', 'z'),
      ).toEqual([1, 'x', { ok: 'OK' }]);
      expect(await send('GET', 'z')).toBe('12');
      expect((await c.send(['INCRBY', 'big', '9007199254740993'])).t).toBe('int');
      expect(await c.send(['GET', 'big'])).toEqual({ t: 'bulk', v: '9007199254740993' });
    });

    it('a status made only of digits stays a status; integers keep every digit', async () => {
      const send = async (...a: string[]) => toJson(await c.send(a));
      expect(await send('EVAL', "return redis.status_reply('42')", '0')).toEqual({ ok: '42' });
      expect(await send('EVAL', "return {ok = '-7'}", '0')).toEqual({ ok: '-7' });
      expect(
        await send(
          'EVAL',
          "return {redis.status_reply('7'), 7, '7', {redis.status_reply('0')}}",
          '0',
        ),
      ).toEqual([{ ok: '7' }, 7, '7', [{ ok: '0' }]]);
      expect(await c.send(['INCRBY', 'exact', '9007199254740993'])).toEqual({
        t: 'int',
        v: 9007199254740993n,
      });
      expect(await c.send(['DECRBY', 'exact', '9223372036854775807'])).toEqual({
        t: 'int',
        v: 9007199254740993n - 9223372036854775807n,
      });
    });
  },
);
