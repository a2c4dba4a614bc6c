// Time passing in a schedule: a pause moves the store's clock, so a lock or lease with an
// expiry is told apart from one without. As in Redis, a key set with PX 1000 is gone once
// more than 1000 ms have passed (1001 here), not at exactly 1000. A SET NX PX lock whose holder crashed frees itself
// once a pause passes its expiry; a lease that expires during a pause lets a second holder in.
import { beforeAll, describe, expect, it } from 'vitest';
import { createLuaEngine, type LuaRuntime } from '../lua/index';
import { explore } from './explore';
import { parseExploreInput } from './input';
import { createSchedulerSession } from './session';
import { parseScheduleText, scheduleText } from './share';
import { PAUSE, type ExploreInput, type Step } from './types';

let engine: LuaRuntime;
beforeAll(async () => {
  engine = await createLuaEngine({ budgetMs: 250 });
});

/** Take the lock, do the work, let go. ARGV[1]: "PX" for a lock with a 1 s expiry, "" without. */
const LOCK = `local ok
if ARGV[1] == "PX" then ok = redis.call("SET", "lock", "held", "NX", "PX", 1000)
else ok = redis.call("SET", "lock", "held", "NX") end
if not ok then return 0 end
redis.call("INCR", "work")
redis.call("DEL", "lock")
return 1`;

/** A lease for one holder: whoever sets it is in; nobody lets go (it is meant to expire). */
const LEASE = `if redis.call("SET", "lease", "mine", "NX", "PX", 1000) then return 1 end
return 0`;

const two = (args: string[]) => [
  { keys: [], args },
  { keys: [], args },
];
const input = (over: Partial<ExploreInput>): ExploreInput => ({
  code: LEASE,
  requests: two([]),
  initial: [],
  invariant: { maxAdmitted: 1 },
  crashes: false,
  maxSchedules: 20000,
  ...over,
});
const brief = (steps: Step[]) =>
  steps.map((s) =>
    'pause' in s
      ? `pause ${s.pause}`
      : 'crash' in s
        ? `${s.request} crash`
        : `${s.request} ${s.command[0]}`,
  );

describe('the scheduler: a Pause step', () => {
  it("a crashed holder's SET NX PX lock frees itself once a pause passes its expiry", () => {
    const s = createSchedulerSession(
      input({ code: LOCK, requests: two(['PX']), crashes: 1 }),
      engine,
    );
    s.step(0); // A takes the lock
    s.crash(0); // and crashes holding it
    const paused = s.pause(1001);
    expect(paused.steps.at(-1)).toMatchObject({ request: PAUSE, pause: 1001 });
    expect(paused.store.map((k) => k.key)).not.toContain('lock');
    expect(paused.schedule.at(-1)).toEqual({ request: PAUSE, pause: 1001 });
    let st = s.step(1);
    while (!st.finished) st = s.step(1);
    expect(st.servers[1]!.end).toMatchObject({ kind: 'admitted' });
    s.dispose();
  });

  it('without an expiry the lock stays held for ever: the pause changes nothing', () => {
    const s = createSchedulerSession(
      input({ code: LOCK, requests: two(['']), crashes: 1 }),
      engine,
    );
    s.step(0);
    s.crash(0);
    expect(s.pause(60_000).store.map((k) => k.key)).toContain('lock');
    const st = s.step(1);
    expect(st.servers[1]!.end).toMatchObject({ kind: 'refused' });
    s.dispose();
  });

  it('a pause shorter than the expiry does not free it', () => {
    const s = createSchedulerSession(
      input({ code: LOCK, requests: two(['PX']), crashes: 1 }),
      engine,
    );
    s.step(0);
    s.crash(0);
    expect(s.pause(1000).store.map((k) => k.key)).toContain('lock');
    s.dispose();
  });

  it('bad pauses are refused with a message, and a loaded schedule replays pauses', () => {
    const s = createSchedulerSession(input({}), engine);
    expect(() => s.pause(0)).toThrow('a pause is whole milliseconds from 1 to 86,400,000, got 0');
    expect(() => s.pause(1.5)).toThrow(/got 1.5/);
    const st = s.load(parseScheduleText('AP1001B'));
    expect(st.verdict?.admitted).toBe(2);
    expect(scheduleText(st.schedule)).toBe('AP1001B');
    expect(() => s.pause(5)).toThrow('every server has finished: nothing is left to wait for');
    s.dispose();
  });
});

describe('the explorer: pauses as schedule choices', () => {
  it('without pauses the clock stands still and the lease holds', () => {
    expect(explore(input({}), engine)).toMatchObject({ verdict: 'safe', complete: true });
  });

  it('a lease that expires during a pause lets two holders in; the counterexample is minimal', () => {
    const r = explore(input({ pauses: [1001] }), engine);
    expect(r).toMatchObject({ verdict: 'unsafe', part: 'maxAdmitted', complete: true });
    expect(brief(r.counterexample!)).toEqual(['0 SET', 'pause 1001', '1 SET']);
  });

  it('"auto" derives the pause from the expiry it sees', () => {
    const r = explore(input({ pauses: 'auto' }), engine);
    expect(r.verdict).toBe('unsafe');
    expect(brief(r.counterexample!)).toEqual(['0 SET', 'pause 1001', '1 SET']);
  });

  it('a pause that only reaches the expiry is harmless', () => {
    expect(explore(input({ pauses: [1000] }), engine).verdict).toBe('safe');
  });

  it('a crashed holder: with PX some schedule lets the other server in, without PX none does', () => {
    const admittedAfterCrash = (arg: string) => {
      let found = false;
      explore(input({ code: LOCK, requests: two([arg]), crashes: 1, pauses: 'auto' }), engine, {
        onSchedule: (w) => {
          // The holder crashed first, and the other server started only after that.
          const ends = w.ends();
          const crash = w.actions.findIndex((a) => a.crash);
          const other = ends.findIndex((e) => e?.kind === 'admitted');
          if (crash < 0 || other < 0) return;
          if (w.actions.findIndex((a) => a.request === other) > crash) found = true;
        },
      });
      return found;
    };
    expect(admittedAfterCrash('PX')).toBe(true);
    expect(admittedAfterCrash('')).toBe(false);
  });

  it('maxPauses bounds the pauses in one schedule', () => {
    const one = explore(input({ pauses: [1001], maxPauses: 1 }), engine);
    const none = explore(input({ pauses: [1001], maxPauses: 0 }), engine);
    expect(none.verdict).toBe('safe');
    expect(one.schedules).toBeGreaterThan(none.schedules);
  });

  it('reads pauses and maxPauses, naming what is wrong', () => {
    const base = { code: 'return 1', requests: [{}] };
    expect(parseExploreInput({ ...base, pauses: [1000, 1000] }).pauses).toEqual([1000]);
    expect(parseExploreInput({ ...base, pauses: 'auto', maxPauses: 2 })).toMatchObject({
      pauses: 'auto',
      maxPauses: 2,
    });
    const bad = (v: object) => {
      try {
        parseExploreInput({ ...base, ...v });
        return '';
      } catch (e) {
        return (e as Error).message;
      }
    };
    expect(bad({ pauses: [0] })).toMatch(
      /^pauses must be "auto" or a list of 1 to 4 pause lengths/,
    );
    expect(bad({ pauses: 'soon' })).toMatch(/^pauses must be/);
    expect(bad({ maxPauses: 1 })).toBe('maxPauses needs pauses (the lengths to try)');
    expect(bad({ pauses: [5], maxPauses: 9 })).toBe('maxPauses must be an integer from 0 to 3');
  });
});
