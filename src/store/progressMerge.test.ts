import { describe, expect, it } from 'vitest';
import { applyChange, emptyProgress, mergeProgress, type ProgressData } from './progressMerge';

const T1 = '2026-01-01T00:00:00.000Z';
const T2 = '2026-01-02T00:00:00.000Z';
const info = { title: 'Write: GCRA', href: '#/practice/write-gcra' };

function withItems(p: Partial<ProgressData>): ProgressData {
  return { ...emptyProgress(), ...p };
}

describe('one change applied to the stored copy', () => {
  it('changes only its own item and keeps every other item stored', () => {
    const stored = withItems({ saved: { a: 'A from the other tab' }, lessonsRead: { l1: T1 } });
    const { data, conflict } = applyChange(stored, {
      kind: 'saved',
      slug: 'b',
      text: 'B',
      base: undefined,
    });
    expect(conflict).toBeNull();
    expect(data.saved).toEqual({ a: 'A from the other tab', b: 'B' });
    expect(data.lessonsRead).toEqual({ l1: T1 });
  });

  it('a first time already stored stays the first time', () => {
    const stored = withItems({ lessonsRead: { l1: T1 } });
    const r = applyChange(stored, { kind: 'first', field: 'lessonsRead', slug: 'l1', at: T2 });
    expect(r.data.lessonsRead.l1).toBe(T1);
    const r2 = applyChange(stored, { kind: 'first', field: 'lessonsRead', slug: 'l2', at: T2 });
    expect(r2.data.lessonsRead).toEqual({ l1: T1, l2: T2 });
  });

  it('an attempt counts on top of the stored count (two tabs: two attempts)', () => {
    const stored = withItems({ attempts: { p: 4 } });
    expect(applyChange(stored, { kind: 'attempt', slug: 'p' }).data.attempts.p).toBe(5);
    expect(applyChange(emptyProgress(), { kind: 'attempt', slug: 'p' }).data.attempts.p).toBe(1);
  });

  it('code saved over code another tab saved since is a conflict carrying both', () => {
    const stored = withItems({ saved: { p: 'newer, from tab B' } });
    const { data, conflict } = applyChange(stored, {
      kind: 'saved',
      slug: 'p',
      text: 'from tab A',
      base: 'what tab A opened with',
    });
    expect(data.saved.p).toBe('from tab A');
    expect(conflict).toEqual({ slug: 'p', theirs: 'newer, from tab B', mine: 'from tab A' });
    // Saving over what this tab itself saw is no conflict.
    const own = applyChange(stored, {
      kind: 'saved',
      slug: 'p',
      text: 'next',
      base: 'newer, from tab B',
    });
    expect(own.conflict).toBeNull();
  });

  it('a review answer moves the stored item, not a stale one', () => {
    const missed = applyChange(emptyProgress(), {
      kind: 'answer',
      id: 'problem:p',
      right: false,
      info,
      at: T1,
    }).data;
    expect(missed.review['problem:p']).toMatchObject({ step: 0, missed: T1 });
    // Right before it is due: unchanged; right with nothing stored: nothing to move.
    const early = applyChange(missed, {
      kind: 'answer',
      id: 'problem:p',
      right: true,
      info,
      at: T1,
    });
    expect(early.data).toBe(missed);
    const none = applyChange(emptyProgress(), {
      kind: 'answer',
      id: 'problem:q',
      right: true,
      info,
      at: T1,
    });
    expect(none.data.review).toEqual({});
  });

  it('an import merges: earliest first times, the most attempts, the latest miss', () => {
    const mine = withItems({
      lessonsRead: { l1: T2 },
      attempts: { p: 3 },
      saved: { p: 'mine', q: 'kept' },
    });
    const file = withItems({
      lessonsRead: { l1: T1, l2: T2 },
      attempts: { p: 1 },
      saved: { p: 'file' },
    });
    const merged = mergeProgress(mine, file);
    expect(merged.lessonsRead).toEqual({ l1: T1, l2: T2 });
    expect(merged.attempts).toEqual({ p: 3 });
    expect(merged.saved).toEqual({ p: 'file', q: 'kept' });
    expect(applyChange(mine, { kind: 'import', data: file }).data).toEqual(merged);
  });
});
