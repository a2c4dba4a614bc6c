import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRacesSpec } from '../../core/races/puzzle';
import { runRealRace } from './raceRunner';
import { parseTarget } from './target';
import {
  redisCli,
  redisRequired,
  startRedis,
  whyNoRedis,
  type RealServer,
} from './testing/servers';
import { puzzle } from './testing/puzzle';

// A real server on a busy machine: generous caps (never a race with its speed).
const missing = whyNoRedis();
if (missing && redisRequired) throw new Error(`REQUIRE_REDIS=1 but ${missing}`);

describe.skipIf(missing !== '')(
  `races on a real server${missing ? ` (cannot run: ${missing})` : ''}`,
  { timeout: 120_000 },
  () => {
    let server: RealServer;
    beforeAll(async () => {
      server = await startRedis();
      await redisCli(server.port, 'SET', 'attempts:client', 'outsider');
    });
    afterAll(() => server?.stop());

    it('check-then-increment breaks on real hardware in lockstep, every trial', async () => {
      const r = await runRealRace(puzzle('check-then-incr'), {
        target: parseTarget(server.url),
        trials: 5,
        lockstep: true,
      });
      expect(r.ok, JSON.stringify(r)).toBe(true);
      if (!r.ok) return;
      expect(r.result.explorer.violations).toBeGreaterThan(0);
      expect(r.result).toMatchObject({
        trials: 5,
        violations: 5,
        admitted: { '2': 5 },
        allowed: 1,
      });
      expect(r.result.example!.broken[0]).toMatch(/2 admitted, the limit allows 1/);
      expect(r.result.trialsPerSecond).toBeGreaterThan(0);
    });

    it('a program the explorer proves safe shows 0 violations, free-running and in lockstep', async () => {
      for (const lockstep of [false, true]) {
        const r = await runRealRace(puzzle('atomic-script-holds'), {
          target: parseTarget(server.url),
          trials: 10,
          lockstep,
          delayMs: 1,
        });
        expect(r.ok, JSON.stringify(r)).toBe(true);
        if (!r.ok) return;
        expect(r.result.explorer.violations).toBe(0);
        expect(r.result).toMatchObject({ trials: 10, violations: 0, admitted: { '2': 10 } });
      }
    });

    it('a crash is a dropped connection: INCR then EXPIRE leaves a key without expiry', async () => {
      const r = await runRealRace(
        {
          code: 'local n = redis.call("INCR", KEYS[1])\nredis.call("EXPIRE", KEYS[1], 60)\nreturn 1',
          requests: [{ keys: ['c'], args: [] }],
          invariant: { allKeysHaveTtl: true },
          crashes: true,
        },
        { target: parseTarget(server.url), trials: 2 },
      );
      expect(r.ok, JSON.stringify(r)).toBe(true);
      if (!r.ok) return;
      // Trial 0 crashes after round trip 1 (INCR sent, no EXPIRE); trial 1 after round trip 2.
      expect(r.result.violations).toBe(1);
      expect(r.result.example).toMatchObject({
        trial: 0,
        ends: [{ kind: 'crashed', afterRoundTrips: 1 }],
      });
    });

    it('refuses code that touches a key outside KEYS, and leaves every other key alone', async () => {
      const r = await runRealRace(
        {
          code: 'redis.call("SET", "attempts:client", "mine")\nreturn 1',
          requests: [{ keys: ['k'], args: [] }],
        },
        { target: parseTarget(server.url), trials: 3 },
      );
      expect(r).toEqual({
        ok: false,
        errors: [expect.stringMatching(/"attempts:client", which is not one of its KEYS/)],
      });
      const s = await runRealRace(
        {
          code: 'return redis.call("EVAL", "redis.call(\'DEL\', \'attempts:client\') return 1", 1, KEYS[1])',
          requests: [{ keys: ['k'], args: [] }],
        },
        { target: parseTarget(server.url), trials: 3 },
      );
      expect(s).toEqual({
        ok: false,
        errors: [
          expect.stringMatching(/touches "attempts:client", a key it was not given in KEYS/),
        ],
      });
      expect(await redisCli(server.port, 'GET', 'attempts:client')).toBe('outsider');
      expect(await redisCli(server.port, 'DBSIZE')).toBe('1');
    });

    it('the lesson and the practice problem that offer a real run break in lockstep, every trial', async () => {
      for (const file of ['lessons/atomicity.md', 'lessons/practice/fix-get-then-set.md']) {
        const md = readFileSync(file, 'utf8');
        const blocks = [...md.matchAll(/```races\n([\s\S]*?)\n```/g)].map((m) =>
          parseRacesSpec(JSON.parse(m[1]!)),
        );
        const spec = blocks.find((b) => b.real);
        expect(spec, file).toBeDefined();
        const r = await runRealRace(spec!.raw, {
          target: parseTarget(server.url),
          trials: 3,
          lockstep: true,
        });
        expect(r.ok, JSON.stringify(r)).toBe(true);
        if (!r.ok) return;
        expect(r.result, file).toMatchObject({ trials: 3, violations: 3, admitted: { '2': 3 } });
        expect(r.result.explorer.violations).toBeGreaterThan(0);
      }
    });

    it('names bad options', async () => {
      const r = await runRealRace({}, { target: parseTarget(server.url), trials: 0, delayMs: -1 });
      expect(r).toEqual({
        ok: false,
        errors: [
          expect.stringMatching(/^trials must be/),
          expect.stringMatching(/^delayMs must be/),
        ],
      });
    });
  },
);
