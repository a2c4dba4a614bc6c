// The redis verb's sandbox: scripting cases run in a worker thread with a deadline; each line
// is handed out as soon as its case is done; a case past its deadline gets its own error line
// and the next case starts in a fresh worker with nothing of the last (keys, scripts, globals).
import { describe, expect, it } from 'vitest';
import { runRedisVerb } from './redisVerb';

const cases = (...cs: object[]) => cs.map((c) => JSON.stringify(c)).join('\n');
const evalStep = (src: string, ...rest: string[]) => ({ cmd: ['EVAL', src, '0', ...rest] });

describe('redis verb sandbox', () => {
  it('hands out each line at once, kills a case past its deadline and goes on in a fresh worker', async () => {
    const seen: { line: string; at: number }[] = [];
    const t0 = performance.now();
    const r = await runRedisVerb(
      cases(
        {
          name: 'before',
          steps: [evalStep("redis.call('SET', 'k', 'v') return redis.call('GET', 'k')")],
        },
        // Endless under this test's budget (no loop reaches it): only the deadline stops it.
        {
          name: 'slow',
          steps: [evalStep("redis.call('SET', 'slow', '1') while true do end")],
        },
        {
          name: 'after',
          steps: [
            { cmd: ['KEYS', '*'] },
            { cmd: ['SCRIPT', 'EXISTS', 'a42059b356c875f0717db19a51f6aaca9ae659ea'] },
            evalStep('return type(leftover)'),
          ],
        },
      ),
      (line) => {
        seen.push({ line, at: performance.now() - t0 });
      },
      // The kill's deadline can be anything; the other cases' are far from their real time.
      { caseDeadlineMs: (c) => (c.name === 'slow' ? 100 : 60_000), budgetSteps: 1e15 },
    );
    expect(r).toMatchObject({ code: 0, stdout: '' });
    const lines = seen
      .map((s) => s.line)
      .join('')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('{"name":"before","replies":["v"]}');
    expect(JSON.parse(lines[1]!)).toMatchObject({
      name: 'slow',
      error: expect.stringMatching(/stopped after 0\.1 s .*fresh worker/) as unknown,
    });
    // A fresh model and engine: no keys, no cached script, no global of an earlier case.
    const after = JSON.parse(lines[2]!) as { replies: unknown[] };
    expect(after.replies.slice(0, 2)).toEqual([[], [0]]);
    expect(lines[2]).toMatch(/nonexistent global variable 'leftover'/);
    expect(r.stderr).toMatch(/1 case could not finish/);
    // Streamed: every line went out as its case ended, in order.
    expect(seen.map((s) => s.line)).toEqual(lines.map((l) => l + '\n'));
    expect(seen[0]!.at).toBeLessThan(seen[1]!.at);
  }, 60_000);

  it('the issue’s hostile scripts each end with a readable line, earlier lines kept', async () => {
    const r = await runRedisVerb(
      cases(
        { name: 'ok', steps: [{ cmd: ['SET', 'a', '1'] }] },
        { name: 'loop', steps: [evalStep('while true do end')] },
        {
          name: 'pattern',
          steps: [
            evalStep(
              'return string.find(string.rep("a", 26), string.rep("a?", 26) .. string.rep("a", 26) .. "b")',
            ),
          ],
        },
        {
          name: 'index',
          steps: [evalStep('return setmetatable({}, {__index = function() undefined_fn() end})')],
        },
        { name: 'end', steps: [{ cmd: ['DBSIZE'] }] },
      ),
      undefined,
      // The step budget, not the wall clock, must stop these: the deadline is far from their
      // real time (the 3 s default was reached first once, on a 2-core machine at load 30).
      { caseDeadlineMs: 100_000 },
    );
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(5);
    expect(lines[0]).toBe('{"name":"ok","replies":[{"ok":"OK"}]}');
    expect(lines[1]).toMatch(/"name":"loop".*Script killed by the lab/);
    expect(lines[2]).toMatch(/"name":"pattern".*Script killed by the lab/);
    // Redis answers an empty array for a table it cannot read further.
    expect(lines[3]).toBe('{"name":"index","replies":[[]]}');
    expect(lines[4]).toBe('{"name":"end","replies":[0]}');
  }, 240_000);
});

describe('redis verb input with absurd numbers', () => {
  it('refuses a clock out of the model’s range, naming the field, with nothing on stdout', async () => {
    const start = await runRedisVerb(
      cases({ name: 'far', startTime: 1e308, steps: [{ cmd: ['SET', 'k', 'v', 'EX', '10'] }] }),
    );
    expect(start).toMatchObject({ code: 2, stdout: '' });
    expect(start.stderr).toMatch(/^redis: line 1: "startTime" must be .* from 0 to 9000000000/);
    const advance = await runRedisVerb(
      cases(
        { name: 'ok', steps: [{ cmd: ['PING'] }] },
        {
          name: 'far',
          steps: [{ cmd: ['SET', 'k', 'v'] }, { advance: 1e308 }, { cmd: ['PEXPIRE', 'k', '5'] }],
        },
      ),
    );
    expect(advance).toMatchObject({ code: 2, stdout: '' });
    expect(advance.stderr).toMatch(
      /^redis: line 2: steps\[1\]\.advance takes the clock to 1e\+308/,
    );
    const back = await runRedisVerb(cases({ name: 'back', steps: [{ advance: -2e9 }] }));
    expect(back.stderr).toMatch(/steps\[0\]\.advance takes the clock to -300000000/);
  });

  it('answers absurd expiry arguments as Redis does', async () => {
    const r = await runRedisVerb(
      cases({
        name: 'edge',
        startTime: 9e9,
        steps: [
          { cmd: ['SET', 'k', 'v', 'EX', '9223372036854775807'] },
          { cmd: ['SET', 'k', 'v', 'EX', '10'] },
          { advance: -1e9 },
          { cmd: ['PEXPIRE', 'k', '9223372036854775807'] },
          { cmd: ['TTL', 'k'] },
        ],
      }),
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      name: 'edge',
      replies: [
        { err: "ERR invalid expire time in 'set' command" },
        { ok: 'OK' },
        { err: "ERR invalid expire time in 'pexpire' command" },
        1000000010,
      ],
    });
  });
});

describe('redis verb output', () => {
  it('hands out a huge line in pieces, reply by reply, the next case after it', async () => {
    const pieces: string[] = [];
    const r = await runRedisVerb(
      cases(
        {
          name: 'huge',
          steps: [{ cmd: ['SETRANGE', 'k', String(4 * 2 ** 20 - 1), 'x'] }, { cmd: ['GET', 'k'] }],
        },
        { name: 'next', steps: [{ cmd: ['PING'] }] },
      ),
      (piece) => {
        pieces.push(piece);
      },
    );
    expect(r).toMatchObject({ code: 0, stdout: '' });
    // 4 MB of NUL bytes is 24 MB of JSON: past 16 MB the line is cut after a reply.
    expect(pieces).toHaveLength(3);
    expect(pieces[0]!.endsWith(',')).toBe(false);
    const [huge, next] = pieces.join('').split('\n');
    const replies = (JSON.parse(huge!) as { replies: unknown[] }).replies;
    expect(replies[0]).toBe(4 * 2 ** 20);
    expect((replies[1] as string).length).toBe(4 * 2 ** 20);
    expect(next).toBe('{"name":"next","replies":[{"ok":"PONG"}]}');
  });
});
