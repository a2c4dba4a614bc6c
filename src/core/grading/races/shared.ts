// What the race problems share: requests at given times, a named decision case (its requests
// in time order), and the cases every fixed-window race problem builds the same way around its
// limit. Decision cases put times on the 0.25 s grid, where the built-ins' floats and the
// scripts' whole microseconds agree.
import { byTime, type Req } from '../harness';
import type { DecisionCase, RaceProblem } from './types';

export const at = (...times: number[]): Req[] => times.map((t) => ({ at: t }));
export const d = (name: string, rs: Req[], extra: Partial<DecisionCase> = {}): DecisionCase => ({
  name,
  requests: byTime(rs),
  ...extra,
});

/**
 * A cost one above `limit`, refused, then small ones in the same window, then `later`
 * (whatever the problem checks next).
 */
export const overLimitThenSmall = (limit: number, later: Req[]): DecisionCase =>
  d('a cost above the limit, then small ones in the same window', [
    { at: 1.5, cost: limit + 1 },
    { at: 1.5 },
    { at: 1.75, cost: 2 },
    ...later,
  ]);

/** Generated traffic for a fixed window of `limit` per `span` s: two clients on two servers. */
export const twoClientTraffic = (
  limit: number,
  span: number,
  maxGap: number,
): NonNullable<RaceProblem['generated']> => ({
  shape: {
    spans: [span],
    maxGap,
    keys: ['alice', 'bob'],
    costs: [1, 1, 2],
    bigCost: limit + 1,
    exactCost: limit,
    servers: ['A', 'B'],
    maxRequests: 16,
  },
  runs: 24,
});
