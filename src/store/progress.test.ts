import { describe, expect, it } from 'vitest';
import { createProgressStore, PROGRESS_KEY } from './progress';

function memory() {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
    m,
  };
}
const DAY = 24 * 3600 * 1000;

describe('progress: review queue, attempts, solutions', () => {
  it('a miss comes back after 1, 3 and 7 days, then leaves the queue', () => {
    let t = Date.parse('2026-01-01T10:00:00Z');
    const s = createProgressStore(memory(), () => new Date(t));
    const info = { title: 'Write: GCRA in Lua', href: '#/practice/write-gcra' };
    s.getState().answered('problem:write-gcra', false, info);
    expect(s.getState().review['problem:write-gcra']).toMatchObject({ step: 0, ...info });
    expect(Date.parse(s.getState().review['problem:write-gcra']!.due) - t).toBe(DAY);
    // A right answer before it is due changes nothing.
    s.getState().answered('problem:write-gcra', true, info);
    expect(s.getState().review['problem:write-gcra']!.step).toBe(0);
    t += DAY;
    s.getState().answered('problem:write-gcra', true, info);
    expect(s.getState().review['problem:write-gcra']).toMatchObject({ step: 1 });
    expect(Date.parse(s.getState().review['problem:write-gcra']!.due) - t).toBe(3 * DAY);
    t += 3 * DAY;
    s.getState().answered('problem:write-gcra', true, info);
    expect(Date.parse(s.getState().review['problem:write-gcra']!.due) - t).toBe(7 * DAY);
    // Missed again: back to one day.
    s.getState().answered('problem:write-gcra', false, info);
    expect(s.getState().review['problem:write-gcra']!.step).toBe(0);
    for (const days of [1, 3, 7]) {
      t += days * DAY;
      s.getState().answered('problem:write-gcra', true, info);
    }
    expect(s.getState().review['problem:write-gcra']).toBeUndefined();
    // Answering right something never missed adds nothing.
    s.getState().answered('question:fixed-window:1', true, info);
    expect(Object.keys(s.getState().review)).toEqual([]);
  });

  it('keeps the queue, attempts and solutions in storage, exports and imports them', () => {
    const store = memory();
    const t = Date.parse('2026-02-01T09:00:00Z');
    const a = createProgressStore(store, () => new Date(t));
    a.getState().answered('question:token-bucket:2', false, {
      title: 'The token bucket, question 2',
      href: '#/lessons/token-bucket?q=2',
    });
    a.getState().attempted('write-gcra');
    a.getState().attempted('write-gcra');
    a.getState().solutionViewed('write-gcra');
    a.getState().solutionLoaded('write-gcra');
    const reloaded = createProgressStore(store, () => new Date(t));
    expect(reloaded.getState().review['question:token-bucket:2']?.step).toBe(0);
    expect(reloaded.getState().attempts['write-gcra']).toBe(2);
    expect(reloaded.getState().solutionsLoaded['write-gcra']).toBeTruthy();
    const file = JSON.parse(a.exportProgress());
    expect(Object.keys(file)).toEqual(
      expect.arrayContaining(['review', 'attempts', 'solutionsViewed', 'solutionsLoaded']),
    );
    const b = createProgressStore(memory(), () => new Date(t));
    const r = b.importProgress(a.exportProgress());
    expect(r).toMatchObject({ ok: true, counts: { review: 1 } });
    expect(b.getState().review['question:token-bucket:2']?.href).toBe('#/lessons/token-bucket?q=2');
    expect(b.getState().attempts['write-gcra']).toBe(2);
  });

  it('damaged review items are refused, not trusted', () => {
    const b = createProgressStore(memory());
    const bad = { app: 'rate-limit-lab', kind: 'progress', version: 1, review: { x: { step: 9 } } };
    const r = b.importProgress(JSON.stringify(bad));
    expect(r.ok).toBe(false);
    const evil = {
      ...bad,
      review: {
        x: {
          title: 't',
          href: 'javascript:alert(1)',
          step: 0,
          due: '2026-01-01T00:00:00Z',
          missed: '2026-01-01T00:00:00Z',
        },
      },
    };
    expect(b.importProgress(JSON.stringify(evil)).ok).toBe(false);
    // An old file without the new fields still imports.
    const old = {
      app: 'rate-limit-lab',
      kind: 'progress',
      version: 1,
      lessonsRead: { a: '2026-01-01T00:00:00Z' },
    };
    expect(b.importProgress(JSON.stringify(old)).ok).toBe(true);
    const s = memory();
    s.setItem(PROGRESS_KEY, JSON.stringify({ ...old, attempts: { x: -1 } }));
    expect(createProgressStore(s).getState().notice?.kind).toBe('error');
  });
});
