import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { tokenBucketFactory } from '../limiters/tokenBucket';
import type { LimiterRequest } from '../limiters/types';
import { createLuaEngine } from './index';
import { luaLimiterFactory, readDecision } from './luaLimiter';
import type { ScriptEngine } from './types';
import { templateById } from '../playground/templates';

const tokenBucket = templateById('token-bucket')!.source;

let engine: ScriptEngine;
beforeAll(async () => {
  engine = await createLuaEngine();
});

const req = (at: number, key = 'client', cost = 1, server = 'A'): LimiterRequest => ({
  at,
  key,
  server,
  cost,
  duration: 1,
});

describe('lua limiter', () => {
  it('runs the seed token bucket and reads its reply', () => {
    const lim = luaLimiterFactory(engine).create({
      script: tokenBucket,
      keys: ['rl:{key}'],
      args: ['3', '1', '{cost}'],
    });
    const ds = [0, 0, 0, 0, 0.5, 1].map((t) => lim.decide(req(t)));
    expect(ds.map((d) => d.allowed)).toEqual([true, true, true, false, false, true]);
    expect(ds[3]).toEqual({ allowed: false, retryAfterSeconds: 1, remaining: 0 });
    expect(ds[0]).toEqual({ allowed: true, retryAfterSeconds: null, remaining: 2 });
    expect(lim.decide(req(2, 'client', 9)).retryAfterSeconds).toBe(-1);
  });

  it('turns error replies and runaway scripts into decision errors', () => {
    const f = luaLimiterFactory(engine);
    const bad = f.create({ script: "return redis.error_reply('nope')" });
    expect(bad.decide(req(0))).toEqual({
      allowed: false,
      retryAfterSeconds: null,
      error: 'ERR nope',
    });
    const loop = f.create({ script: 'while true do end' });
    expect(loop.decide(req(0)).error).toMatch(/killed by the lab/);
    expect(f.create({ script: 'return 1 +' }).decide(req(0)).error).toMatch(
      /Error compiling script/,
    );
    expect(f.create({ script: "return 'yes'" }).decide(req(0)).error).toMatch(/must return/);
  });

  it('validates params naming the field', () => {
    const f = luaLimiterFactory(engine);
    expect(f.validateParams({ script: '' }, 'params')).toEqual([
      'params.script must be a non-empty string of Lua',
    ]);
    expect(f.validateParams({ script: 'return 1', keys: [1] }, 'params')).toEqual([
      'params.keys must be an array of strings',
    ]);
    expect(f.validateParams({ script: 'return 1', bogus: 1 }, 'params')).toEqual([
      'params.bogus is not a parameter of lua',
    ]);
  });

  it('reads integer and array replies', () => {
    expect(readDecision({ t: 'int', v: 1n })).toEqual({ allowed: true, retryAfterSeconds: null });
    expect(
      readDecision({
        t: 'arr',
        v: [
          { t: 'int', v: 0n },
          { t: 'int', v: 4n },
          { t: 'int', v: 0n },
        ],
      }),
    ).toEqual({
      allowed: false,
      retryAfterSeconds: null,
      remaining: 4,
    });
  });

  it('snapshot and restore bring the store back', () => {
    const lim = luaLimiterFactory(engine).create({
      script: tokenBucket,
      keys: ['rl:{key}'],
      args: ['2', '1', '{cost}'],
    });
    lim.decide(req(0));
    const snap = lim.snapshot();
    lim.decide(req(0));
    expect(lim.decide(req(0)).allowed).toBe(false);
    lim.restore(snap);
    expect(lim.decide(req(0)).allowed).toBe(true);
  });

  it('admits exactly what the built-in token bucket admits', () => {
    const trace = fc.record({
      capacity: fc.integer({ min: 1, max: 8 }),
      rate: fc.constantFrom(0.5, 1, 2, 4, 0.25),
      reqs: fc.array(
        fc.record({
          dt: fc.integer({ min: 0, max: 24 }),
          key: fc.constantFrom('a', 'b'),
          cost: fc.integer({ min: 1, max: 4 }),
        }),
        { minLength: 1, maxLength: 40 },
      ),
    });
    fc.assert(
      fc.property(trace, ({ capacity, rate, reqs }) => {
        const lua = luaLimiterFactory(engine).create({
          script: tokenBucket,
          keys: ['rl:{key}'],
          args: [String(capacity), String(rate), '{cost}'],
        });
        const ref = tokenBucketFactory.create({ capacity, refillPerSecond: rate });
        let t = 0;
        for (const r of reqs) {
          t += r.dt / 8;
          const q = req(t, r.key, r.cost);
          const a = lua.decide(q);
          const b = ref.decide(q);
          expect(a.allowed).toBe(b.allowed);
          expect(a.retryAfterSeconds).toBe(b.retryAfterSeconds);
          // The seed script answers {0, 0, -1} to an impossible cost (remaining 0, not tokens).
          if (b.remaining !== undefined && b.retryAfterSeconds !== -1)
            expect(a.remaining).toBe(b.remaining);
        }
      }),
      { numRuns: 150 },
    );
  });
});
