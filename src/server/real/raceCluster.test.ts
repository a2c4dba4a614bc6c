import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keySlot } from '../../core/redis/slot';
import { runRealRace } from './raceRunner';
import { parseTarget } from './target';
import {
  redisCli,
  redisRequired,
  startCluster,
  whyNoRedis,
  type RealCluster,
} from './testing/servers';
import { puzzle } from './testing/puzzle';

// A real cluster on a busy machine: generous caps (never a race with its speed).
const missing = whyNoRedis();
if (missing && redisRequired) throw new Error(`REQUIRE_REDIS=1 but ${missing}`);

/** Check the first key, then charge both: two keys, separate round trips. */
const TWO_KEYS = [
  'local n = tonumber(redis.call("GET", KEYS[1]) or "0")',
  'if n >= 1 then return 0 end',
  'redis.call("INCR", KEYS[1])',
  'redis.call("INCR", KEYS[2])',
  'return 1',
].join('\n');
const twoKeys = (a: string, b: string) => ({
  code: TWO_KEYS,
  requests: [{ keys: [a, b] }, { keys: [a, b] }],
  invariant: { maxAdmitted: 1 },
});

describe.skipIf(missing !== '')(
  `races on a real 3-master cluster${missing ? ` (cannot run: ${missing})` : ''}`,
  { timeout: 120_000 },
  () => {
    let cluster: RealCluster;
    const outsiders = ['attempts:client', '{u}:a', 'a', 'b'];
    beforeAll(async () => {
      cluster = await startCluster();
      for (const k of outsiders) await redisCli(cluster.ports[0]!, '-c', 'SET', k, 'outsider');
    }, 120_000);
    afterAll(() => cluster?.stop());

    const untouched = async () => {
      for (const k of outsiders)
        expect(await redisCli(cluster.ports[0]!, '-c', 'GET', k), k).toBe('outsider');
      let n = 0;
      for (const p of cluster.ports) n += Number(await redisCli(p, 'DBSIZE'));
      expect(n).toBe(outsiders.length);
    };

    it('runs a one-key race on the node that holds its key: check-then-increment breaks in lockstep', async () => {
      const r = await runRealRace(puzzle('check-then-incr'), {
        target: parseTarget(cluster.url),
        trials: 4,
        lockstep: true,
      });
      expect(r.ok, JSON.stringify(r)).toBe(true);
      if (!r.ok) return;
      expect(r.result).toMatchObject({ trials: 4, violations: 4, admitted: { '2': 4 } });
      expect(r.result.explorer.violations).toBeGreaterThan(0);
      await untouched();
    });

    it('a program the explorer proves safe shows 0 violations on the cluster', async () => {
      const r = await runRealRace(puzzle('atomic-script-holds'), {
        target: parseTarget(cluster.url),
        trials: 6,
        lockstep: true,
      });
      expect(r.ok, JSON.stringify(r)).toBe(true);
      if (!r.ok) return;
      expect(r.result.explorer.violations).toBe(0);
      expect(r.result).toMatchObject({ trials: 6, violations: 0, admitted: { '2': 6 } });
      await untouched();
    });

    it('two keys with one hash tag share a slot, so the race runs (and breaks in lockstep)', async () => {
      expect(keySlot('{u}:a')).toBe(keySlot('{u}:b'));
      const r = await runRealRace(twoKeys('{u}:a', '{u}:b'), {
        target: parseTarget(cluster.url),
        trials: 3,
        lockstep: true,
      });
      expect(r.ok, JSON.stringify(r)).toBe(true);
      if (!r.ok) return;
      expect(r.result).toMatchObject({ trials: 3, violations: 3, admitted: { '2': 3 } });
      await untouched();
    });

    it('keys in two slots are refused with the CROSSSLOT reason and the slots, and nothing is sent', async () => {
      const r = await runRealRace(twoKeys('a', 'b'), {
        target: parseTarget(cluster.url),
        trials: 3,
      });
      expect(r).toEqual({
        ok: false,
        errors: [
          expect.stringContaining(
            `its keys hash to 2 slots ("a" in slot ${keySlot('a')}; "b" in slot ${keySlot('b')})`,
          ),
        ],
      });
      expect(r.ok ? '' : r.errors[0]).toMatch(/CROSSSLOT/);
      expect(r.ok ? '' : r.errors[0]).toMatch(/hash tag/);
      // An initial command's key counts too.
      const s = await runRealRace(
        { ...twoKeys('{u}:a', '{u}:b'), initial: [['SET', 'other', '1']] },
        { target: parseTarget(cluster.url), trials: 1 },
      );
      expect(s.ok ? '' : s.errors[0]).toMatch(/"other" in slot/);
      await untouched();
    });
  },
);
