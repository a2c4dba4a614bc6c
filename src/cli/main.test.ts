import { spawnSync } from 'node:child_process';
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
  it('simulate FILE reads the file', async () => {
    const r = await runCli(['simulate', 'x.json'], (f) => (f === 'x.json' ? good : ''));
    expect(r.code).toBe(0);
  });
});
