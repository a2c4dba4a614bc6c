// Lease problems: the Retry-After a script can know, counted down to the leases of the jobs
// still running (it cannot know when a job really finishes; the built-in can).
import type { CaseProblem } from './scriptCaseTypes';

export interface Job {
  key: string;
  leaseEnd: number;
  end: number;
  cost: number;
}

export const maxInFlight = (p: CaseProblem): number => {
  const first = 'policies' in p.reference ? p.reference.policies[0] : p.reference;
  return Number(first?.params.maxInFlight ?? 0);
};

/** Retry-After from the leases of the jobs still running: the spec's rule on lease ends. */
export function leaseRetry(
  jobs: Job[],
  key: string,
  now: number,
  cost: number,
  most: number,
): number {
  const running = jobs
    .filter((j) => j.key === key && j.end > now + 1e-9)
    .sort((a, b) => a.leaseEnd - b.leaseEnd);
  let used = running.reduce((s, j) => s + j.cost, 0);
  for (const j of running) {
    used -= j.cost;
    if (used + cost <= most + 1e-9) return Math.max(1, Math.ceil(j.leaseEnd - now - 1e-9));
  }
  return 1;
}
