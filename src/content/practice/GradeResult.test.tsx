// The verdict panel renders what a grade says: the summary, the case count agreeing with it,
// the cases run, the (N) legend, the first failure with its seed and rows, and the retry note.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { GradeOutcome } from '../grading';
import { GradeResult } from './GradeResult';

const failed: GradeOutcome = {
  problem: 'fix-get-then-set',
  passed: false,
  summary: 'Failed on hidden case 2 of 5: 4 requests, one after another (N+1).',
  seed: 41,
  total: 5,
  cases: [
    { name: '3 requests, one after another (N)', passed: true },
    { name: '4 requests, one after another (N+1)', passed: false },
  ],
  failure: {
    name: '4 requests, one after another (N+1)',
    message: 'Your code admitted the request at 1 s; the built-in denied it (Retry-After 59).',
    seed: 41,
    rows: [
      {
        at: 1,
        server: 'A',
        key: 'client',
        cost: 1,
        expected: 'allowed',
        actual: 'allowed',
        expectedRetry: null,
        actualRetry: null,
      },
      {
        at: 1.25,
        server: 'A',
        key: 'client',
        cost: 1,
        expected: 'denied',
        actual: 'allowed',
        expectedRetry: 59,
        actualRetry: null,
      },
    ],
    firstMismatch: 1,
  },
};

const passed: GradeOutcome = {
  problem: 'fix-get-then-set',
  passed: true,
  summary: 'One atomic decision per request.',
  seed: 7,
  total: 3,
  cases: [
    { name: 'a', passed: true },
    { name: 'b', passed: true },
    { name: 'c', passed: true },
  ],
  failure: null,
};

/** The page's text, tags dropped and spaces collapsed. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();

describe('GradeResult', () => {
  it('a failing grade: summary, counts that agree with it, the cases, the legend, the failure and a retry note', () => {
    const html = renderToStaticMarkup(<GradeResult r={failed} />);
    const t = text(html);
    expect(html).toMatch(/data-testid="grade-result"[^>]*data-passed="false"/);
    expect(t).toContain('✗ Not yet');
    expect(t).toContain(failed.summary);
    expect(t).toContain(
      'Hidden cases: 1 passed, 1 failed, 3 not run yet (of 5): grading stops at the first failure',
    );
    // The cases are open on a failure, each with its mark.
    expect(html).toMatch(/<details class="case-details" open="">/);
    expect(t).toContain('✓ 3 requests, one after another (N)');
    expect(t).toContain('✗ 4 requests, one after another (N+1)');
    expect(t).toContain('N is the limit');
    // The failure: its name as a sentence, the message, the seed and the row that differs.
    expect(t).toContain(`4 requests, one after another (N+1). ${failed.failure!.message}`);
    expect(t).toContain('Generated case, seed 41');
    expect(html).toMatch(
      /<tr class="mismatch"><td>1.25<\/td>.*<td>429 · 59 s<\/td><td>admitted<\/td>/,
    );
    expect(html).toContain('data-testid="retry-note"');
    // No replay button without a way to replay.
    expect(html).not.toContain('data-testid="replay-seed"');
  });

  it('a failing grade that can be replayed offers its seed', () => {
    const html = renderToStaticMarkup(<GradeResult r={failed} onReplay={() => {}} />);
    expect(text(html)).toContain('Grade again with seed 41');
  });

  it('a pass: every case counted, the list closed, no failure and no retry note', () => {
    const html = renderToStaticMarkup(<GradeResult r={passed} />);
    const t = text(html);
    expect(t).toContain('✓ Passed');
    expect(t).toContain('All 3 hidden cases passed.');
    expect(html).not.toMatch(/<details[^>]* open/);
    expect(html).not.toContain('grade-failure');
    expect(html).not.toContain('retry-note');
    expect(html).not.toContain('case-legend');
  });

  it('a grade with no cases (the grader stopped) shows the summary alone', () => {
    const r: GradeOutcome = {
      problem: 'x',
      passed: false,
      summary: 'The grader stopped with an error: boom',
      seed: 0,
      cases: [],
      failure: null,
    };
    const html = renderToStaticMarkup(<GradeResult r={r} />);
    expect(text(html)).toContain('The grader stopped with an error: boom');
    expect(html).not.toContain('case-count');
  });
});
