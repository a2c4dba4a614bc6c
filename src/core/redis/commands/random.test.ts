import { describe, expect, it } from 'vitest';
import { RedisModel } from '../model';
import { toJson } from '../reply';

function draws(seed: number): unknown[] {
  const m = new RedisModel({ seed });
  m.call(['SADD', 's', ...Array.from({ length: 20 }, (_, i) => `m${i}`)]);
  return [toJson(m.call(['SRANDMEMBER', 's', '-5'])), toJson(m.call(['SPOP', 's', '3']))];
}

describe('random commands on the seeded stream', () => {
  it('repeat exactly for one seed, and reset() starts the stream again', () => {
    expect(draws(7)).toEqual(draws(7));
    expect(draws(7)).not.toEqual(draws(8));
    const m = new RedisModel({ seed: 7 });
    m.call(['SADD', 's', ...Array.from({ length: 20 }, (_, i) => `m${i}`)]);
    const first = toJson(m.call(['SRANDMEMBER', 's', '-5']));
    m.reset();
    m.call(['SADD', 's', ...Array.from({ length: 20 }, (_, i) => `m${i}`)]);
    expect(toJson(m.call(['SRANDMEMBER', 's', '-5']))).toEqual(first);
  });
  it('gives distinct members for a positive count and refuses a huge negative one', () => {
    const m = new RedisModel();
    m.call(['HSET', 'h', 'a', '1', 'b', '2', 'c', '3']);
    const r = toJson(m.call(['HRANDFIELD', 'h', '3'])) as string[];
    expect(new Set(r).size).toBe(3);
    expect(toJson(m.call(['HRANDFIELD', 'h', '-2000000']))).toEqual({
      err: expect.stringContaining('at most 1000000') as unknown as string,
    });
  });
});
