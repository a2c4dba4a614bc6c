// The same failover under fixed window, token bucket and sliding log (issue 15): one budget
// of L per W seconds expressed in each algorithm's own parameters (token bucket: capacity L,
// refill L / W), run on the same traffic and the same store, so the writes lost and the
// overage compare on one footing.
import { labRunFromInput, engineOf } from '../lab/labRun';
import { policyLimit, policyWindow } from '../lab/policy';
import type { Scenario } from '../scenario/types';
import { failoverReport } from './report';
import { overages } from './overage';

export interface FailoverComparison {
  algorithm: string;
  params: Record<string, number>;
  writesLost: number;
  /** Most admitted beyond the policy's own envelope for one key, and that over the limit. */
  overage: number;
  ratio: number;
  admitted: number;
}

export const COMPARED = ['fixed-window', 'token-bucket', 'sliding-log'] as const;

/** The budget of L per W seconds in each compared algorithm's parameters. */
export function budgetAs(
  algorithm: string,
  limit: number,
  windowSeconds: number,
): Record<string, number> {
  if (algorithm === 'token-bucket')
    return { capacity: limit, refillPerSecond: limit / windowSeconds };
  return { limit, windowSeconds };
}

/**
 * Runs `input` (a scenario with one policy and a failover) under each compared algorithm.
 * null when the scenario has no failover or its policy has no limit per window.
 */
export function compareUnderFailover(
  input: Record<string, unknown>,
  sc: Scenario,
): FailoverComparison[] | null {
  const p = sc.policies[0];
  if (!sc.store.failover || !p || sc.policies.length !== 1) return null;
  const limit = policyLimit(p);
  const w = policyWindow(p);
  if (!(limit > 0) || !(w > 0) || !Number.isFinite(limit) || !Number.isFinite(w)) return null;
  const out: FailoverComparison[] = [];
  for (const algorithm of COMPARED) {
    const params = budgetAs(algorithm, limit, w);
    const { policies: _drop, ...rest } = input;
    void _drop;
    const r = labRunFromInput({ ...rest, algorithm, params }, { seekable: false });
    if (!r.ok) return null;
    const e = engineOf(r.run);
    const o = overages(e)[0];
    out.push({
      algorithm,
      params,
      writesLost: failoverReport(e)?.writesLost ?? 0,
      overage: o?.overage ?? 0,
      ratio: o?.ratio ?? 0,
      admitted: r.run.countsAt(Infinity).admitted,
    });
  }
  return out;
}
