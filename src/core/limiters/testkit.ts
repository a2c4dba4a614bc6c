// Helpers shared by the limiter tests: a limiter from the registry, a request, a run.
import { getLimiterFactory } from './registry';
import type { Decision, Limiter, Params } from './types';

export function make(algorithm: string, params: Params): Limiter {
  return getLimiterFactory(algorithm)!.create(params);
}
export const req = (at: number, cost = 1, key = 'k', duration = 1) => ({
  at,
  key,
  server: 'A',
  cost,
  duration,
});
export function run(l: Limiter, reqs: ReturnType<typeof req>[]): Decision[] {
  return reqs.map((r) => l.decide(r));
}
