// The lab's placements as explorer programs: the non-atomic ones break, the atomic ones hold.
import { beforeAll, describe, expect, it } from 'vitest';
import { createLuaEngine, type LuaRuntime } from '../lua/index';
import { checkRunnable, explore } from './explore';
import { parseExploreInput } from './input';

let engine: LuaRuntime;
beforeAll(async () => {
  engine = await createLuaEngine({ budgetMs: 250 });
});

const exploreOf = (placement: unknown) => {
  const input = parseExploreInput({ placement });
  expect(checkRunnable(input, engine)).toEqual([]);
  return explore(input, engine);
};

describe('placements', () => {
  for (const algorithm of ['fixed-window', 'token-bucket'] as const) {
    const params =
      algorithm === 'fixed-window'
        ? { limit: 3, windowSeconds: 60 }
        : { capacity: 3, refillPerSecond: 1 };
    it(`${algorithm}: shared-nonatomic over-admits, shared never does`, () => {
      const racy = exploreOf({ kind: 'shared-nonatomic', algorithm, params, left: 1, servers: 2 });
      expect(racy.allowed).toBe(1);
      expect(racy.counterexampleVerdict?.admitted).toBe(2);
      const atomic = exploreOf({ kind: 'shared', algorithm, params, left: 1, servers: 3 });
      expect(atomic).toMatchObject({ complete: true, violations: 0, allowed: 1 });
    });
  }

  it('naive multi-policy charges a refused request; all-or-nothing does not', () => {
    const policies = [
      {
        id: 'credential',
        algorithm: 'token-bucket',
        params: { capacity: 4, refillPerSecond: 1 },
        left: 2,
      },
      { id: 'tenant', algorithm: 'fixed-window', params: { limit: 5, windowSeconds: 60 }, left: 1 },
    ];
    const naive = exploreOf({ kind: 'naive-multi-policy', policies, servers: 2 });
    expect(naive.violationsBy.noChargeWhenDenied).toBeGreaterThan(0);
    expect(naive.violationsBy.maxAdmitted).toBeUndefined();
    const aon = exploreOf({ kind: 'all-or-nothing', policies, servers: 2 });
    expect(aon).toMatchObject({ complete: true, violations: 0, allowed: 1 });
  });

  it('names bad placement fields', () => {
    const err = (p: unknown) => {
      try {
        parseExploreInput({ placement: p });
        return '';
      } catch (e) {
        return (e as Error).message;
      }
    };
    expect(err({ kind: 'local' })).toMatch(/placement\.kind must be one of/);
    expect(err({ kind: 'shared', algorithm: 'gcra' })).toMatch(
      /placement\.algorithm must be one of/,
    );
    expect(
      err({ kind: 'shared', algorithm: 'fixed-window', params: { limit: 0, windowSeconds: 1 } }),
    ).toMatch(/placement\.params\.limit must be an integer from 1 to 1000/);
    expect(err({ kind: 'naive-multi-policy', policies: [] })).toMatch(/2 or 3 policies/);
    expect(
      err({
        kind: 'shared',
        algorithm: 'fixed-window',
        params: { limit: 3, windowSeconds: 60 },
        left: 9,
      }),
    ).toMatch(/left must be at most the budget \(3\)/);
  });
});
