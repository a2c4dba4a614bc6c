// The race-graded atomicity problems: only an atomic decision passes, whatever extra checks a
// non-atomic answer adds; the failure is a replayable counterexample schedule.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContentFiles } from '../../content/loadFiles';
import { parseDoc } from '../../content/parseDoc';
import { createSchedulerSession } from '../../races/session';
import type { ExploreInput } from '../../races/types';
import { luaEngine } from '../lua';
import { graderById } from '../registry';
import { answerSubmission } from '../submission';

const files = loadContentFiles(resolve(__dirname, '../../../..'));
const worked = (slug: string) => {
  const path = `lessons/practice/${slug}.md`;
  return String(answerSubmission(parseDoc(path, files[path]!))!.code);
};
/** The worked answer's script body, sent as app-server code (no EVAL around it). */
const bodyOf = (slug: string) => /\[\[\n([\s\S]*?)\n\]\]/.exec(worked(slug))![1]!;
const grade = (slug: string, code: string) => graderById(slug)!.grade({ code });

describe('race-graded problems', () => {
  it('fix-get-then-set: the atomic script sent as app-server lines races', async () => {
    const r = await grade('fix-get-then-set', bodyOf('fix-get-then-set'));
    expect(r.passed).toBe(false);
    // Every decision matches one request at a time; the race is what fails.
    expect(r.failure?.name).toBe('2 app servers at once, 1 slot left in the window');
    expect(r.failure?.message).toMatch(/admits 2: more than the limit allows/);
    expect(
      r.failure?.trace?.some((l) => /^server B: HMGET rl:fw:client w n → \["\d+","2"\]$/.test(l)),
    ).toBe(true);
    // The schedule replays on the scheduler session to the same verdict.
    const { input, schedule } = r.failure!.replay!;
    const s = createSchedulerSession(input as ExploreInput, await luaEngine());
    const st = s.load(schedule);
    expect(st.finished).toBe(true);
    expect(st.verdict?.admitted).toBe(2);
    s.dispose();
  });

  it('fix-get-then-set: a longer non-atomic sequence (re-check after the write) still fails', async () => {
    const recheck = bodyOf('fix-get-then-set').replace(
      'return {1, limit - count, 0}',
      `local again = redis.call("HMGET", KEYS[1], "w", "n")
if tonumber(again[2]) > limit then
  redis.call("HINCRBY", KEYS[1], "n", -cost)
  return {0, 0, 1}
end
return {1, limit - count, 0}`,
    );
    const r = await grade('fix-get-then-set', recheck);
    expect(r.passed).toBe(false);
    expect(r.failure?.replay).toBeDefined();
    // INCR-then-undo charges refused requests and can refuse one that fits.
    const undo = `local limit, cost = tonumber(ARGV[1]), tonumber(ARGV[3])
return redis.call("EVAL", [[
local n = redis.call("INCRBY", KEYS[1], ARGV[3])
if n == tonumber(ARGV[3]) then redis.call("EXPIRE", KEYS[1], ARGV[2]) end
return n]], 1, KEYS[1], ARGV[1], ARGV[2], ARGV[3]) > limit and {0, 0, 1} or {1, 0, 0}`;
    expect((await grade('fix-get-then-set', undo)).passed).toBe(false);
  });

  it('fix-get-then-set: a WATCH/MULTI/EXEC retry loop is atomic enough to pass', async () => {
    const body = bodyOf('fix-get-then-set');
    const optimistic = `for attempt = 1, 8 do
  redis.call("WATCH", KEYS[1])
  local r = (function()
${body
  .replace('redis.call("HSET"', 'redis.call("MULTI")\n  redis.call("HSET"')
  .replace(
    'return {1, limit - count, 0}',
    'if not redis.call("EXEC") then return nil end\n  return {1, limit - count, 0}',
  )
  .replace(/return \{0,/g, 'redis.call("UNWATCH") return {0,')}
  end)()
  if r then return r end
end
return {0, 0, 1}`;
    const r = await grade('fix-get-then-set', optimistic);
    expect(r.failure?.message ?? '').toBe('');
  }, 60000);

  it('fix-incr-then-expire: the script body sent line by line loses its expiry in a crash', async () => {
    const r = await grade('fix-incr-then-expire', bodyOf('fix-incr-then-expire'));
    expect(r.passed).toBe(false);
    expect(r.failure?.name).toMatch(/crash/);
    expect(r.failure?.message).toMatch(/has no expiry/);
    expect(r.failure?.trace?.some((l) => /crashes/.test(l))).toBe(true);
  });

  it('refuses code that admits nobody: every ordering must admit what fits', async () => {
    const never = `return redis.call("EVAL", "return {0, 0, 1}", 1, KEYS[1])`;
    expect((await grade('fix-get-then-set', never)).passed).toBe(false);
  });
});

describe('the failure a race problem is about comes first', () => {
  const starter = (slug: string) => {
    const path = `lessons/practice/${slug}.md`;
    return /```starter lua\n([\s\S]*?)\n```/.exec(files[path]!)![1]!;
  };

  it('fix-incr-then-expire: the starter is told about the crash that leaves no expiry, not its Retry-After', async () => {
    const code = starter('fix-incr-then-expire');
    // The starter's Retry-After (the key's TTL) is off from the fixed window's too; the crash
    // is what the problem is about, so that is the failure shown.
    expect(code).toMatch(/TTL/);
    const r = await grade('fix-incr-then-expire', code);
    expect(r.passed).toBe(false);
    expect(r.failure?.name).toMatch(/crash/);
    expect(r.failure?.message).toMatch(/has no expiry/);
    expect(r.failure?.message).not.toMatch(/Retry-After/);
    expect(r.summary).toMatch(/^Failed on hidden case 2 of \d+: .*crash/);
  });

  it('fix-incr-then-expire: the same starter with an exact Retry-After still fails on the crash first', async () => {
    const code = starter('fix-incr-then-expire').replace(
      'redis.call("TTL", KEYS[1])',
      'redis.call("TTL", KEYS[1]) + 1',
    );
    const r = await grade('fix-incr-then-expire', code);
    expect(r.failure?.name).toMatch(/crash/);
    expect(r.failure?.message).toMatch(/has no expiry/);
  });

  it('fix-get-then-set: the starter is told about the race first', async () => {
    const r = await grade('fix-get-then-set', starter('fix-get-then-set'));
    expect(r.passed).toBe(false);
    expect(r.failure?.name).toMatch(/app servers at once/);
    expect(r.failure?.trace?.length).toBeGreaterThan(0);
  });
});
