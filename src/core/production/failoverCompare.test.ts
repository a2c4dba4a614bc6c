import { describe, expect, it } from 'vitest';
import { compareUnderFailover } from './failoverCompare';
import { parseScenario } from '../scenario/validate';

const fw = { algorithm: 'fixed-window', params: { limit: 30, windowSeconds: 10 } };
const steady = [{ pattern: 'steady', ratePerSecond: 10, from: 0, to: 10 }];

describe('compareUnderFailover', () => {
  it('the hand-checked case: lag 0.5 s at 10 req/s loses 5 and admits 5 extra under each', () => {
    const input = {
      ...fw,
      traffic: steady,
      store: { replica: { lagSeconds: 0.5 }, failover: { at: 2.5 } },
    };
    const c = compareUnderFailover(input, parseScenario(input))!;
    expect(c.map((x) => x.algorithm)).toEqual(['fixed-window', 'token-bucket', 'sliding-log']);
    for (const x of c) {
      expect(x.writesLost).toBe(5);
      expect(x.overage).toBe(5);
    }
    expect(c[1]!.params).toEqual({ capacity: 30, refillPerSecond: 3 });
  });
  it('nothing to compare without a failover', () => {
    const input = { ...fw, traffic: steady };
    expect(compareUnderFailover(input, parseScenario(input))).toBeNull();
  });
});
