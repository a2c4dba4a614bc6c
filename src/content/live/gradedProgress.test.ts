import { describe, expect, it } from 'vitest';
import { gradedProgress, progressToSend } from './gradedProgress';

describe("a learner's board row comes from the grader's record", () => {
  it('solved when the grader passed, attempted once a grade was asked, else nothing', () => {
    const row = gradedProgress(
      {
        attempts: { a: 3, b: 1, c: 0, gone: 2 },
        problemsSolved: { a: '2026-01-01T00:00:00Z' },
      },
      ['a', 'b', 'c', 'd'],
    );
    expect(row).toEqual({ a: 'solved', b: 'attempted' });
  });

  it('sends only what the server has not got; a solve is never sent back as an attempt', () => {
    expect(
      progressToSend(
        { a: 'solved', b: 'attempted', c: 'attempted', d: 'solved' },
        { a: 'attempted', b: 'attempted', c: 'solved' },
      ),
    ).toEqual([
      { problem: 'a', status: 'solved' },
      { problem: 'd', status: 'solved' },
    ]);
  });
});
