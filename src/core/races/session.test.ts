// The manual stepper the scheduler screen drives: steps, crashes, undo, restart, replaying the
// explorer's counterexample, and clear refusals for impossible moves.
import { beforeAll, describe, expect, it } from 'vitest';
import { createLuaEngine, type LuaRuntime } from '../lua/index';
import { explore } from './explore';
import { createSchedulerSession } from './session';
import type { ExploreInput } from './types';

let engine: LuaRuntime;
beforeAll(async () => {
  engine = await createLuaEngine({ budgetMs: 250 });
});

const CODE = `local limit = tonumber(ARGV[1])
local n = redis.call("INCR", KEYS[1])
if n == 1 then
  redis.call("EXPIRE", KEYS[1], 60)
end
if n > limit then return 0 end
return 1`;

const input: ExploreInput = {
  code: CODE,
  requests: [
    { keys: ['k'], args: ['1'] },
    { keys: ['k'], args: ['1'] },
  ],
  initial: [],
  invariant: { allKeysHaveTtl: true },
  crashes: true,
  maxSchedules: 20000,
};

describe('scheduler session', () => {
  it('steps servers, shows the current line, undoes and restarts', () => {
    const s = createSchedulerSession(input, engine);
    let st = s.state();
    expect(st.servers.map((v) => v.next)).toEqual([
      ['INCR', 'k'],
      ['INCR', 'k'],
    ]);
    expect(st.servers[0]!.line).toBe(2);
    expect(st.servers[0]!.canCrash).toBe(false); // nothing sent yet: no "between two calls"
    st = s.step(0);
    expect(st.steps[0]).toMatchObject({ request: 0, command: ['INCR', 'k'], reply: 1, line: 2 });
    expect(st.store).toEqual([{ key: 'k', type: 'string', value: '1', ttlMs: null }]);
    expect(st.servers[0]).toMatchObject({ next: ['EXPIRE', 'k', '60'], line: 4, canCrash: true });
    st = s.crash(0);
    expect(st.servers[0]!.status).toBe('crashed');
    st = s.step(1);
    expect(st.finished).toBe(true);
    expect(st.verdict?.broken.map((b) => b.part)).toEqual(['allKeysHaveTtl']);
    expect(st.verdictText).toMatch(/has no expiry/);
    st = s.undo();
    expect(st.finished).toBe(false);
    expect(st.schedule).toEqual([{ request: 0 }, { request: 0, crash: true }]);
    st = s.restart();
    expect(st.steps).toEqual([]);
    expect(() => s.crash(0)).toThrow(/cannot crash now/);
    expect(() => s.step(5)).toThrow(/there is no server/);
    s.dispose();
  });

  it("replays the explorer's counterexample to the same verdict", () => {
    const r = explore(input, engine);
    const schedule = r.counterexample!.map((st) =>
      'crash' in st ? { request: st.request, crash: true } : { request: st.request },
    );
    const s = createSchedulerSession(input, engine);
    const st = s.load(schedule);
    expect(st.finished).toBe(true);
    expect(st.steps).toEqual(r.counterexample);
    expect(st.verdict).toEqual(r.counterexampleVerdict);
    expect(() => s.load([{ request: 0 }, { request: 0 }, { request: 0 }, { request: 0 }])).toThrow(
      /step 3: server A has no round trip left/,
    );
    s.dispose();
  });
});
