import { spawn, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { runCli } from './main';

const cli = (input: string, args = ['simulate', '-']) =>
  spawnSync('npx', ['tsx', 'src/cli/main.ts', ...args], {
    input,
    encoding: 'utf8',
    cwd: process.cwd(),
  });

const good = JSON.stringify({
  algorithm: 'fixed-window',
  params: { limit: 3, windowSeconds: 60 },
  placement: 'shared',
  requests: ['A', 'B', 'A', 'B', 'A'].map((server, at) => ({ at, server, key: 'client-1' })),
});

/**
 * Runs the CLI with stdout as a pipe read by a slow reader (a chunk, then a 5 ms pause),
 * far slower than the CLI writes, so the CLI is done long before the reader has everything:
 * all that it said must still arrive, whatever the machine's speed.
 */
function slowlyRead(
  args: string[],
  input: string,
): Promise<{ out: string; status: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['tsx', 'src/cli/main.ts', ...args], {
      cwd: process.cwd(),
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => {
      chunks.push(b);
      child.stdout.pause();
      setTimeout(() => child.stdout.resume(), 5);
    });
    child.on('error', reject);
    child.on('close', (status) => resolve({ out: Buffer.concat(chunks).toString('utf8'), status }));
    child.stdin.end(input);
  });
}

describe('cli', () => {
  it('simulate - prints the decisions JSON', () => {
    const r = cli(good);
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ allowed: 3, denied: 2 });
    expect(out.decisions).toHaveLength(5);
  });
  it('bad input: exit 2, stderr names the field, stdout empty', () => {
    const bad = JSON.parse(good);
    bad.requests[3].cost = '1';
    const r = cli(JSON.stringify(bad));
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('requests[3].cost must be a finite number > 0');
  });
  it('invalid JSON and unknown verbs exit 2 with nothing on stdout', async () => {
    expect(await runCli(['simulate', '-'], () => '{nope')).toMatchObject({ code: 2, stdout: '' });
    const u = await runCli(['frobnicate', '-'], () => good);
    expect(u).toMatchObject({ code: 2, stdout: '' });
    expect(u.stderr).toContain('usage');
    expect(await runCli(['simulate', 'missing.json'])).toMatchObject({ code: 2, stdout: '' });
  });
  it('an unknown algorithm is refused with every one the engine knows, lua included', async () => {
    const bad = { ...JSON.parse(good), algorithm: 'nope' };
    const r = await runCli(['simulate', '-'], () => JSON.stringify(bad));
    expect(r).toMatchObject({ code: 2, stdout: '' });
    for (const name of [
      'fixed-window',
      'token-bucket',
      'gcra',
      'leaky-bucket',
      'concurrency',
      'lua',
    ])
      expect(r.stderr).toContain(`"${name}"`);
  });
  it('every verb refuses JSON nested 100,000 deep with a message saying where, exit 2', async () => {
    const deep = '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000);
    const inLua = `{"algorithm":"lua","params":{"script":"return 1","keys":${'['.repeat(100_000)}${']'.repeat(100_000)}},"requests":[{"at":0}]}`;
    for (const [argv, text] of [
      [['simulate', '-'], deep],
      [['simulate', '-'], inLua],
      [['explore', '-'], deep],
      [['redis', '-'], `{"name":"ok","steps":[]}\n${deep}`],
      [['grade', 'choose-failure-modes', 'answer.json'], deep],
    ] as const) {
      const r = await runCli([...argv], () => text);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(
        /nests arrays and objects more than 100 levels deep \((line \d+, )?column \d+\)/,
      );
    }
  });
  it('writes everything it says before it exits, to a slow pipe (redis, simulate)', async () => {
    const big = 'x'.repeat(1_000_000);
    const redis = await slowlyRead(
      ['redis', '-'],
      [
        { name: 'big', steps: [{ cmd: ['SET', 'k', big] }, { cmd: ['GET', 'k'] }] },
        { name: 'next', steps: [{ cmd: ['PING'] }] },
      ]
        .map((c) => JSON.stringify(c))
        .join('\n'),
    );
    expect(redis.status).toBe(0);
    expect(redis.out.split('\n')).toEqual([
      JSON.stringify({ name: 'big', replies: [{ ok: 'OK' }, big] }),
      '{"name":"next","replies":[{"ok":"PONG"}]}',
      '',
    ]);
    const many = {
      ...JSON.parse(good),
      requests: Array.from({ length: 20_000 }, (_, at) => ({ at })),
    };
    const sim = await slowlyRead(['simulate', '-'], JSON.stringify(many));
    expect(sim.status).toBe(0);
    expect((JSON.parse(sim.out) as { decisions: unknown[] }).decisions).toHaveLength(20_000);
  }, 240_000);
  it('simulate FILE reads the file', async () => {
    const r = await runCli(['simulate', 'x.json'], (f) => (f === 'x.json' ? good : ''));
    expect(r.code).toBe(0);
  });
  it('simulate of a hostile Lua scenario settles in its worker thread, every decision printed', async () => {
    const hostile = JSON.stringify({
      algorithm: 'lua',
      params: { script: 'while true do end' },
      failureMode: 'fail-open',
      requests: [0, 1, 2, 3, 4, 5].map((at) => ({ at })),
    });
    // The step budget stops each run; the wall-clock deadline is far from its real time.
    const r = await runCli(['simulate', '-'], () => hostile, undefined, {
      scriptDeadlineMs: 60_000,
    });
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { decisions: { allowed: boolean; error?: string }[] };
    expect(out.decisions).toHaveLength(6);
    // Failing open: every request got through, each with the reason it was not decided.
    expect(out.decisions.every((d) => d.allowed && d.error)).toBe(true);
    expect(out.decisions[0]!.error).toMatch(/Script killed by the lab/);
    expect(out.decisions[5]!.error).toMatch(/^Not run: the script was already stopped 3 times/);
    expect(r.stderr).toMatch(/note: Request 1 \(at 0 s\): the script used up its step budget/);
    expect(r.stderr).toMatch(/note: After 3 stopped runs, the other 3 Lua decisions/);
  }, 240_000);
});
