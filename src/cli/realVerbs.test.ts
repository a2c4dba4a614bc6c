import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './main';
import {
  freePort,
  redisCli,
  redisRequired,
  startRedis,
  whyNoRedis,
  type RealServer,
} from '../server/real/testing/servers';

// A real server on a busy machine: generous caps (never a race with its speed).
const missing = whyNoRedis();
if (missing && redisRequired) throw new Error(`REQUIRE_REDIS=1 but ${missing}`);

const CASES = [
  '{"name":"a","steps":[{"cmd":["SET","k","1"]},{"cmd":["INCRBYFLOAT","k","1.5"]},{"cmd":["HSET","h","f","v"]},{"cmd":["HGETALL","h"]}]}',
  '{"name":"b","steps":[{"cmd":["FLUSHDB"]}]}',
].join('\n');

const RACE = JSON.stringify({
  code: 'local n = tonumber(redis.call("GET", KEYS[1]) or "0")\nif n >= 3 then return 0 end\nredis.call("SET", KEYS[1], n + 1)\nreturn 1',
  requests: [
    { keys: ['k'], args: [] },
    { keys: ['k'], args: [] },
  ],
  initial: [['SET', 'k', '2']],
});

describe('real flags', { timeout: 120_000 }, () => {
  it('names what is wrong, exit 2, nothing on stdout', async () => {
    const bad = async (args: string[], re: RegExp) => {
      const r = await runCli(args, () => CASES);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(re);
    };
    await bad(['redis', '--real', 'http://x', '-'], /--real: "http:\/\/x" is not a Redis URL/);
    await bad(
      ['redis', '--real', 'redis://10.1.2.3:6379', '-'],
      /outside the loopback range.*--allow-remote/,
    );
    await bad(['explore', '--trials', '3', '-'], /go with --real URL/);
    await bad(['explore', '--real', 'redis://127.0.0.1:1', '-'], /explore --real needs --trials N/);
    await bad(
      ['explore', '--real', 'redis://127.0.0.1:1', '--trials', 'x', '-'],
      /--trials must be a number/,
    );
    await bad(
      ['redis', '--real', 'redis://127.0.0.1:1', '--trials', '2', '-'],
      /--trials is not a flag of redis/,
    );
  });
  it('says when the server does not answer', async () => {
    const port = await freePort();
    const r = await runCli(['redis', '--real', `redis://127.0.0.1:${port}`, '-'], () => CASES);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`cannot reach Redis at 127.0.0.1:${port}`));
  });
});

describe.skipIf(missing !== '')(
  `the CLI on a real server${missing ? ` (cannot run: ${missing})` : ''}`,
  { timeout: 120_000 },
  () => {
    let server: RealServer;
    beforeAll(async () => {
      server = await startRedis();
      await redisCli(server.port, 'SET', 'k', 'outsider');
    });
    afterAll(() => server?.stop());

    it('redis --real prints what the server answered, in the redis verb format', () => {
      const run = (args: string[]) =>
        spawnSync('npx', ['tsx', 'src/cli/main.ts', ...args], { input: CASES, encoding: 'utf8' });
      const model = run(['redis', '-']);
      const real = run(['redis', '--real', server.url, '--prefix', 'mylab:', '-']);
      expect(real.status, real.stderr).toBe(0);
      const lines = real.stdout.trim().split('\n');
      expect(lines[0]).toBe(model.stdout.trim().split('\n')[0]);
      expect(lines[0]).toBe('{"name":"a","replies":[{"ok":"OK"},"2.5",1,["f","v"]]}');
      expect(JSON.parse(lines[1]!)).toEqual({
        name: 'b',
        error: expect.stringMatching(/FLUSHDB is never sent to a real server/),
      });
      expect(real.stderr).toMatch(/1 case not run on the real server/);
    });

    it('explore --real tallies real trials beside the verdict', async () => {
      const r = await runCli(
        ['explore', '--real', server.url, '--trials', '4', '--lockstep', '--delay-ms', '1', '-'],
        () => RACE,
      );
      expect(r.code, r.stderr).toBe(0);
      const out = JSON.parse(r.stdout);
      expect(out).toMatchObject({
        trials: 4,
        violations: 4,
        admitted: { '2': 4 },
        allowed: 1,
        complete: true,
        explorer: { violations: expect.any(Number), complete: true },
      });
      expect(out.explorer.violations).toBeGreaterThan(0);
      expect(await redisCli(server.port, 'GET', 'k')).toBe('outsider');
      expect(await redisCli(server.port, 'DBSIZE')).toBe('1');
    });
  },
);
