// Under "Prove it": why it counted what it did, and Previous / Next through the violating
// schedules it kept, each going where the learner expects and stopping at both ends.
import { describe, expect, it } from 'vitest';
import { byTestId, draw, textOf } from '../markupForTests';
import { proofOf } from './proofFixture';
import { ProofSteps, proofStepTargets } from './ProofSteps';

const steps = (at: number | null, proof = proofOf()) =>
  draw(<ProofSteps proof={proof} input={null} at={at} disabled={false} onShow={() => undefined} />)
    .html;
const disabled = (html: string, id: string) => /disabled=""/.test(byTestId(html, id));

describe('proofStepTargets', () => {
  it('from nothing shown, Next shows the first and Previous does nothing', () => {
    expect(proofStepTargets(null, 3)).toEqual({ prev: null, next: 0 });
  });
  it('steps one schedule either way, stopping at the first and the last', () => {
    expect(proofStepTargets(0, 3)).toEqual({ prev: null, next: 1 });
    expect(proofStepTargets(1, 3)).toEqual({ prev: 0, next: 2 });
    expect(proofStepTargets(2, 3)).toEqual({ prev: 1, next: null });
    expect(proofStepTargets(0, 1)).toEqual({ prev: null, next: null });
  });
});

describe('ProofSteps', () => {
  it("says why it counted what it did, from the explorer's counts", () => {
    expect(textOf(byTestId(steps(null), 'race-proof-why'))).toBe(
      'It counted 4 schedules: one per group of orderings that differ only in swapping round trips that cannot affect each other (e.g. on different keys). ' +
        'Partial-order reduction skipped 1 move that would only repeat an ordering already counted. ' +
        '2 schedules broke the invariant; all 2 are here to step through.',
    );
    const withCrashes = draw(
      <ProofSteps
        proof={proofOf()}
        input={{ crashes: true }}
        at={null}
        disabled={false}
        onShow={() => undefined}
      />,
    ).html;
    expect(textOf(byTestId(withCrashes, 'race-proof-why'))).toContain(
      '(e.g. on different keys). A crash between two round trips makes a schedule of its own. Partial-order',
    );
  });

  it('before stepping: how many there are, and Next reads "Show the first"', () => {
    const html = steps(null);
    expect(textOf(byTestId(html, 'race-bad-at'))).toBe('2 violating schedules to step through');
    expect(textOf(byTestId(html, 'race-bad-next'))).toBe('Show the first');
    expect(disabled(html, 'race-bad-prev')).toBe(true);
    expect(disabled(html, 'race-bad-next')).toBe(false);
  });

  it('on the first of two: Previous off, Next on; on the last: the other way round', () => {
    const first = steps(0);
    expect(textOf(byTestId(first, 'race-bad-at'))).toBe('Schedule 1 of 2');
    expect(textOf(byTestId(first, 'race-bad-next'))).toBe('Next');
    expect([disabled(first, 'race-bad-prev'), disabled(first, 'race-bad-next')]).toEqual([
      true,
      false,
    ]);
    const last = steps(1);
    expect(textOf(byTestId(last, 'race-bad-at'))).toBe('Schedule 2 of 2');
    expect([disabled(last, 'race-bad-prev'), disabled(last, 'race-bad-next')]).toEqual([
      false,
      true,
    ]);
  });

  it('a safe proof has nothing to step through', () => {
    const safe = proofOf({ verdict: 'safe', violations: 0, violationsBy: {}, violating: [] });
    const html = steps(null, safe);
    expect(html).not.toContain('race-bad-next');
    expect(textOf(byTestId(html, 'race-proof-why'))).not.toContain('broke');
  });
});
