import { describe, expect, it } from 'vitest';
import { isLoopback, loadTarget, parseTarget, targetFromEnv } from './target';

describe('parseTarget', () => {
  it('reads one server and a cluster', () => {
    expect(parseTarget('redis://127.0.0.1:6390')).toEqual({
      kind: 'single',
      nodes: [{ host: '127.0.0.1', port: 6390 }],
      label: 'redis://127.0.0.1:6390',
    });
    const c = parseTarget('redis+cluster://127.0.0.1:7000,localhost:7001');
    expect(c.kind).toBe('cluster');
    expect(c.nodes).toEqual([
      { host: '127.0.0.1', port: 7000 },
      { host: 'localhost', port: 7001 },
    ]);
    expect(parseTarget('redis://:s3cret@[::1]:7000')).toMatchObject({
      password: 's3cret',
      nodes: [{ host: '::1', port: 7000 }],
      label: 'redis://[::1]:7000',
    });
  });
  it('refuses a remote host without the flag, naming it', () => {
    expect(() => parseTarget('redis://10.0.0.5:6379')).toThrow(
      /10\.0\.0\.5 is outside the loopback/,
    );
    expect(parseTarget('redis://10.0.0.5:6379', { allowRemote: true }).nodes[0]!.host).toBe(
      '10.0.0.5',
    );
  });
  it('says what is wrong with a bad URL', () => {
    expect(() => parseTarget('http://x')).toThrow(/is not a Redis URL/);
    expect(() => parseTarget('redis://127.0.0.1:99999')).toThrow(/port 99999 is out of range/);
    expect(() => parseTarget('redis://127.0.0.1:6379/3')).toThrow(/only database 0/);
    expect(() => parseTarget('redis://127.0.0.1:1,127.0.0.1:2')).toThrow(/redis\+cluster/);
    expect(() => parseTarget('rediss://127.0.0.1:1')).toThrow(/TLS/);
  });
  it('knows the loopback range', () => {
    expect(isLoopback('127.8.0.1')).toBe(true);
    expect(isLoopback('::ffff:127.0.0.1')).toBe(true);
    expect(isLoopback('128.0.0.1')).toBe(false);
    expect(isLoopback('example.com')).toBe(false);
  });
  it('turns a bad environment into a problem to show', () => {
    expect(loadTarget({ REDIS_URL: 'redis://10.0.0.1:6379' })).toEqual({
      target: null,
      problem: expect.stringMatching(/REAL_REDIS_ALLOW_REMOTE=1/),
    });
  });
  it('reads the environment', () => {
    expect(targetFromEnv({})).toBeNull();
    expect(targetFromEnv({ REDIS_URL: 'redis://127.0.0.1:6379' })!.kind).toBe('single');
    expect(
      targetFromEnv({ REDIS_CLUSTER_URL: 'redis://127.0.0.1:7000,127.0.0.1:7001' })!.kind,
    ).toBe('cluster');
  });
});
