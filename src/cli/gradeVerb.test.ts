import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDoc } from '../core/content/parseDoc';
import { answerSubmission } from '../core/grading/submission';
import { runGradeVerb } from './gradeVerb';

const dir = mkdtempSync(join(tmpdir(), 'grade-'));
const file = (name: string, text: string | Buffer) => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};
const read = (p: string) => readFileSync(p, 'utf8');
const worked = (slug: string) => {
  const path = `lessons/practice/${slug}.md`;
  return answerSubmission(parseDoc(path, readFileSync(resolve(path), 'utf8')))!;
};
/** The verb with the grade on this thread (the worker and its deadline are tested below). */
const grade = async (...args: string[]) => {
  const r = await runGradeVerb(args, read, { inProcess: true });
  return { ...r, json: r.stdout ? (JSON.parse(r.stdout) as Record<string, unknown>) : null };
};

describe('grade verb', () => {
  const gcra = file('gcra.lua', String(worked('write-gcra').code));

  it('grades a .lua answer: exactly problem, passed, summary, failure, seed', async () => {
    const r = await grade('write-gcra', gcra);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(Object.keys(r.json!)).toEqual(['problem', 'passed', 'summary', 'failure', 'seed']);
    expect(r.json).toMatchObject({ problem: 'write-gcra', passed: true, failure: null, seed: 0 });
  });

  it('grades a .json answer with the form fields, flat or as the starter nests them', async () => {
    const flat = file('burst.json', '{"capacity": 20, "refillPerSecond": 5}');
    const nested = file('burst2.json', JSON.stringify(worked('configure-burst-and-sustain')));
    expect((await grade('configure-burst-and-sustain', flat)).json?.passed).toBe(true);
    expect((await grade('configure-burst-and-sustain', nested)).json?.passed).toBe(true);
    const wrong = file('burst3.json', '{"capacity": 21, "refillPerSecond": 5}');
    const r = await grade('configure-burst-and-sustain', wrong);
    expect(r.code).toBe(0);
    expect(r.json?.passed).toBe(false);
    expect((r.json?.failure as { message: string }).message).toMatch(/bursts 20/);
  });

  it('--seed N draws instance N and its cases; the same seed replays exactly', async () => {
    const predict = file('p.json', '{"answer": 6}');
    const own = await grade('predict-nginx-burst', predict);
    expect(own.json).toMatchObject({ passed: true, seed: 0 });
    const a = await grade('predict-nginx-burst', predict, '--seed', '12');
    const b = await grade('predict-nginx-burst', '--seed=12', predict);
    expect(a.json?.seed).toBe(12);
    expect(a.stdout).toBe(b.stdout);
    const wrongLua = file(
      'w.lua',
      String(worked('fix-sliding-log-bound').code).replace(
        'window * 1000000',
        '(window - 0.2) * 1000000',
      ),
    );
    const x = await grade('fix-sliding-log-bound', wrongLua, '--seed', '3');
    const y = await grade('fix-sliding-log-bound', wrongLua, '--seed', '3');
    expect(x.json?.passed).toBe(false);
    expect(x.stdout).toBe(y.stdout);
    expect((x.json?.failure as { seed?: number }).seed ?? 3).toBe(3);
  });

  it('exit 2 only for an unknown slug, a file that is no answer, or bad arguments', async () => {
    const u = await grade('no-such-problem', gcra);
    expect(u).toMatchObject({ code: 2, stdout: '' });
    expect(u.stderr).toMatch(/unknown problem "no-such-problem".*write-gcra/);
    for (const [slug, f, why] of [
      ['configure-burst-and-sustain', file('bad.json', '{nope'), /not valid JSON/],
      ['configure-burst-and-sustain', file('arr.json', '[1, 2]'), /JSON array/],
      [
        'configure-burst-and-sustain',
        gcra,
        /Lua script, but this is a configure problem.*"capacity"/,
      ],
      [
        'write-gcra',
        file('img.lua', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0xff])),
        /not a text file/,
      ],
    ] as const) {
      const r = await grade(slug, f);
      expect(r.code, String(f)).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(why);
    }
    expect((await grade('write-gcra', join(dir, 'missing.lua'))).code).toBe(2);
    expect((await grade('write-gcra')).code).toBe(2);
    expect((await grade('write-gcra', gcra, '--seed', '-1')).stderr).toMatch(/--seed needs/);
  });

  it('an empty or incomplete answer is a failed grade that names what is missing', async () => {
    const e = await grade('write-gcra', file('empty.lua', ''));
    expect(e).toMatchObject({ code: 0, json: { passed: false } });
    expect((e.json?.failure as { message: string }).message).toMatch(/no script/);
    const j = await grade('configure-burst-and-sustain', file('empty.json', ''));
    expect((j.json?.failure as { message: string }).message).toMatch(/"capacity" is missing/);
    const half = await grade('http-429-response', file('half.json', '{"status": 429}'));
    expect((half.json?.failure as { message: string }).message).toMatch(/missing "retryAfter"/);
    const noCode = await grade('write-gcra', file('nocode.json', '{"keys": ["x"]}'));
    expect((noCode.json?.failure as { message: string }).message).toMatch(/no script/);
  });

  it(
    'a runaway script is a failed grade with its message, in Lua, inside a C loop, or past the deadline',
    { timeout: 240_000 },
    async () => {
      // The step budget must stop these, not the grade's deadline: it is far from their real time.
      const worker = async (...args: string[]) => {
        const r = await runGradeVerb(args, read, { deadlineMs: 100_000, minCpuMs: 100_000 });
        return { ...r, json: JSON.parse(r.stdout) as Record<string, unknown> };
      };
      const loop = await worker('write-gcra', file('loop.lua', 'while true do end'));
      expect(loop.json?.passed).toBe(false);
      expect((loop.json?.failure as { message: string }).message).toMatch(
        /Script killed by the lab: it used up its budget of [\d,]+ Lua steps/,
      );
      // A C-level loop is stopped by the same step budget.
      const cl = await worker(
        'write-gcra',
        file(
          'cloop.lua',
          'local s = string.rep("a", 1000000)\nreturn {string.find(s, string.rep("a?", 40) .. string.rep("a", 40) .. "b") and 1 or 0, 0, 0}',
        ),
      );
      expect(cl.json?.passed).toBe(false);
      expect((cl.json?.failure as { message: string }).message).toMatch(/Script killed by the lab/);
      // Every call within its budget, but together past the grade's deadline (1 ms of CPU,
      // far below the grade's real work): the worker is stopped, the grade fails on the time limit.
      const c = file(
        'slow.lua',
        'for i = 1, 20000000 do end\n' + String(worked('write-gcra').code),
      );
      const r = await runGradeVerb(['write-gcra', c], read, { deadlineMs: 0, minCpuMs: 1 });
      const out = JSON.parse(r.stdout) as { passed: boolean; failure: { name: string } };
      expect(r.code).toBe(0);
      expect(out.passed).toBe(false);
      expect(out.failure.name).toBe('the time limit');
    },
  );

  it('works through npm run --silent cli', { timeout: 240_000 }, () => {
    // npm's, tsx's and the worker's start-up count against the grade's deadline (4.5 s from the
    // process start, 15 s of wall): on a busy machine they alone can pass it, so it is set far.
    const r = spawnSync('npm', ['run', '--silent', 'cli', '--', 'grade', 'write-gcra', gcra], {
      encoding: 'utf8',
      env: { ...process.env, GRADE_DEADLINE_MS: '600000' },
      timeout: 240_000,
    });
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ problem: 'write-gcra', passed: true });
  });
});
