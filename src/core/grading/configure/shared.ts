// What the configure graders share: reading the learner's numbers, the seeds an attempt
// replays, and a request-by-request comparison with the reference configuration.
import { num } from '../harness';
import { stream } from '../../sim/rng';
import { Reference, type RefPolicy } from '../reference';
import { type GenRequest } from '../traffic';
import type { CaseRow, FailingCase, Submission } from '../types';

export const positive = (x: number): boolean => Number.isFinite(x) && x > 0;

/** The scenario seeds an attempt replays: the problem's own for seed 0, fresh ones otherwise. */
export function replaySeeds(attempt: number, own: number[]): number[] {
  if (attempt === 0) return own;
  const rng = stream(attempt, 'replay-seeds');
  return own.map(() => 1 + rng.int(1_000_000));
}

/** "capacity is missing" / "refillPerSecond must be a number greater than 0, not "abc"". */
export function badNumbers(sub: Submission, fields: string[]): FailingCase | null {
  const wrong = fields
    .map((f) => {
      const x = num(sub, f);
      if (positive(x)) return null;
      const raw = sub[f] ?? (sub.params as Record<string, unknown> | undefined)?.[f];
      return raw === undefined || String(raw).trim() === ''
        ? `"${f}" is missing`
        : `"${f}" must be a number greater than 0 (not ${JSON.stringify(raw)})`;
    })
    .filter((x): x is string => x !== null);
  return wrong.length
    ? { name: 'the parameters are positive numbers', message: `${wrong.join('; ')}.` }
    : null;
}

/**
 * Decides the same requests with the learner's policy and the reference's, one by one (the
 * engine's limiters, no scenario), and describes the first request they decide differently.
 */
export function compareDirect(
  name: string,
  mine: RefPolicy,
  ref: RefPolicy,
  requests: GenRequest[],
  explain: (row: CaseRow) => string,
): FailingCase | null {
  const a = new Reference(mine);
  const b = new Reference(ref);
  const rows: CaseRow[] = [];
  for (const r of requests) {
    const call = { at: r.at, key: r.key, cost: r.cost, server: r.server };
    const got = a.decide(call);
    const want = b.decide(call);
    const row: CaseRow = {
      at: r.at,
      server: r.server,
      key: r.key,
      cost: r.cost,
      expected: want.allowed ? 'allowed' : 'denied',
      actual: got.allowed ? 'allowed' : 'denied',
      expectedRetry: want.retry,
      actualRetry: got.retry,
    };
    rows.push(row);
    if (got.allowed !== want.allowed) {
      const list = requests.map((q) => ({ at: q.at, key: q.key, cost: q.cost, server: q.server }));
      const k = rows.length - 1;
      return {
        name,
        message: explain(row),
        // Not the reference's run: its parameters are the answer.
        scenario: { ...mine, requests: list },
        rows: rows.slice(Math.max(0, k - 6)),
        firstMismatch: Math.min(k, 6),
        requests: requests.map((q) => ({ ...q })),
      };
    }
  }
  return null;
}
