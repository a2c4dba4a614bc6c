// The exploration's verdict in one word and one sentence. A request that failed (a typo in a
// command, a Lua error, a wrong number of arguments) makes the verdict "error" whatever else
// happened: a program that cannot run proves nothing, so it is never called safe.
import type { ExploreVerdict, Failure, IncompleteReason, InvariantPart } from './types';

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

export interface SummaryInput {
  schedules: number;
  violations: number;
  part: InvariantPart | null;
  failure: Failure | null;
  incompleteReason: IncompleteReason | null;
}

export function summarize(r: SummaryInput): { verdict: ExploreVerdict; summary: string } {
  if (r.failure)
    return {
      verdict: 'error',
      summary: `${plural(r.failure.requests, 'request')} failed: ${r.failure.message}`,
    };
  if (r.violations > 0)
    return {
      verdict: 'unsafe',
      summary: `${plural(r.violations, 'schedule')} of ${r.schedules.toLocaleString('en')} break the invariant${r.part ? ` (${r.part})` : ''}${r.incompleteReason ? '; not every schedule was tried' : ''}.`,
    };
  if (r.incompleteReason)
    return {
      verdict: 'incomplete',
      summary: `Not complete: ${r.incompleteReason.text}. No violation among them, but this is not a proof.`,
    };
  return {
    verdict: 'safe',
    summary: `${plural(r.schedules, 'schedule')} tried, every one that exists: the invariant holds in all of them.`,
  };
}
