// The scheduler's words for an invariant: each part as a learner reads it, and what breaking
// each part means (the goal line, the proof's per-part counts).
import type { Invariant, InvariantPart } from '../../core/races/types';

/** The invariant's parts in words; `allowed` is the serial bound when it is known. */
export function invariantWords(inv: Invariant, allowed: number | null): string[] {
  const out: string[] = [];
  if (inv.maxAdmitted !== undefined)
    out.push(
      inv.maxAdmitted === 'serial'
        ? `no more admitted than one at a time would admit${allowed !== null ? ` (${allowed})` : ''}`
        : `at most ${inv.maxAdmitted} admitted`,
    );
  if (inv.minAdmitted !== undefined) out.push(`at least ${inv.minAdmitted} admitted`);
  if (inv.allKeysHaveTtl) out.push('every key has an expiry');
  if (inv.noChargeWhenDenied) out.push('a refused request charges nothing');
  return out;
}

/** The parts an invariant checks. */
export const partsOf = (inv: Invariant): InvariantPart[] =>
  (['maxAdmitted', 'minAdmitted', 'allKeysHaveTtl', 'noChargeWhenDenied'] as const).filter(
    (p) => inv[p] !== undefined && inv[p] !== false,
  );

/** What breaking each part does, after "makes it". */
export const PART_WORDS: Record<InvariantPart, string> = {
  maxAdmitted: 'admit more than the limit allows',
  minAdmitted: 'admit fewer than fit (a request starves or gives up)',
  allKeysHaveTtl: 'leave a key with no expiry',
  noChargeWhenDenied: 'charge a request that is refused',
};
