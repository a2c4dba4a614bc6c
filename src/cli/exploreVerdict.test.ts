// The explore verb's answer for each verdict: an erroring program ("N requests failed"), the
// broken part, an incomplete search with its reason, and a pause step. The job runs in-process
// (the worker thread is tested in explore.test.ts); no deadline here is near the work's time.
import { describe, expect, it } from 'vitest';
import { exploreJob } from './exploreJob';
import { runExploreVerb, type ExploreRunner } from './exploreVerb';

// The verb's soft deadline (4 s from its call) is pushed out of reach: a busy machine must not
// turn a complete search into an incomplete one.
const inProcess: ExploreRunner = async (job) => ({
  ok: true,
  value: await exploreJob({ ...job, softDeadlineMs: 600_000 }),
});
const verb = async (input: object) => {
  const r = await runExploreVerb(JSON.stringify(input), inProcess);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as Record<string, unknown>;
};

describe('explore verb verdicts', () => {
  it('a typo: verdict error, never safe, with the failing schedule', async () => {
    const out = await verb({
      code: ['redis.call("INCRR", KEYS[1])', 'return 1'],
      requests: [{ keys: ['k'] }, { keys: ['k'] }],
    });
    expect(out).toMatchObject({ verdict: 'error', violations: 0, complete: true });
    expect(String(out.summary)).toMatch(/^2 requests failed: ERR unknown command 'INCRR'/);
    expect(out.failure).toMatchObject({ requests: 2 });
  });

  it('an incomplete search says why, with the number', async () => {
    const out = await verb({
      code: 'for i = 1, 10 do redis.call("INCR", KEYS[1]) end\nreturn 1',
      requests: [{ keys: ['k'] }, { keys: ['k'] }, { keys: ['k'] }, { keys: ['k'] }],
      invariant: { maxAdmitted: 4 },
      maxSchedules: 3,
    });
    expect(out).toMatchObject({
      verdict: 'incomplete',
      complete: false,
      incompleteReason: { by: 'maxSchedules', limit: 3 },
    });
  });

  it('a lease that expires in a pause: unsafe, the pause in the counterexample', async () => {
    const out = await verb({
      code: 'if redis.call("SET", "lease", "1", "NX", "PX", 1000) then return 1 end\nreturn 0',
      requests: [{}, {}],
      invariant: { maxAdmitted: 1 },
      pauses: 'auto',
    });
    expect(out).toMatchObject({ verdict: 'unsafe', part: 'maxAdmitted' });
    expect(out.counterexample).toEqual([
      { request: 0, command: ['SET', 'lease', '1', 'NX', 'PX', '1000'], reply: { ok: 'OK' } },
      { pause: 1001 },
      { request: 1, command: ['SET', 'lease', '1', 'NX', 'PX', '1000'], reply: { ok: 'OK' } },
    ]);
  });
});
