// Runs a lesson's lab scenario on the engine and summarises it for a widget lane: the totals
// and every request's outcome in arrival order. Every number a widget (or a grader) shows
// comes from here, and here reads the one core view of a run (core/lab/labRun.ts), so the
// counts are the ones `simulate` and window.rateLab report.
import type { Outcome } from '../lab/columns';
import { labRun } from '../lab/labRun';
import { prepareLimiters } from '../limiters/registry';
import { parseScenario } from '../scenario/validate';

export interface LaneRequest {
  index: number;
  at: number;
  server: string;
  key: string;
  cost: number;
  outcome: Outcome;
  retryAfterSeconds: number | null;
  error: string | null;
}

export interface LaneResult {
  /** What the limiter admitted (bypasses are counted apart). */
  allowed: number;
  denied: number;
  unavailable: number;
  bypass: number;
  /** allowed + bypass: every request that reached the app. */
  admitted: number;
  /** Admitted on a stale read (shared-nonatomic). */
  doubleSpent: number;
  requests: LaneRequest[];
  endTime: number;
}

/** The algorithm names a scenario needs (so plug-ins such as "lua" can be loaded first). */
export function algorithmsOf(input: unknown): string[] {
  const names = new Set<string>();
  if (typeof input === 'object' && input !== null) {
    const o = input as Record<string, unknown>;
    if (typeof o.algorithm === 'string') names.add(o.algorithm);
    for (const p of Array.isArray(o.policies) ? (o.policies as unknown[]) : [])
      if (
        typeof p === 'object' &&
        p !== null &&
        typeof (p as Record<string, unknown>).algorithm === 'string'
      )
        names.add((p as Record<string, string>).algorithm!);
  }
  return [...names];
}

/** Validate (throws ScenarioError naming the field) and run one lane. */
export function runLane(input: unknown): LaneResult {
  const run = labRun(parseScenario(input), { seekable: false });
  const requests: LaneRequest[] = [];
  for (const i of run.byArrival) {
    const r = run.request(i);
    requests.push({
      index: i,
      at: r.at,
      server: r.server,
      key: r.key,
      cost: r.cost,
      outcome: r.outcome,
      retryAfterSeconds: r.retryAfterSeconds,
      error: r.error,
    });
  }
  const c = run.countsAt(Infinity);
  return {
    allowed: c.allowed,
    denied: c.denied,
    unavailable: c.unavailable,
    bypass: c.bypass,
    admitted: c.admitted,
    doubleSpent: c.doubleSpent,
    requests,
    endTime: run.end,
  };
}

/** runLane after loading any plug-in limiter the scenario names. */
export async function runLaneAsync(input: unknown): Promise<LaneResult> {
  await prepareLimiters(algorithmsOf(input));
  return runLane(input);
}
