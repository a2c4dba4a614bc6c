// "Prove it" keeps the violating schedules to step through: distinct, each one violating when
// replayed, the easiest first (the counterexample), at most MAX_KEPT; and says why it counted
// what it did from the explorer's own counts.
import { beforeAll, describe, expect, it } from 'vitest';
import { createLuaEngine, type LuaRuntime } from '../lua/index';
import { countingWhy } from './counting';
import { explore } from './explore';
import { MAX_KEPT } from './kept';
import { createSchedulerSession } from './session';
import { switches } from './shortest';
import type { ExploreInput } from './types';

let engine: LuaRuntime;
beforeAll(async () => {
  engine = await createLuaEngine({ budgetMs: 250 });
});

const CHECK_THEN_INCR = `local limit = tonumber(ARGV[1])
local count = tonumber(redis.call("GET", KEYS[1]) or "0")
if count >= limit then return 0 end
redis.call("INCR", KEYS[1])
return 1`;

const input = (servers: number, extra: Partial<ExploreInput> = {}): ExploreInput => ({
  code: CHECK_THEN_INCR,
  requests: Array.from({ length: servers }, () => ({ keys: ['k'], args: ['3'] })),
  initial: [['SET', 'k', '2']],
  invariant: { maxAdmitted: 1 },
  crashes: false,
  maxSchedules: 100000,
  ...extra,
});

describe('violating schedules to step through', () => {
  it('keeps distinct violating ones, the counterexample first, easiest first', () => {
    const inp = input(2);
    const r = explore(inp, engine);
    expect(r.verdict).toBe('unsafe');
    const kept = r.violating!;
    expect(kept.length).toBeGreaterThanOrEqual(2);
    expect(kept.length).toBe(Math.min(r.violations, MAX_KEPT));
    expect(new Set(kept.map((k) => JSON.stringify(k))).size).toBe(kept.length);
    const s = createSchedulerSession(inp, engine);
    for (const k of kept) {
      const st = s.load(k);
      expect(st.finished).toBe(true);
      expect(st.verdict!.broken.map((b) => b.part)).toContain('maxAdmitted');
    }
    expect(s.load(kept[0]!).steps).toEqual(r.counterexample);
    s.dispose();
    const sw = kept.map((k) => switches(k));
    expect(sw).toEqual([...sw].sort((a, b) => a - b));
  });

  it('keeps at most MAX_KEPT when more violate', () => {
    const r = explore(input(4, { invariant: { maxAdmitted: 1 } }), engine);
    expect(r.violations).toBeGreaterThan(MAX_KEPT);
    expect(r.violating).toHaveLength(MAX_KEPT);
  });

  it('says why it counted what it did, from the real counts', () => {
    const inp = input(3, { symmetry: true });
    const r = explore(inp, engine);
    const why = countingWhy(r, inp).join(' ');
    expect(r.pruned!.symmetry).toBeGreaterThan(0);
    expect(why).toContain(`It counted ${r.schedules} schedules`);
    expect(why).toContain(`Symmetry skipped ${r.pruned!.symmetry} moves`);
    expect(why).toContain(
      `Partial-order reduction skipped ${r.pruned!.reduction.toLocaleString('en')} move`,
    );
    const capped = explore(input(3, { maxSchedules: 2 }), engine);
    expect(countingWhy(capped, input(3)).join(' ')).toContain(
      'It did not try them all: stopped at the cap of 2 schedules',
    );
    const brute = explore(input(2, { reduction: false }), engine);
    expect(countingWhy(brute, { reduction: false, crashes: false })[0]).toBe(
      `It counted ${brute.schedules} schedules: every ordering of the round trips, one by one.`,
    );
    expect(brute.violating!.length).toBeGreaterThanOrEqual(2);
  });
});
