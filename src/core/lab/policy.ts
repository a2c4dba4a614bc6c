// What a policy promises in plain numbers, read from its algorithm's description (see
// core/limiters/registry.ts): its quota (the nominal limit per window), the window that
// quota applies to, and how much of it a state view says is used.
import { quotaOf, viewUsage, windowOf } from '../limiters/registry';
import type { LimiterSpec } from '../scenario/types';

export { viewUsage };

/** The policy's window length in seconds; NaN when it is not a time window (concurrency). */
export function policyWindow(p: LimiterSpec): number {
  return windowOf(p);
}

/** The policy's nominal limit per window (its quota); NaN when it has none (a Lua script). */
export function policyLimit(p: LimiterSpec): number {
  return quotaOf(p);
}
