// What a policy promises in plain numbers: its quota (the nominal limit per window), the
// window that quota applies to, and how much of it a state view says is used.
import type { LimiterView } from '../limiters/types';
import type { LimiterSpec } from '../scenario/types';

/** The policy's window length in seconds (for "most admitted in any window"). */
export function policyWindow(p: LimiterSpec): number {
  const n = (k: string) => (typeof p.params[k] === 'number' ? (p.params[k] as number) : NaN);
  switch (p.algorithm) {
    case 'fixed-window':
    case 'sliding-log':
    case 'sliding-window-counter':
      return n('windowSeconds');
    case 'token-bucket':
      return n('capacity') / n('refillPerSecond');
    case 'gcra':
      return n('burst') / n('ratePerSecond');
    case 'leaky-bucket':
      return Math.max(1, n('burst')) / n('ratePerSecond');
    default:
      return 1;
  }
}

/** The policy's nominal limit per window (its quota). */
export function policyLimit(p: LimiterSpec): number {
  const n = (k: string) => (typeof p.params[k] === 'number' ? (p.params[k] as number) : NaN);
  switch (p.algorithm) {
    case 'fixed-window':
    case 'sliding-log':
    case 'sliding-window-counter':
      return n('limit');
    case 'token-bucket':
      return n('capacity');
    case 'gcra':
      return n('burst');
    case 'leaky-bucket':
      return Math.max(1, n('burst'));
    case 'concurrency':
      return n('maxInFlight');
    default:
      return NaN;
  }
}

/** What a state view says is used against what is allowed, in the algorithm's own terms. */
export function viewUsage(v: LimiterView): { used: number; limit: number; unit: string } {
  switch (v.kind) {
    case 'token-bucket':
      return { used: v.capacity - v.tokens, limit: v.capacity, unit: 'tokens spent' };
    case 'fixed-window':
      return { used: v.count, limit: v.limit, unit: 'in window' };
    case 'sliding-log':
      return { used: v.sum, limit: v.limit, unit: 'in log' };
    case 'sliding-window-counter':
      return { used: v.estimate, limit: v.limit, unit: 'estimate' };
    case 'gcra':
      return { used: v.burst - v.available, limit: v.burst, unit: 'burst used' };
    case 'leaky-bucket':
      return { used: v.level, limit: v.burst + 1, unit: 'queued' };
    case 'concurrency':
      return { used: v.used, limit: v.maxInFlight, unit: 'in flight' };
    default:
      return { used: NaN, limit: NaN, unit: '' };
  }
}
