// "Prove it"'s answer in one line: schedules tried and violations found (per part when the
// invariant has several), whether that was every ordering, and a failing program's error.
import { describe, expect, it } from 'vitest';
import { byTestId, draw, textOf } from '../markupForTests';
import { proofOf } from './proofFixture';
import { ProofSummary } from './ProofSummary';

const one = { maxAdmitted: 1 } as const;

describe('ProofSummary', () => {
  it('counts schedules and violations over every ordering', () => {
    const { html, text } = draw(<ProofSummary proof={proofOf()} inv={one} crashes={false} />);
    expect(text).toBe('4 schedules, 2 violations (every distinct ordering of the round trips).');
    expect(html).toContain('class="race-proof is-broken"');
    expect(html).toContain('data-verdict="unsafe"');
  });

  it('in the singular, with crash points, and safe', () => {
    const safe = proofOf({ verdict: 'safe', schedules: 1, violations: 1 });
    const { html, text } = draw(<ProofSummary proof={safe} inv={one} crashes />);
    expect(text).toBe(
      '1 schedule, 1 violation (every distinct ordering of the round trips, and every crash point).',
    );
    expect(html).toContain('class="race-proof is-safe"');
  });

  it('splits the violations by part when the invariant has several', () => {
    const proof = proofOf({
      schedules: 12_345,
      violations: 1_200,
      violationsBy: { maxAdmitted: 1_000, allKeysHaveTtl: 200 },
    });
    const inv = { maxAdmitted: 1, allKeysHaveTtl: true, noChargeWhenDenied: false };
    expect(draw(<ProofSummary proof={proof} inv={inv} crashes={false} />).text).toBe(
      '12,345 schedules, 1,200 violations (every distinct ordering of the round trips): ' +
        '1,000 admit more than the limit allows; 200 leave a key with no expiry.',
    );
  });

  it('says when the search stopped early, with its reason', () => {
    const proof = proofOf({
      verdict: 'incomplete',
      violations: 0,
      complete: false,
      incompleteReason: { by: 'maxSchedules', limit: 4, text: 'it stopped at 4 schedules' },
    });
    const { html, text } = draw(<ProofSummary proof={proof} inv={one} crashes={false} />);
    expect(text).toBe(
      '4 schedules, 0 violations (not complete: it stopped at 4 schedules; this is not every ordering).',
    );
    expect(html).toContain('is-incomplete');
  });

  it("a failing program leads with the explorer's summary: it proves nothing", () => {
    const proof = proofOf({ verdict: 'error', summary: '2 requests failed: ERR unknown command' });
    const { html, text } = draw(<ProofSummary proof={proof} inv={one} crashes={false} />);
    expect(textOf(byTestId(html, 'race-proof-error'))).toBe(
      '2 requests failed: ERR unknown command',
    );
    expect(text).toMatch(
      /^2 requests failed: ERR unknown command A failing program proves nothing: fix it first\. 4 schedules/,
    );
  });
});
