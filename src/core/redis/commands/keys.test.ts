// Keys and TTLs (commands/keys.ts).
import { describe, expect, it } from 'vitest';
import { RedisModel } from '../model';
import { toJson, type Reply } from '../reply';

const j = (r: Reply): unknown => toJson(r);

describe('RedisModel clock', () => {
  it('TTL rounds like Redis ((ms + 500) / 1000) and PTTL is exact', () => {
    const m = new RedisModel();
    m.call(['SET', 'k', 'v', 'EX', '10']);
    m.advance(4.5);
    expect(j(m.call(['TTL', 'k']))).toBe(6);
    m.advance(0.001);
    expect(j(m.call(['TTL', 'k']))).toBe(5);
    expect(j(m.call(['PTTL', 'k']))).toBe(5499);
  });
});
