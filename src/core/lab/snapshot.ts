// What `window.rateLab.snapshot()` answers (docs/spec/headless.md): the run as seen at a time,
// read from LabRun's records.
import type { Outcome } from './columns';
import type { LabRun } from './labRun';

/** One decision as `window.rateLab.snapshot()` lists it (docs/spec/headless.md). */
export interface SnapshotDecision {
  index: number;
  at: number;
  server: string;
  key: string;
  /** The request got through (allowed or bypass), as in `simulate`. */
  allowed: boolean;
  outcome: Outcome;
  retryAfterSeconds: number | null;
  /** Several policies: the enforced policies that denied it ([] unless denied), as in `simulate`. */
  deniedBy?: string[];
}

export interface LabSnapshot {
  now: number;
  allowed: number;
  denied: number;
  unavailable: number;
  bypass: number;
  admitted: number;
  decisions: SnapshotDecision[];
}

/** The run as seen at time `now`: counts so far and every decision made by then, index order. */
export function snapshotAt(run: LabRun, now: number): LabSnapshot {
  const c = run.countsAt(now);
  const decisions: SnapshotDecision[] = [];
  const several = run.scenario.policies.length > 1;
  for (let i = 0; i < run.n; i++) {
    if (!(run.decidedAt[i]! <= now + 1e-12)) continue;
    const r = run.decision(i);
    decisions.push({
      index: i,
      at: run.at[i]!,
      server: run.servers[run.serverIx[i]!] ?? '',
      key: run.keys[run.keyIx[i]!]!,
      allowed: r.allowed,
      outcome: r.outcome,
      retryAfterSeconds: r.retryAfterSeconds,
      ...(several ? { deniedBy: r.deniedBy } : {}),
    });
  }
  return {
    now,
    allowed: c.allowed,
    denied: c.denied,
    unavailable: c.unavailable,
    bypass: c.bypass,
    admitted: c.admitted,
    decisions,
  };
}
