// Partial-order reduction must not change any verdict: on random small app-server programs
// (reads, writes, counters, expiries, branches on replies, WATCH/MULTI/EXEC, EVAL, KEYS,
// crashes, pauses), the reduced search reaches exactly the same set of outcomes (final store and how
// every request ended) as trying every interleaving, and so finds a violation exactly when
// brute force does.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLuaEngine, type LuaRuntime } from '../lua/index';
import { explore } from './explore';
import type { ExploreInput } from './types';
import { keyStates } from './world';

let engine: LuaRuntime;
beforeAll(async () => {
  engine = await createLuaEngine({ budgetMs: 250 });
});

const key = fc.constantFrom('a', 'b');
const op = fc.oneof(
  key.map((k) => `last = redis.call("GET", "${k}")`),
  fc
    .tuple(key, fc.integer({ min: 0, max: 3 }))
    .map(([k, v]) => `last = redis.call("SET", "${k}", "${v}")`),
  key.map((k) => `last = redis.call("INCR", "${k}")`),
  key.map((k) => `last = redis.call("DEL", "${k}")`),
  key.map((k) => `last = redis.call("EXPIRE", "${k}", 30)`),
  key.map((k) => `last = redis.call("TTL", "${k}")`),
  fc
    .tuple(key, fc.integer({ min: 1, max: 2 }))
    .map(
      ([k, th]) =>
        `local x = tonumber(redis.call("GET", "${k}") or "0")\nif x < ${th} then last = redis.call("SET", "${k}", x + 1) end`,
    ),
  key.map(
    (k) =>
      `redis.call("WATCH", "${k}")\nredis.call("MULTI")\nredis.call("INCR", "${k}")\nlast = redis.call("EXEC") and 1 or 0`,
  ),
  fc.constant('last = #redis.call("MGET", "a", "b")'),
  fc.constant('last = #redis.call("KEYS", "*")'),
  key.map((k) => `last = redis.call("EVAL", "return redis.call('INCR', KEYS[1])", 1, "${k}")`),
  fc.constant('last = tonumber(redis.call("TIME")[1]) % 2'),
  key.map((k) => `last = redis.call("SET", "${k}", "1", "NX", "PX", 500) and 1 or 0`),
);
const program = fc
  .array(op, { minLength: 1, maxLength: 2 })
  .map(
    (ops) =>
      `local last = 0\n${ops.join('\n')}\nif type(last) == "number" and last % 2 == 1 then return 1 end\nreturn 0`,
  );

function outcomes(input: ExploreInput): {
  set: Set<string>;
  complete: boolean;
  violations: boolean;
} {
  const set = new Set<string>();
  const r = explore(input, engine, {
    // Keys sorted by name: independent writes to two keys create them in either order.
    onSchedule: (w) =>
      set.add(
        JSON.stringify([keyStates(w.model).sort((a, b) => (a.key < b.key ? -1 : 1)), w.ends()]),
      ),
  });
  return { set, complete: r.complete, violations: r.violations > 0 };
}

describe('partial-order reduction', () => {
  it('gives the same outcomes and verdicts as brute force on random programs', () => {
    fc.assert(
      fc.property(
        fc.array(program, { minLength: 2, maxLength: 3 }),
        fc.boolean(),
        fc.constantFrom<ExploreInput['invariant']>(
          { maxAdmitted: 'serial' },
          { allKeysHaveTtl: true },
          { noChargeWhenDenied: true },
          { minAdmitted: 1 },
        ),
        // Pauses are schedule choices too: none, a fixed length, or derived from the expiries.
        fc.constantFrom<ExploreInput['pauses']>(undefined, [501], 'auto'),
        (codes, crashes, invariant, pauses) => {
          const input: ExploreInput = {
            code: codes[0]!,
            requests: codes.map((code) => ({ keys: [], args: [], code })),
            initial: [['SET', 'a', '1']],
            invariant,
            crashes,
            maxSchedules: 4000,
            ...(pauses ? { pauses } : {}),
          };
          const brute = outcomes({ ...input, reduction: false });
          fc.pre(brute.complete);
          const reduced = outcomes(input);
          expect(reduced.complete).toBe(true);
          expect([...reduced.set].sort()).toEqual([...brute.set].sort());
          expect(reduced.violations).toBe(brute.violations);
        },
      ),
      { numRuns: 60, seed: 20240610 },
    );
  }, 120000);
});
