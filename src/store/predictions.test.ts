import { describe, expect, it } from 'vitest';
import { createProgressStore, PROGRESS_KEY } from './progress';
import { predictionScore } from './progressMerge';

function memory() {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
    m,
  };
}

describe('predictions are kept with progress', () => {
  it('keeps the first answer per prompt, counts only real predictions, and reset clears them', () => {
    const mem = memory();
    const s = createProgressStore(mem, () => new Date('2026-01-01T10:00:00Z'));
    s.getState().predicted('lab:first-view', 3, false);
    // A second answer after seeing the outcome is not a prediction.
    s.getState().predicted('lab:first-view', 5, true);
    s.getState().predicted('lesson:a:lab-1', 2, true);
    s.getState().predicted('lesson:a:lab-2', null, null);
    expect(s.getState().predictions['lab:first-view']).toEqual({
      said: 3,
      right: false,
      at: '2026-01-01T10:00:00.000Z',
    });
    expect(predictionScore(s.getState().predictions)).toEqual({ right: 1, made: 2 });
    // Stored: a reload reads them back.
    const again = createProgressStore(mem);
    expect(predictionScore(again.getState().predictions)).toEqual({ right: 1, made: 2 });
    s.getState().reset();
    expect(s.getState().predictions).toEqual({});
    expect(JSON.parse(mem.m.get(PROGRESS_KEY)!).predictions).toEqual({});
  });

  it('exports and imports them; a damaged prediction refuses the file, naming it', () => {
    const a = createProgressStore(memory());
    a.getState().markRead('intro');
    a.getState().predicted('p1', 4, true);
    const b = createProgressStore(memory());
    expect(b.importProgress(a.exportProgress()).ok).toBe(true);
    expect(b.getState().predictions.p1).toMatchObject({ said: 4, right: true });
    const bad = JSON.stringify({
      lessonsRead: {},
      predictions: { p2: { said: 'four', right: true, at: 'x' } },
    });
    const r = b.importProgress(bad);
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.message).toMatch(/prediction "p2" is damaged/);
  });
});
