import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRedisCase, parseRedisCases } from '../../cli/redisVerb';
import { toJsonText } from '../../core/redis/reply';
import { runRealCases } from './redisRunner';
import { parseTarget } from './target';
import {
  redisCli,
  redisRequired,
  startRedis,
  whyNoRedis,
  type RealServer,
} from './testing/servers';

// A real server on a busy machine: generous caps (never a race with its speed).
const missing = whyNoRedis();
if (missing && redisRequired) throw new Error(`REQUIRE_REDIS=1 but ${missing}`);

const CASES = `
{"name":"strings","steps":[{"cmd":["SET","k","10","EX","100"]},{"cmd":["INCRBYFLOAT","k","0.5"]},{"cmd":["GET","k"]},{"cmd":["EXISTS","k"]},{"cmd":["SET","k","k"]},{"cmd":["MSET","a","1","b","2"]}]}
{"name":"script","steps":[{"cmd":["EVAL","redis.call('HSET', KEYS[1], 'n', ARGV[1]) return {redis.call('HGET', KEYS[1], 'n'), redis.status_reply('FINE')}","1","h","7"]},{"cmd":["ZADD","z","1.5","m"]},{"cmd":["ZINCRBY","z","0.25","m"]}]}
{"name":"multi","steps":[{"cmd":["MULTI"]},{"cmd":["INCR","c"]},{"cmd":["INCR","c"]},{"cmd":["EXEC"]},{"cmd":["SADD","s","b","a"]}]}
{"name":"time differs","steps":[{"cmd":["TIME"]}]}
{"name":"flush","steps":[{"cmd":["SET","k","1"]},{"cmd":["FLUSHALL"]}]}
{"name":"sneaky script","steps":[{"cmd":["EVAL","redis.call('DEL', 'outsider') return 1","1","mine"]}]}
{"name":"sneaky keys","steps":[{"cmd":["KEYS","*"]}]}
{"name":"unknown sha","steps":[{"cmd":["EVALSHA","0123456789012345678901234567890123456789","0"]}]}
{"name":"known sha","steps":[{"cmd":["SCRIPT","LOAD","return 7"]},{"cmd":["EVALSHA","59b6ab2fbe0ee4b25733de0f62e6cda4899ef8e9","0"]}]}
{"name":"waits","steps":[{"cmd":["SET","w","1","PX","150"]},{"advance":0.4},{"cmd":["GET","w"]}]}
`;

describe.skipIf(missing !== '')(
  `redis cases on a real server${missing ? ` (cannot run: ${missing})` : ''}`,
  { timeout: 120_000 },
  () => {
    let server: RealServer;
    beforeAll(async () => {
      server = await startRedis();
      await redisCli(server.port, 'SET', 'outsider', 'keep');
      await redisCli(server.port, 'SET', 'ratelab-other', 'keep');
    });
    afterAll(() => server?.stop());

    it('answers as the server does, beside the model, and touches nothing else', async () => {
      const cases = parseRedisCases(CASES);
      const results = await runRealCases(cases, { target: parseTarget(server.url) });
      const byName = new Map(results.map((r) => [r.name, r]));
      for (const name of ['strings', 'script', 'multi', 'waits', 'known sha']) {
        const r = byName.get(name)!;
        expect('steps' in r, JSON.stringify(r)).toBe(true);
        if (!('steps' in r)) continue;
        // Where the model is right, the two sides agree step by step.
        const model = runRedisCase(
          cases.find((c) => c.name === name)!,
          null,
        );
        if (name !== 'script' && name !== 'known sha')
          expect(r.realReplies).toEqual(model.map(toJsonText));
        // "waits": right after SET ... PX 150 a busy machine may already be past 150 ms for real,
        // so only the step after the wait (>= 400 ms, both sides expired) is held to agree.
        const held = name === 'waits' ? r.steps.slice(-1) : r.steps;
        for (const s of held) expect(s.differences, JSON.stringify(s)).toEqual([]);
      }
      const script = byName.get('script')!;
      expect('steps' in script && script.realReplies[0]).toBe('["7",{"ok":"FINE"}]');
      const strings = byName.get('strings')!;
      expect('steps' in strings && strings.steps[1]!.real.keys).toEqual([
        { key: 'k', type: 'string', value: '10.5', ttlMs: expect.any(Number) },
      ]);
      const time = byName.get('time differs')!;
      expect('steps' in time && time.steps[0]!.differences[0]!.note).toMatch(/other text at \[0\]/);
      expect(byName.get('flush')).toEqual({
        name: 'flush',
        error: expect.stringMatching(/FLUSHALL is never sent to a real server/),
      });
      expect(byName.get('sneaky script')).toEqual({
        name: 'sneaky script',
        error: expect.stringMatching(/touches "outsider", a key it was not given in KEYS/),
      });
      expect(byName.get('sneaky keys')).toEqual({
        name: 'sneaky keys',
        error: expect.stringMatching(/KEYS is never sent/),
      });
      const known = byName.get('known sha')!;
      expect('steps' in known && known.realReplies[1]).toBe('7');
      expect(byName.get('unknown sha')).toEqual({
        name: 'unknown sha',
        error: expect.stringMatching(/EVALSHA of a script this case did not load/),
      });
      // Nothing outside the prefix changed, and nothing of the run is left.
      expect(await redisCli(server.port, 'GET', 'outsider')).toBe('keep');
      expect(await redisCli(server.port, 'GET', 'ratelab-other')).toBe('keep');
      expect(await redisCli(server.port, 'DBSIZE')).toBe('2');
    });
  },
);
