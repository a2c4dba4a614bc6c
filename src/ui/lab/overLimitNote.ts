// What the request details say about an admission over the limit: which policy it went beyond
// and by how much (the k-th of the lane's admissions that one shared counter would have
// refused). A request that is not over the limit gets null.
import type { LabRun } from '../../core/lab/labRun';
import { describeSpec } from '../../core/limiters/registry';

export interface OverLimitNote {
  /** The limit it went over, e.g. 3. */
  quota: number;
  /** By how much: 1 for the first admission beyond the policy, 2 for the second, ... */
  by: number;
  /** Of how many in the whole run. */
  of: number;
  text: string;
}

export function overLimitNote(run: LabRun, index: number): OverLimitNote | null {
  const over = run.overLimit;
  if (!over || !over.flags[index]) return null;
  const by = over.requests.indexOf(index) + 1;
  if (by <= 0) return null;
  const of = over.requests.length;
  const spec = run.scenario.policies[0];
  const policy = spec ? describeSpec(spec) : `a limit of ${over.quota}`;
  const text =
    `Over the limit of ${over.quota}: admitted beyond the policy, ${policy}, by ${by}` +
    `${of > 1 ? ` (extra admission ${by} of ${of} in this lane)` : ''}. ` +
    'One shared counter with the same policy would have answered 429.';
  return { quota: over.quota, by, of, text };
}
