// What the script problems share: requests with defaults, named examples, what a sorted-set
// log may do on a refusal, how long a log's or a lease's state matters, and the time quantum of
// scripts that count in floating-point seconds.
import type { KeySnapshot } from '../../redis';
import type { RunRecord } from '../scriptCaseTypes';
import type { ExampleCase } from '../scriptGrader';
import type { GenRequest } from '../traffic';

export type R = Partial<GenRequest> & { at: number };
/** Requests with defaults (key "client", server A, cost 1), in time order. */
export const reqs = (rs: R[]): GenRequest[] =>
  rs
    .map((r) => ({ key: 'client', server: 'A', cost: 1, ...r }))
    .map((r, i) => ({ r, i }))
    .sort((a, b) => a.r.at - b.r.at || a.i - b.i)
    .map((x) => x.r);
export const times = (n: number, at: number, extra: Partial<GenRequest> = {}): R[] =>
  Array.from({ length: n }, () => ({ at, ...extra }));
export const ex = (name: string, rs: R[]): ExampleCase => ({ name, requests: reqs(rs) });

/** A sorted set's members, or [] when the key is absent or of another type. */
export const members = (k: KeySnapshot | undefined): string[] =>
  k && k.type === 'zset' ? (k.value as [string, number][]).map((m) => m[0]) : [];

/** A refused request may prune a log, never add to it. */
export function addedMembers(
  before: Map<string, KeySnapshot>,
  after: Map<string, KeySnapshot>,
  keys: string[],
): string | null {
  for (const key of keys) {
    const was = new Set(members(before.get(key)));
    const added = members(after.get(key)).filter((m) => !was.has(m));
    if (added.length) return `it added "${added[0]}" to ${key}.`;
  }
  return null;
}

/** A sliding log holds state until its newest admitted entry leaves the window. */
export const logUntil =
  (window: number) =>
  (rec: RunRecord, k: number): { until: number; what: string } | null => {
    const c = rec.calls[k]!;
    let newest = -Infinity;
    for (let j = 0; j <= k; j++)
      if (rec.calls[j]!.key === c.key && rec.decisions[j]!.allowed)
        newest = Math.max(newest, rec.calls[j]!.now);
    const until = newest + window;
    return until > c.now
      ? { until, what: `the log of ${c.key}, whose newest entry leaves then` }
      : null;
  };

/** Leases hold state until the last running job's lease ends (released jobs no longer count). */
export const leaseUntil =
  (lease: number) =>
  (rec: RunRecord, k: number): { until: number; what: string } | null => {
    const c = rec.calls[k]!;
    const released = new Set<string>();
    for (let j = 0; j <= k; j++) if (rec.calls[j]!.op === 'release') released.add(rec.calls[j]!.id);
    let until = -Infinity;
    for (let j = 0; j <= k; j++) {
      const e = rec.calls[j]!;
      if (e.op === 'acquire' && e.key === c.key && rec.decisions[j]!.allowed && !released.has(e.id))
        until = Math.max(until, e.now + lease);
    }
    return until > c.now
      ? { until, what: `the running jobs of ${c.key}, whose last lease ends then` }
      : null;
  };

/**
 * Token-bucket scripts count in floating-point seconds, exact only on binary fractions: their
 * traffic is on 1/64 s (15625 us, a whole number of microseconds too), and the straddles are one
 * such step either side of the moment a token comes back.
 */
export const DYADIC = { quantumUs: 15625, straddle: [-15625, 0, 15625] };
