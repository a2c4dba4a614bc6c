// Shared machinery for graders: run hidden cases in order, stop at the first failure, and
// describe it as a replayable scenario with expected vs actual decisions.
import { runLaneAsync, type LaneResult } from '../../core/content/lanes';
import { stream } from '../sim/rng';
import type { CaseRow, FailingCase, GradeOptions, GradeResult, Submission } from './types';

export type CaseCheck = () => Promise<FailingCase | null> | FailingCase | null;

export interface HiddenCase {
  name: string;
  check: CaseCheck;
  /**
   * The case checks what the problem is about (e.g. the crash a fix must survive): it runs
   * before the others, so an answer that misses the point is told that first, not some
   * smaller slip elsewhere.
   */
  about?: boolean;
}

/** Cases in the order they run: the ones the problem is about first, otherwise as listed. */
export function caseOrder(cases: HiddenCase[]): HiddenCase[] {
  return [...cases.filter((c) => c.about), ...cases.filter((c) => !c.about)];
}

/**
 * Runs cases in order (those the problem is about first); the first failing one is reported
 * (later ones are not run, and `total` says how many there were).
 */
export async function runCases(
  given: HiddenCase[],
  opts: GradeOptions = {},
  passSummary?: string,
): Promise<GradeResult> {
  const cases = caseOrder(given);
  const done: { name: string; passed: boolean }[] = [];
  for (const c of cases) {
    let failure: FailingCase | null;
    try {
      failure = await c.check();
    } catch (e) {
      failure = { name: c.name, message: `The case could not run: ${(e as Error).message}` };
    }
    done.push({ name: c.name, passed: !failure });
    if (failure) {
      return {
        passed: false,
        summary: `Failed on hidden case ${done.length} of ${cases.length}: ${c.name}.`,
        cases: done,
        total: cases.length,
        failure: { ...failure, name: failure.name || c.name },
      };
    }
    if (opts.yieldToUi) await opts.yieldToUi();
  }
  return {
    passed: true,
    summary: passSummary ?? `Passed all ${cases.length} hidden cases.`,
    cases: done,
    total: cases.length,
  };
}

/**
 * Every grader's last step: run its hidden cases (runCases) and stamp the attempt's seed on the
 * result, so the page and the command line can replay the attempt.
 */
export function gradeCases(
  cases: HiddenCase[],
  seed: number,
  opts: GradeOptions | undefined,
  passSummary: string,
): Promise<GradeResult> {
  return runCases(cases, opts, passSummary).then((r) => ({ ...r, seed }));
}

/** A field, flat or inside `params`/`choices` (the short starter forms). */
function field(sub: Submission, f: string): unknown {
  if (sub[f] !== undefined) return sub[f];
  for (const g of ['params', 'choices']) {
    const inner = sub[g];
    if (typeof inner === 'object' && inner !== null && f in inner)
      return (inner as Record<string, unknown>)[f];
  }
  return undefined;
}

/** A submitted number (forms send strings); NaN when missing or not a number. */
export function num(sub: Submission, f: string): number {
  const v = field(sub, f);
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && v.trim() !== '') return Number(v.trim().replace(/,/g, ''));
  return NaN;
}

export function str(sub: Submission, f: string): string {
  const v = field(sub, f);
  return typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
}

/** A submitted yes/no (forms send "true"/"false"); null when missing or unreadable. */
export function bool(sub: Submission, f: string): boolean | null {
  const v = field(sub, f);
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string') {
    const t = v.trim().toLowerCase();
    if (['true', 'yes', 'on', '1'].includes(t)) return true;
    if (['false', 'no', 'off', '0'].includes(t)) return false;
  }
  return null;
}

/** A submitted list of strings (`keys`, `args`); undefined when absent or not a list. */
export function strList(sub: Submission, f: string): string[] | undefined {
  const v = sub[f];
  if (Array.isArray(v) && v.every((x) => typeof x === 'string' || typeof x === 'number'))
    return v.map(String);
  return undefined;
}

export const fmt = (x: number): string => (Number.isNaN(x) ? '(no answer)' : String(x));

// ---- generated traffic ---------------------------------------------------------------

/** One explicit request of a hidden case (a scenario's `requests[]` entry). */
export interface Req {
  at: number;
  key?: string;
  server?: string;
  cost?: number;
  duration?: number;
  tenant?: string;
}

/** Times on a 0.25 s grid: exact in floats and in whole microseconds alike. */
export const grid = (t: number): number => Math.round(t * 4) / 4;

/** `count` requests at one instant. */
export const burst = (at: number, count: number, extra: Omit<Req, 'at'> = {}): Req[] =>
  Array.from({ length: count }, () => ({ at, ...extra }));

/**
 * Seeded Poisson arrivals at `rate` per second in [from, to), snapped to the 0.25 s grid, with
 * costs, keys and servers drawn from the given lists. Same seed, same requests.
 */
export function gridPoisson(
  seed: number,
  rate: number,
  from: number,
  to: number,
  pick: { costs?: number[]; keys?: string[]; servers?: string[] } = {},
): Req[] {
  const rng = stream(seed, 'grader');
  const out: Req[] = [];
  let t = from + rng.exp(rate);
  while (t < to) {
    const r: Req = { at: grid(t) };
    if (pick.costs) r.cost = pick.costs[rng.int(pick.costs.length)]!;
    if (pick.keys) r.key = pick.keys[rng.int(pick.keys.length)]!;
    if (pick.servers) r.server = pick.servers[rng.int(pick.servers.length)]!;
    out.push(r);
    t += rng.exp(rate);
  }
  return out;
}

/** Requests sorted by time (stable), so a case can be written in any order. */
export const byTime = (rs: Req[]): Req[] =>
  rs
    .map((r, i) => ({ r, i }))
    .sort((a, b) => a.r.at - b.r.at || a.i - b.i)
    .map((x) => x.r);

/**
 * Runs `actual` and `reference` on the same traffic and fails at the first request they decide
 * differently. Both must produce the same requests in the same arrival order.
 */
export async function compareToReference(
  name: string,
  actual: Record<string, unknown>,
  reference: Record<string, unknown>,
  explain: (row: CaseRow) => string,
): Promise<FailingCase | null> {
  const [a, r] = await Promise.all([runLaneAsync(actual), runLaneAsync(reference)]);
  const rows = pairRows(a, r);
  const k = rows.findIndex((x) => x.expected !== x.actual);
  if (k < 0) return null;
  return {
    name,
    message: explain(rows[k]!),
    // The reference's own run is not part of the failure: where the reference is the answer
    // (a configure problem), opening it would show the answer.
    scenario: actual,
    rows: rows.slice(Math.max(0, k - 6), k + 4),
    firstMismatch: Math.min(k, 6),
  };
}

export function pairRows(actual: LaneResult, reference: LaneResult): CaseRow[] {
  return reference.requests.map((q, i) => {
    const got = actual.requests[i];
    const row: CaseRow = {
      at: q.at,
      server: q.server,
      key: q.key,
      cost: q.cost,
      expected: q.outcome,
      actual: got?.outcome ?? 'missing',
      expectedRetry: q.retryAfterSeconds,
      actualRetry: got?.retryAfterSeconds ?? null,
    };
    if (got?.error) row.note = got.error;
    return row;
  });
}

export const describeOutcome = (o: string): string =>
  o === 'allowed' ? 'admitted' : o === 'denied' ? 'denied (429)' : o === 'unavailable' ? '503' : o;

/** "the request at 12.5 s (cost 3)". */
export function describeRequest(row: CaseRow): string {
  const t = Number(row.at.toFixed(3));
  return `the request at ${t} s${row.cost !== 1 ? ` (cost ${row.cost})` : ''}${row.key !== 'client' ? ` for ${row.key}` : ''}`;
}
