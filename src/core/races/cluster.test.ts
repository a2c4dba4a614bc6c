// `cluster: true`: the store is a Redis Cluster node, so a multi-key EVAL or a MULTI whose
// commands reach two hash slots fails with CROSSSLOT, and hash tags fix it. The error text is
// redis-server 7.0.15's in cluster mode, taken from a real server by experiment
// (cluster-enabled yes, all slots on one node): EVAL with keys a and b answers it at once; a
// MULTI with INCR a and INCR b queues both and EXEC answers it.
import { beforeAll, describe, expect, it } from 'vitest';
import { createLuaEngine, type LuaRuntime } from '../lua/index';
import { explore } from './explore';
import { parseExploreInput } from './input';
import type { ExploreInput } from './types';

const CROSSSLOT = "CROSSSLOT Keys in request don't hash to the same slot";

let engine: LuaRuntime;
beforeAll(async () => {
  engine = await createLuaEngine({ budgetMs: 250 });
});

const EVAL_BOTH = `return redis.call("EVAL", "redis.call('INCR', KEYS[1]) redis.call('INCR', KEYS[2]) return 1", 2, KEYS[1], KEYS[2])`;
const MULTI_BOTH = `redis.call("MULTI")
redis.call("INCR", KEYS[1])
redis.call("INCR", KEYS[2])
local r = redis.call("EXEC")
return 1`;

const input = (code: string, keys: string[], cluster: boolean): ExploreInput => ({
  code,
  requests: [
    { keys, args: [] },
    { keys, args: [] },
  ],
  initial: [],
  invariant: { maxAdmitted: 2 },
  crashes: false,
  maxSchedules: 1000,
  cluster,
});

describe('cluster: true', () => {
  it('refuses a multi-key EVAL across slots with CROSSSLOT: an error, never safe', () => {
    const r = explore(input(EVAL_BOTH, ['user:1', 'tenant:9'], true), engine);
    expect(r.verdict).toBe('error');
    expect(r.failure!.message.startsWith(CROSSSLOT)).toBe(true);
    const step = r.failure!.schedule[0]!;
    expect('reply' in step && step.reply).toEqual({ err: CROSSSLOT });
  });

  it('queues a MULTI across slots and EXEC answers CROSSSLOT', () => {
    const r = explore(input(MULTI_BOTH, ['user:1', 'tenant:9'], true), engine);
    expect(r.verdict).toBe('error');
    const exec = r.failure!.schedule.find((s) => 'command' in s && s.command[0] === 'EXEC');
    expect(exec && 'reply' in exec && exec.reply).toEqual({ err: CROSSSLOT });
    const queued = r.failure!.schedule.filter(
      (s) => s.request === 0 && 'reply' in s && JSON.stringify(s.reply) === '{"ok":"QUEUED"}',
    );
    expect(queued).toHaveLength(2);
  });

  it('hash tags put both keys in one slot: no error', () => {
    for (const code of [EVAL_BOTH, MULTI_BOTH]) {
      const r = explore(input(code, ['{acme}:user:1', '{acme}:tenant'], true), engine);
      expect(r).toMatchObject({ verdict: 'safe', failure: null, complete: true });
    }
  });

  it('without cluster the same keys are fine (a single Redis has no slots)', () => {
    const r = explore(input(EVAL_BOTH, ['user:1', 'tenant:9'], false), engine);
    expect(r.verdict).toBe('safe');
  });

  it('the input field is read and checked', () => {
    const base = { code: 'return 1', requests: [{}] };
    expect(parseExploreInput({ ...base, cluster: true }).cluster).toBe(true);
    expect(() => parseExploreInput({ ...base, cluster: 'yes' })).toThrow(
      'cluster must be true or false',
    );
  });
});
