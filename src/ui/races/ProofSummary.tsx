// "Prove it"'s answer: how many schedules the explorer tried and how many broke the invariant
// (per part when it has several), whether that was every ordering, and a failing program's
// error (which proves nothing).
import type { ExploreResult, ExploreVerdict, Invariant } from '../../core/races/types';
import { PART_WORDS, partsOf } from './invariantText';

const PROOF_CLASS: Record<ExploreVerdict, string> = {
  safe: 'is-safe',
  unsafe: 'is-broken',
  error: 'is-broken',
  incomplete: 'is-incomplete',
};

const plural = (n: number, word: string): string =>
  `${n.toLocaleString('en')} ${word}${n === 1 ? '' : 's'}`;

export function ProofSummary({
  proof,
  inv,
  crashes,
}: {
  proof: ExploreResult;
  inv: Invariant;
  /** The explorer tried crash points too. */
  crashes: boolean;
}) {
  const parts = partsOf(inv);
  return (
    <p
      className={`race-proof ${PROOF_CLASS[proof.verdict]}`}
      role="status"
      data-testid="race-proof"
      data-verdict={proof.verdict}
    >
      {proof.verdict === 'error' && (
        <>
          <strong data-testid="race-proof-error">{proof.summary}</strong> A failing program proves
          nothing: fix it first.{' '}
        </>
      )}
      <strong>
        {plural(proof.schedules, 'schedule')}, {plural(proof.violations, 'violation')}
      </strong>
      {proof.complete
        ? ' (every distinct ordering of the round trips'
        : ` (not complete: ${proof.incompleteReason?.text ?? 'the explorer stopped early'}; this is not every ordering`}
      {crashes ? ', and every crash point' : ''}
      {')'}
      {proof.violations > 0 && parts.length > 1
        ? `: ${parts
            .map((p) => `${(proof.violationsBy[p] ?? 0).toLocaleString('en')} ${PART_WORDS[p]}`)
            .join('; ')}`
        : ''}
      .
    </p>
  );
}
