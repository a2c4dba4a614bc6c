// Compare's answer: both admitted counts, whether every decision is the same, and one row per
// differing request with both outcomes (a script error reads as "error", not a denial).
import { describe, expect, it } from 'vitest';
import type { CompareDiff, CompareResult } from '../../store/editorStore';
import { byTestId, draw, textOf } from '../markupForTests';
import { CompareResultView, diffOutcomes } from './CompareResult';

const base: CompareResult = {
  algorithm: 'fixed-window',
  params: { limit: 2, windowSeconds: 60 },
  scriptAllowed: 4,
  builtinAllowed: 2,
  total: 5,
  diffs: [],
  error: null,
};
const diff = (index: number, script: CompareDiff['script'], builtin: boolean): CompareDiff => ({
  index,
  at: index * 0.5,
  server: index % 2 ? 'B' : 'A',
  key: 'client-1',
  script,
  builtin: { allowed: builtin },
});
const noJump = () => undefined;

/** The differing rows, each as its cells' text. */
const rows = (html: string): string[][] =>
  html
    .split('<tbody>')[1]!
    .split('<tr>')
    .slice(1)
    .map((r) =>
      r
        .split(/<td[^>]*>/)
        .slice(1)
        .map((c) => textOf(c)),
    );

describe('CompareResultView', () => {
  it('every decision the same: the counts and no table', () => {
    const same = { ...base, scriptAllowed: 2, builtinAllowed: 2 };
    const { html, text } = draw(<CompareResultView compare={same} onJump={noJump} />);
    expect(text).toBe(
      'Script admitted 2, fixed-window admitted 2 of 5. Every decision is the same.',
    );
    expect(html).not.toContain('<table');
    expect(html).not.toContain('compare-jump');
  });

  it('lists each differing request with both outcomes and offers the first', () => {
    const compare = {
      ...base,
      diffs: [
        diff(2, { allowed: true }, false),
        diff(3, { allowed: false, error: 'ERR bad' }, true),
        diff(4, { allowed: false }, true),
      ],
    };
    const { html, text } = draw(<CompareResultView compare={compare} onJump={noJump} />);
    expect(text).toContain('Script admitted 4, fixed-window admitted 2 of 5. 3 decisions differ.');
    expect(textOf(byTestId(html, 'compare-jump'))).toBe('Jump to the first difference (request 3)');
    expect(rows(html)).toEqual([
      ['3 (A)', '1 s', 'Admitted (200)', 'Denied (429)', 'Show'],
      ['4 (B)', '1.5 s', 'error', 'Admitted (200)', 'Show'],
      ['5 (A)', '2 s', 'Denied (429)', 'Admitted (200)', 'Show'],
    ]);
  });

  it('one difference reads in the singular', () => {
    const compare = { ...base, diffs: [diff(0, { allowed: true }, false)] };
    expect(draw(<CompareResultView compare={compare} onJump={noJump} />).text).toContain(
      '1 decision differ.',
    );
  });

  it('lists at most 50 differing requests', () => {
    const diffs = Array.from({ length: 60 }, (_, i) => diff(i, { allowed: true }, false));
    const { html, text } = draw(<CompareResultView compare={{ ...base, diffs }} onJump={noJump} />);
    expect(text).toContain('60 decisions differ.');
    expect(rows(html)).toHaveLength(50);
  });

  it('a built-in that could not run says why, with no counts', () => {
    const compare = { ...base, error: 'capacity must be a number' };
    expect(draw(<CompareResultView compare={compare} onJump={noJump} />).text).toBe(
      'The built-in could not run: capacity must be a number',
    );
  });

  it('the outcomes of a difference', () => {
    expect(diffOutcomes(diff(0, { allowed: false, error: 'x' }, false))).toEqual({
      script: 'unavailable',
      builtin: 'denied',
    });
    expect(diffOutcomes(diff(0, { allowed: true }, false))).toEqual({
      script: 'allowed',
      builtin: 'denied',
    });
  });
});
