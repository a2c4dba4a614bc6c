import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shardKeyName } from '../../core/production/shards';
import { keySlot } from '../../core/redis/slot';
import { parseSceneRun, runSceneOnCluster } from './clusterScene';
import { realRedisRoutes } from './routes';
import { parseTarget } from './target';
import {
  redisCli,
  redisRequired,
  startCluster,
  startRedis,
  whyNoRedis,
  type RealCluster,
  type RealServer,
} from './testing/servers';

// A real server on a busy machine: generous caps (never a race with its speed).
const missing = whyNoRedis();
if (missing && redisRequired) throw new Error(`REQUIRE_REDIS=1 but ${missing}`);

const CROSSSLOT = { err: "CROSSSLOT Keys in request don't hash to the same slot" };

describe('the sharded scene request', () => {
  it('names every bad field', () => {
    expect(parseSceneRun(null)).toEqual({
      ok: false,
      errors: [expect.stringMatching(/JSON object/)],
    });
    const r = parseSceneRun({ keys: [], nodes: 0, multiKey: ['only-one'] });
    expect(r).toEqual({
      ok: false,
      errors: [
        expect.stringMatching(/^keys must be an array of 1 to 64/),
        expect.stringMatching(/^nodes must be a whole number from 1 to 16.*got 0/),
        expect.stringMatching(/^multiKey must be null or an array of 2 to 16/),
      ],
    });
    expect(parseSceneRun({ keys: ['a', 'a', 'b'], nodes: 3 })).toEqual({
      ok: true,
      input: { keys: ['a', 'b'], nodes: 3, multiKey: null },
    });
  });
});

describe.skipIf(missing !== '')(
  `the sharded scene on a real 3-master cluster${missing ? ` (cannot run: ${missing})` : ''}`,
  { timeout: 120_000 },
  () => {
    let cluster: RealCluster;
    let single: RealServer;
    const outsiders = ['outsider', 'rl:p:big:0', 'rl:{big}:1'];
    const dbsize = async () => {
      let n = 0;
      for (const p of cluster.ports) n += Number(await redisCli(p, 'DBSIZE'));
      return n;
    };
    beforeAll(async () => {
      [cluster, single] = await Promise.all([startCluster(), startRedis()]);
      // Keys that are not the lab's, some named exactly as the scene names its own.
      for (const k of outsiders) await redisCli(cluster.ports[0]!, '-c', 'SET', k, 'keep');
    }, 120_000);
    afterAll(() => {
      cluster?.stop();
      single?.stop();
    });

    const untouched = async () => {
      for (const k of outsiders)
        expect(await redisCli(cluster.ports[0]!, '-c', 'GET', k), k).toBe('keep');
      expect(await dbsize()).toBe(outsiders.length);
    };

    it('finds each shard key on the node and slot the model predicted, and leaves nothing behind', async () => {
      const keys = [0, 1, 2, 3, 4, 5].map((s) => shardKeyName('p', false, 'big', s, false));
      const r = await runSceneOnCluster(parseTarget(cluster.url), {
        keys,
        nodes: 3,
        multiKey: null,
      });
      expect(r.cluster.masters.map((m) => m.slots)).toEqual([
        '0–5460',
        '5461–10922',
        '10923–16383',
      ]);
      expect(r.cluster.masters.map((m) => m.address)).toEqual(
        cluster.ports.map((p) => `127.0.0.1:${p}`),
      );
      for (const k of r.keys) {
        expect(k, JSON.stringify(k)).toMatchObject({ agree: true });
        expect(k.real.slot).toBe(keySlot(k.key));
        expect(k.realKey.endsWith(`{${k.key}}`)).toBe(true);
      }
      expect(new Set(r.keys.map((k) => k.real.node)).size).toBeGreaterThan(1); // untagged: spread
      expect(r.multiKey).toBeNull();
      await untouched();
    });

    it('marks a key whose real node differs when the scene models another node count', async () => {
      const keys = ['rl:{big}:0', 'rl:{big}:1', 'rl:{small}:0'];
      const r = await runSceneOnCluster(parseTarget(cluster.url), {
        keys,
        nodes: 2,
        multiKey: null,
      });
      for (const k of r.keys) {
        expect(k.model.slot).toBe(k.real.slot);
        // Hash tags: both shards of "big" in one slot, so on one node.
        expect(k.real.slot).toBe(keySlot(k.key.includes('big') ? 'big' : 'small'));
        expect(k.agree).toBe(k.model.node === k.real.node);
      }
      const big = keySlot('big'); // 15495 with 3 masters: node 2; with 2 modelled: node 1
      expect(r.keys[0]!.real.node).toBe(big > 10922 ? 2 : big > 5460 ? 1 : 0);
      expect(r.keys.some((k) => !k.agree)).toBe(true);
      await untouched();
    });

    it('the multi-key step: CROSSSLOT on both sides without a shared hash tag, one slot with it', async () => {
      const target = parseTarget(cluster.url);
      const plain = ['rl:per-second:alice:2', 'rl:per-minute:alice:2'];
      const a = await runSceneOnCluster(target, { keys: plain, nodes: 3, multiKey: plain });
      expect(a.multiKey).toMatchObject({ model: CROSSSLOT, real: CROSSSLOT, differences: [] });
      expect(new Set(a.multiKey!.slots).size).toBe(2);
      const tagged = ['rl:per-second:{alice}:2', 'rl:per-minute:{alice}:2'];
      const b = await runSceneOnCluster(target, { keys: tagged, nodes: 3, multiKey: tagged });
      expect(b.multiKey).toMatchObject({ model: 2, real: 2, differences: [] });
      expect(new Set(b.multiKey!.slots).size).toBe(1);
      await untouched();
    });

    it('the lab server route: runs it on a cluster, names bad input, and says a single server is no cluster', async () => {
      const app = Fastify();
      realRedisRoutes(app, { target: parseTarget(cluster.url) });
      const ok = await app.inject({
        method: 'POST',
        url: '/api/real/cluster',
        payload: { keys: ['rl:{t}:0', 'rl:{t}:1'], nodes: 3 },
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().result.keys).toHaveLength(2);
      const bad = await app.inject({
        method: 'POST',
        url: '/api/real/cluster',
        payload: { keys: 'x', nodes: 3 },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toMatch(/^keys must be/);
      await app.close();
      const one = Fastify();
      realRedisRoutes(one, { target: parseTarget(single.url) });
      const r = await one.inject({
        method: 'POST',
        url: '/api/real/cluster',
        payload: { keys: ['a'], nodes: 3 },
      });
      expect(r.statusCode).toBe(400);
      expect(r.json().error).toMatch(
        /one server, not a cluster: start the lab server with REDIS_CLUSTER_URL/,
      );
      await one.close();
      await untouched();
      expect(await redisCli(single.port, 'DBSIZE')).toBe('0');
    });
  },
);
