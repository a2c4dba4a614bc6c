// Runs a lesson's lab scenario on the engine and summarises it for a widget lane: the totals
// and every request's outcome in arrival order. Every number a widget shows comes from here.
import { OUTCOME_NAMES, type Outcome } from '../lab/columns';
import { runLab } from '../lab/run';
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
  allowed: number;
  denied: number;
  unavailable: number;
  bypass: number;
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
  const run = runLab(parseScenario(input), { recordOps: false });
  const r = run.requests;
  const e = run.events;
  const names = r.names.names;
  const requests: LaneRequest[] = [];
  for (const i of run.arrivalOrder) {
    const retry = e.retry[i]!;
    requests.push({
      index: i,
      at: r.at[i]!,
      server: run.servers[r.server[i]!] ?? '',
      key: names[r.keyId[i]!] ?? '',
      cost: r.cost[i]!,
      outcome: OUTCOME_NAMES[e.outcome[i]!]!,
      retryAfterSeconds: Number.isNaN(retry) ? null : retry,
      error: run.errors.get(i) ?? null,
    });
  }
  const t = run.totals;
  return {
    allowed: t.allowed,
    denied: t.denied,
    unavailable: t.unavailable,
    bypass: t.bypass,
    doubleSpent: t.doubleSpent,
    requests,
    endTime: run.endTime,
  };
}

/** runLane after loading any plug-in limiter the scenario names. */
export async function runLaneAsync(input: unknown): Promise<LaneResult> {
  await prepareLimiters(algorithmsOf(input));
  return runLane(input);
}
