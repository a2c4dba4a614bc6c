import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shardKeyName } from '../../core/production/shards';
import { parseRedisCases } from '../../cli/redisVerb';
import { clusterPlacement } from './cluster';
import { runRealCases } from './redisRunner';
import { newPrefix, prefixKey } from './safety';
import { RealStore } from './store';
import { parseTarget } from './target';
import {
  redisCli,
  redisRequired,
  startCluster,
  whyNoRedis,
  type RealCluster,
} from './testing/servers';

// A real server on a busy machine: generous caps (never a race with its speed).
const missing = whyNoRedis();
if (missing && redisRequired) throw new Error(`REQUIRE_REDIS=1 but ${missing}`);

const SCRIPT = "return redis.call('MGET', KEYS[1], KEYS[2])";
const CASES = [
  {
    name: 'crossslot',
    cluster: true,
    steps: [{ cmd: ['MSET', 'a', '1', 'b', '2'] }, { cmd: ['EVAL', SCRIPT, '2', 'a', 'b'] }],
  },
  {
    name: 'hash tags',
    cluster: true,
    steps: [
      { cmd: ['MSET', '{u}:a', '1', '{u}:b', '2'] },
      { cmd: ['EVAL', SCRIPT, '2', '{u}:a', '{u}:b'] },
      { cmd: ['MULTI'] },
      { cmd: ['INCR', '{u}:a'] },
      { cmd: ['INCR', '{u}:b'] },
      { cmd: ['EXEC'] },
    ],
  },
  {
    name: 'sharded',
    cluster: true,
    steps: [0, 1, 2, 3].map((s) => ({ cmd: ['INCR', shardKeyName('p', false, 'big', s, false)] })),
  },
]
  .map((c) => JSON.stringify(c))
  .join('\n');

describe.skipIf(missing !== '')(
  `a real 3-master cluster${missing ? ` (cannot run: ${missing})` : ''}`,
  { timeout: 120_000 },
  () => {
    let cluster: RealCluster;
    beforeAll(async () => {
      cluster = await startCluster();
      for (const p of cluster.ports) await redisCli(p, '-c', 'SET', `outsider:${p}`, 'keep');
    }, 120_000);
    afterAll(() => cluster?.stop());

    it('gives CROSSSLOT where the model does, and hash tags fix it', async () => {
      const results = await runRealCases(parseRedisCases(CASES), {
        target: parseTarget(cluster.url),
      });
      for (const r of results) {
        expect('steps' in r, JSON.stringify(r)).toBe(true);
        if (!('steps' in r)) continue;
        for (const s of r.steps) expect(s.differences, JSON.stringify(s)).toEqual([]);
      }
      const [cross, tags] = results;
      const cs = '{"err":"CROSSSLOT Keys in request don\'t hash to the same slot"}';
      expect(cross && 'steps' in cross && cross.realReplies).toEqual([cs, cs]);
      expect(tags && 'steps' in tags && tags.realReplies).toEqual([
        '{"ok":"OK"}',
        '["1","2"]',
        '{"ok":"OK"}',
        '{"ok":"QUEUED"}',
        '{"ok":"QUEUED"}',
        '[2,3]',
      ]);
      // Only the lab's keys were written, and none is left.
      let total = 0;
      for (const p of cluster.ports) total += Number(await redisCli(p, 'DBSIZE'));
      expect(total).toBe(cluster.ports.length);
      for (const p of cluster.ports)
        expect(await redisCli(p, '-c', 'GET', `outsider:${p}`)).toBe('keep');
    });

    it('the CROSSSLOT problem: the starter fails on both sides, the hash-tagged answer runs on both', async () => {
      const md = readFileSync('lessons/practice/fix-crossslot.md', 'utf8');
      const block = (name: string) =>
        JSON.parse(new RegExp('```' + name + '\\n([\\s\\S]*?)\\n```').exec(md)![1]!) as {
          lua: string;
          keys: string[];
        };
      const starter = block('starter');
      const answer = block('answer');
      const fill = (k: string) =>
        k.replace('{{tenant}}', '{acme}').replace('{tenant}', 'acme').replace('{key}', 'a1');
      const run = (keys: string[]) => ({
        name: keys.join(' '),
        cluster: true,
        steps: [{ cmd: ['EVAL', starter.lua, '2', ...keys.map(fill), '4', '1', '6', '2', '1'] }],
      });
      const [bad, good] = await runRealCases(
        parseRedisCases(
          [run(starter.keys), run(answer.keys)].map((c) => JSON.stringify(c)).join('\n'),
        ),
        { target: parseTarget(cluster.url) },
      );
      expect(bad && 'steps' in bad && bad.steps[0]!.real.reply).toEqual({
        err: "CROSSSLOT Keys in request don't hash to the same slot",
      });
      expect(bad && 'steps' in bad && bad.steps[0]!.differences).toEqual([]);
      const step = good && 'steps' in good ? good.steps[0]! : null;
      expect(step?.real.reply).toEqual([1, 3, 0]);
      expect(step?.model.reply).toEqual([1, 3, 0]);
      // Both buckets were written on the real cluster too; their "at" is each side's own clock.
      expect(step?.real.keys.map((k) => k.key)).toEqual(['rl:{acme}:cred:a1', 'rl:{acme}:tenant']);
      const placed = await clusterPlacement(
        parseTarget(cluster.url),
        answer.keys.map(fill),
        newPrefix(),
      );
      expect(placed.map((p) => p.real.slot)).toEqual([11304, 11304]);
      expect(placed.every((p) => p.agree)).toBe(true);
    });

    it('puts every key on the slot and node the model says', async () => {
      const target = parseTarget(cluster.url);
      const prefix = newPrefix();
      const keys = [0, 1, 2, 3, 4, 5].flatMap((s) => [
        shardKeyName('p', false, 'big', s, false),
        shardKeyName('p', false, 'big', s, true),
      ]);
      const placed = await clusterPlacement(target, keys, prefix);
      for (const p of placed) expect(p, JSON.stringify(p)).toMatchObject({ agree: true });
      expect(new Set(placed.map((p) => p.real.node)).size).toBe(3); // untagged shards spread
      // And a key written there is found on that node by redis-cli, asking that node alone.
      const store = await RealStore.open(target);
      try {
        for (const p of placed.slice(0, 4)) {
          await store.send(['SET', p.realKey, '1']);
          expect(
            await redisCli(cluster.ports[p.model.node]!, 'EXISTS', prefixKey(prefix, p.key)),
          ).toBe('1');
        }
        expect(await store.cleanup(prefix)).toBe(4);
      } finally {
        await store.close();
      }
    });
  },
);
