import { describe, expect, it } from 'vitest';
import { runRedisVerb } from '../../src/cli/redisVerb';

describe('redis verb', () => {
  it('prints one JSON line per case, advance steps move the clock', async () => {
    const input = [
      JSON.stringify({
        name: 'a',
        steps: [{ cmd: ['SET', 'k', '1', 'EX', '5'] }, { advance: 6 }, { cmd: ['GET', 'k'] }],
      }),
      '',
      JSON.stringify({
        name: 'b',
        note: 'ignored',
        startTime: 5,
        steps: [{ cmd: ['TIME'] }, { cmd: ['GET', 'k'] }],
      }),
      JSON.stringify({
        name: 'c',
        steps: [
          { cmd: ['INCRBY', 'n', '9223372036854775807'] },
          { cmd: ['HGET', 'n', 'f'] },
          { cmd: ['MULTI'] },
        ],
      }),
    ].join('\n');
    const r = await runRedisVerb(input);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')).toEqual([
      '{"name":"a","replies":[{"ok":"OK"},null]}',
      '{"name":"b","replies":[["5","0"],null]}',
      '{"name":"c","replies":[9223372036854775807,{"err":"WRONGTYPE Operation against a key holding the wrong kind of value"},{"ok":"OK"}]}',
      '',
    ]);
  });

  it('writes bytes that are not UTF-8 as \\udc80..\\udcff and reads them back', async () => {
    const input =
      '{"name":"bin","steps":[{"cmd":["SET","k","\\udcff\\u0000\\udcc3"]},' +
      '{"cmd":["APPEND","k","\\udca9é"]},{"cmd":["GET","k"]},{"cmd":["STRLEN","k"]}]}\n';
    const r = await runRedisVerb(input);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('{"name":"bin","replies":[{"ok":"OK"},6,"\\udcff\\u0000éé",6]}\n');
  });

  it('rejects a bad JSON line with its number, exit 2, no stdout', async () => {
    const r = await runRedisVerb('{"name":"a","steps":[]}\n{oops\n');
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/line 2/);
  });

  it('names the bad field', async () => {
    const r1 = await runRedisVerb('{"name":"a","steps":[{"cmd":["GET",1]}]}');
    expect(r1.code).toBe(2);
    expect(r1.stderr).toMatch(/line 1: steps\[0\]\.cmd/);
    const r2 = await runRedisVerb('{"steps":[]}');
    expect(r2.stderr).toMatch(/"name"/);
    const r3 = await runRedisVerb('{"name":"x","steps":[{"advance":"1"}]}');
    expect(r3.stderr).toMatch(/advance/);
  });

  it('honours "cluster": true (extension)', async () => {
    const r = await runRedisVerb(
      '{"name":"c","cluster":true,"steps":[{"cmd":["MSET","a","1","b","2"]}]}',
    );
    expect(r.stdout).toContain('CROSSSLOT');
  });
});
