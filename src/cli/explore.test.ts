// The `explore` verb end to end, as a user runs it: through tsx, in a worker thread with a
// hard deadline (sandbox.ts).
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { runCli } from './main';

/**
 * Both of the verb's deadlines count from its call, so the CLI's and the worker's start-up are
 * inside them: on a busy machine that start-up alone can pass the default soft deadline (4 s)
 * and leave a search incomplete. Unless a test is about a deadline, both are out of reach
 * (10 minutes, against milliseconds of search), and this test's own limit is the child's.
 */
const FAR = { EXPLORE_DEADLINE_MS: '600000', EXPLORE_TIMEOUT_MS: '600000' };
// Each run starts npx, tsx and a worker thread: at a load of ~30 on 2 cores one took ~60 s, so
// each test (and the child) may take 4 minutes.
const cli = (input: string, env: Record<string, string> = {}) =>
  spawnSync('npx', ['tsx', 'src/cli/main.ts', 'explore', '-'], {
    input,
    encoding: 'utf8',
    cwd: process.cwd(),
    env: { ...process.env, ...FAR, ...env },
    timeout: 240_000,
  });

const GET_THEN_SET = `local count = tonumber(redis.call("GET", KEYS[1]) or "0")
if count + 1 > tonumber(ARGV[1]) then return 0 end
redis.call("SET", KEYS[1], count + 1)
return 1`;

describe('cli explore', () => {
  it('prints schedules, violations, complete and the counterexample', () => {
    const r = cli(
      JSON.stringify({
        code: GET_THEN_SET,
        requests: [
          { keys: ['k'], args: ['3'] },
          { keys: ['k'], args: ['3'] },
        ],
        initial: [['SET', 'k', '2']],
        invariant: { maxAdmitted: 1 },
        crashes: false,
        maxSchedules: 20000,
      }),
    );
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out)).toEqual([
      'verdict',
      'summary',
      'schedules',
      'violations',
      'complete',
      'part',
      'incompleteReason',
      'failure',
      'counterexample',
    ]);
    expect(out).toMatchObject({
      verdict: 'unsafe',
      schedules: 4,
      violations: 2,
      complete: true,
      part: 'maxAdmitted',
      incompleteReason: null,
      failure: null,
    });
    expect(out.counterexample).toHaveLength(4);
    expect(out.counterexample[0]).toEqual({
      request: expect.any(Number),
      command: ['GET', 'k'],
      reply: '2',
    });
  }, 240_000);

  it('bad input exits 2 naming the field, with nothing on stdout', async () => {
    const read = (v: unknown) => () => JSON.stringify(v);
    const bad = await runCli(
      ['explore', '-'],
      read({ code: 'return 1', requests: [{ keys: 'k' }] }),
    );
    expect(bad).toMatchObject({ code: 2, stdout: '' });
    expect(bad.stderr).toContain('requests[0].keys must be an array of strings');
    expect(await runCli(['explore', '-'], () => '{nope')).toMatchObject({ code: 2, stdout: '' });
    // What only the Lua engine can tell is refused the same way (this runs the worker).
    const r = cli(JSON.stringify({ code: 'return (', requests: [{}] }));
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^code does not compile: ERR Error compiling script/);
    const init = cli(JSON.stringify({ code: 'return 1', requests: [{}], initial: [['NOPE']] }));
    expect(init.status).toBe(2);
    expect(init.stderr).toMatch(/^initial\[0\] \(NOPE\) failed: ERR unknown command/);
  }, 240_000);

  it('Lua stuck inside one C call is stopped by the step budget: the request answers an error', () => {
    const code = `local s = string.rep("a", 300000)\nreturn string.find(s, ".-.-.-.-.-b")`;
    const r = cli(JSON.stringify({ code, requests: [{}], invariant: { maxAdmitted: 0 } }));
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    // The run ends with the budget's error reply, which admits nothing.
    expect(JSON.parse(r.stdout)).toMatchObject({ schedules: 1, violations: 0, complete: true });
  }, 240_000);

  it('an exploration that outlives its hard deadline is stopped: exit 2, nothing on stdout', () => {
    // The soft deadline is pushed out of reach and the search's caps are at their largest
    // (10^7 schedules, 10^8 round trips: minutes of work on any machine), so however fast or slow
    // the machine, the only thing that can end this run is the hard deadline's kill.
    const code = `for i = 1, 12 do redis.call('INCR', KEYS[1]) end\nreturn 1`;
    const requests = [0, 1, 2, 3].map(() => ({ keys: ['k'] }));
    const input = { code, requests, maxSchedules: 10_000_000, maxSteps: 100_000_000 };
    const r = cli(JSON.stringify(input), {
      EXPLORE_TIMEOUT_MS: '300',
      EXPLORE_DEADLINE_MS: '600000',
    });
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    // The message names the hard deadline: the search was killed, not finished (no wall-clock
    // bound here: start-up alone can take tens of seconds on a busy machine).
    expect(r.stderr).toMatch(/^code: the exploration was stopped after 0\.3 s/);
  }, 240_000);
});
