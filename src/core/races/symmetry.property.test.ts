// Symmetry reduction must not change any verdict or counterexample: on random small programs
// where some requests are identical (same code, KEYS and ARGV), the search with symmetry and
// partial-order reduction reaches the same outcomes as brute force once identical requests'
// ends are put in a canonical order (renumbering twins is the only difference it may make), finds a
// violation exactly when brute force does, and shows the very same counterexample as the
// search without symmetry (so it stays minimal).
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLuaEngine, type LuaRuntime } from '../lua/index';
import { explore } from './explore';
import type { ExploreInput, RequestEnd } from './types';
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
  key.map((k) => `last = redis.call("EXPIRE", "${k}", 30)`),
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
  key.map((k) => `last = redis.call("EVAL", "return redis.call('INCR', KEYS[1])", 1, "${k}")`),
  key.map((k) => `last = redis.call("SET", "${k}", "1", "NX", "PX", 500) and 1 or 0`),
);
const program = fc
  .array(op, { minLength: 1, maxLength: 2 })
  .map(
    (ops) =>
      `local last = 0\n${ops.join('\n')}\nif type(last) == "number" and last % 2 == 1 then return 1 end\nreturn 0`,
  );

/** The outcome with identical requests' ends sorted: the same for a schedule and its mirror. */
function canonical(store: unknown, ends: (RequestEnd | null)[], pick: string[]): string {
  const groups = new Map<string, string[]>();
  ends.forEach((e, i) => {
    const g = groups.get(pick[i]!) ?? [];
    g.push(JSON.stringify(e));
    groups.set(pick[i]!, g);
  });
  const sorted = [...groups.entries()]
    .sort((x, y) => (x[0] < y[0] ? -1 : 1))
    .map(([, g]) => g.sort());
  return JSON.stringify([store, sorted]);
}

function outcomes(input: ExploreInput, pick: string[]) {
  const set = new Set<string>();
  const r = explore(input, engine, {
    onSchedule: (w) =>
      set.add(
        canonical(
          keyStates(w.model).sort((a, b) => (a.key < b.key ? -1 : 1)),
          w.ends(),
          pick,
        ),
      ),
  });
  return { set, r };
}

describe('symmetry reduction', () => {
  it('gives the same outcomes, verdicts and counterexamples as without it', () => {
    fc.assert(
      fc.property(
        fc.array(program, { minLength: 2, maxLength: 2 }),
        // Which program each request runs: repeats make twins.
        fc.array(fc.integer({ min: 0, max: 1 }), { minLength: 2, maxLength: 3 }),
        fc.boolean(),
        fc.constantFrom<ExploreInput['invariant']>(
          { maxAdmitted: 'serial' },
          { maxAdmitted: 1 },
          { allKeysHaveTtl: true },
          { noChargeWhenDenied: true },
          { minAdmitted: 2 },
        ),
        fc.constantFrom<ExploreInput['pauses']>(undefined, 'auto'),
        (codes, pick, crashes, invariant, pauses) => {
          const input: ExploreInput = {
            code: codes[0]!,
            requests: pick.map((p) => ({ keys: [], args: [], code: codes[p]! })),
            initial: [['SET', 'a', '1']],
            invariant,
            crashes,
            maxSchedules: 4000,
            ...(pauses ? { pauses } : {}),
          };
          // Requests are twins when their code is the same text.
          const text = pick.map((p) => codes[p]!);
          const brute = outcomes({ ...input, reduction: false }, text);
          fc.pre(brute.r.complete);
          const plain = outcomes(input, text);
          const sym = outcomes({ ...input, symmetry: true }, text);
          expect(sym.r.complete).toBe(true);
          expect([...sym.set].sort()).toEqual([...brute.set].sort());
          expect(sym.r.violations > 0).toBe(brute.r.violations > 0);
          expect(sym.r.verdict).toBe(plain.r.verdict);
          expect(sym.r.schedules).toBeLessThanOrEqual(plain.r.schedules);
          expect(sym.r.counterexample).toEqual(plain.r.counterexample);
          expect(sym.r.failure?.schedule ?? null).toEqual(plain.r.failure?.schedule ?? null);
        },
      ),
      { numRuns: 80, seed: 20261202 },
    );
  }, 120000);

  it('skips mirror images: two identical requests explore fewer schedules', () => {
    const code = `local n = tonumber(redis.call("GET", "k") or "0")
redis.call("SET", "k", n + 1)
return 1`;
    const input: ExploreInput = {
      code,
      requests: [
        { keys: [], args: [] },
        { keys: [], args: [] },
        { keys: [], args: [] },
      ],
      initial: [],
      invariant: { maxAdmitted: 3 },
      crashes: false,
      maxSchedules: 4000,
    };
    const plain = explore(input, engine);
    const sym = explore({ ...input, symmetry: true }, engine);
    expect(sym.schedules).toBeLessThan(plain.schedules);
    expect(sym.verdict).toBe('safe');
  });
});
