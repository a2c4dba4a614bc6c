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

/** Storage shared by two tabs: a write from one fires the other's storage watcher. */
function sharedTabs() {
  const m = memory();
  const watchers = new Set<() => void>();
  const tab = () => {
    let mine: (() => void) | null = null;
    const storage = {
      getItem: m.getItem,
      removeItem: m.removeItem,
      setItem: (k: string, v: string) => {
        m.setItem(k, v);
        for (const w of watchers) if (w !== mine) w();
      },
    };
    return createProgressStore(
      storage,
      () => new Date('2026-03-01T00:00:00Z'),
      (_key, on) => {
        mine = on;
        watchers.add(on);
        return () => watchers.delete(on);
      },
    );
  };
  return { m, tab };
}

/** Storage that throws as a full localStorage does. */
function fullStorage() {
  const m = memory();
  const full: typeof m = {
    ...m,
    setItem: () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    },
  };
  return full;
}

describe('progress in two tabs', () => {
  it("a stale tab's save changes only its own item: the other tab's code survives", () => {
    const { m, tab } = sharedTabs();
    const a = tab();
    const b = tab(); // opened before a saved anything: its copy is stale
    a.getState().save('write-gcra', 'code from tab A');
    b.getState().markRead('token-bucket');
    b.getState().save('fix-race', 'code from tab B');
    b.getState().attempted('write-gcra');
    const stored = JSON.parse(m.m.get(PROGRESS_KEY)!);
    expect(stored.saved).toEqual({
      'write-gcra': 'code from tab A',
      'fix-race': 'code from tab B',
    });
    expect(stored.lessonsRead['token-bucket']).toBeTruthy();
    // Each tab now shows the merged copy.
    expect(a.getState().saved['fix-race']).toBe('code from tab B');
    expect(b.getState().saved['write-gcra']).toBe('code from tab A');
  });

  it('the same problem edited in both tabs: the later save wins and the other is offered', () => {
    const m = memory();
    m.setItem(PROGRESS_KEY, JSON.stringify({ saved: { p: 'start' } }));
    const noWatch = () => () => {};
    const a = createProgressStore(m, undefined, noWatch);
    const b = createProgressStore(m, undefined, noWatch);
    a.getState().save('p', 'A edited');
    b.getState().save('p', 'B edited');
    expect(JSON.parse(m.m.get(PROGRESS_KEY)!).saved.p).toBe('B edited');
    const n = b.getState().notice;
    expect(n?.text).toMatch(/Another tab saved different code for "p"/);
    expect(n?.download).toMatchObject({ text: 'A edited' });
    // Saving on in tab B is no new conflict.
    b.getState().dismissNotice();
    b.getState().save('p', 'B again');
    expect(b.getState().notice).toBeNull();
  });
});

describe('progress when storage is full', () => {
  it('a failed save is said, offers the progress as a file, and is written once storage frees', () => {
    const full = fullStorage();
    const s = createProgressStore(full, undefined, () => () => {});
    s.getState().markRead('intro');
    s.getState().save('p', 'my code');
    const n = s.getState().notice;
    expect(n).toMatchObject({ kind: 'error' });
    expect(n?.text).toMatch(/could not be saved: this browser's storage for the lab is full/);
    expect(JSON.parse(n!.download!.text)).toMatchObject({
      saved: { p: 'my code' },
      lessonsRead: { intro: expect.any(String) },
    });
    // Nothing is lost on the page; when storage takes writes again, everything is written.
    full.setItem = (k: string, v: string) => void full.m.set(k, v);
    s.getState().markRead('second');
    const stored = JSON.parse(full.m.get(PROGRESS_KEY)!);
    expect(stored.saved).toEqual({ p: 'my code' });
    expect(Object.keys(stored.lessonsRead).sort()).toEqual(['intro', 'second']);
    expect(s.getState().notice).toBeNull();
  });

  it('an import that cannot be stored is not called imported', () => {
    const s = createProgressStore(fullStorage(), undefined, () => () => {});
    const file = {
      app: 'rate-limit-lab',
      kind: 'progress',
      version: 1,
      saved: { p: 'x'.repeat(1000) },
    };
    const r = s.importProgress(JSON.stringify(file));
    expect(r.ok).toBe(false);
    const n = s.getState().notice!;
    expect(n.text).not.toMatch(/^Imported/);
    expect(n.text).toMatch(/read but not imported: this browser's storage for the lab is full/);
    expect(JSON.parse(n.download!.text).saved.p).toHaveLength(1000);
  });

  it('storage switched off is said too', () => {
    const s = createProgressStore(null, undefined, () => () => {});
    s.getState().markRead('intro');
    expect(s.getState().notice?.text).toMatch(/storage is off/);
  });
});
