// What the race problems share: requests at given times, and a named decision case (its
// requests in time order). Decision cases put times on the 0.25 s grid, where the built-ins'
// floats and the scripts' whole microseconds agree.
import { byTime, type Req } from '../harness';
import type { DecisionCase } from './types';

export const at = (...times: number[]): Req[] => times.map((t) => ({ at: t }));
export const d = (name: string, rs: Req[], extra: Partial<DecisionCase> = {}): DecisionCase => ({
  name,
  requests: byTime(rs),
  ...extra,
});
