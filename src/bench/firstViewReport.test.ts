import { describe, expect, it } from 'vitest';
import { firstViewScripts, goalLine, goals, gzipBytes, median } from './firstViewReport';

describe('first-view scripts', () => {
  const entries = [
    { url: 'http://h/assets/index-a.js', startTime: 10 },
    { url: 'http://h/assets/index-a.js', startTime: 11 },
    { url: 'http://h/assets/LabPage-b.js', startTime: 300 },
    { url: 'http://h/assets/lab-c.css', startTime: 300 },
    { url: 'http://h/assets/Charts-d.js', startTime: 900 },
  ];

  it('counts the scripts asked for before the prefetch mark, each once, no stylesheets', () => {
    expect(firstViewScripts(entries, 800)).toEqual([
      'http://h/assets/index-a.js',
      'http://h/assets/LabPage-b.js',
    ]);
  });

  it('counts every script of a page with no mark', () => {
    expect(firstViewScripts(entries, null)).toHaveLength(3);
  });

  it('sums measured gzip sizes and names a script with none', () => {
    const gz = new Map([
      ['a.js', 100],
      ['b.js', 50],
    ]);
    expect(gzipBytes(['a.js', 'b.js'], gz)).toBe(150);
    expect(() => gzipBytes(['a.js', 'c.js'], gz)).toThrow(/c\.js/);
  });
});

describe('medians and goals', () => {
  it('takes the middle round (odd) or the mean of the two middle ones (even)', () => {
    expect(median([5, 1, 9, 3, 7, 2, 8])).toBe(5);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow();
  });

  it('compares each ratio and the bytes with its goal', () => {
    const g = goals({
      helloMs: 400,
      labMs: 520,
      editorMs: 900,
      helloBytes: 60_000,
      labBytes: 160 * 1024,
    });
    expect(g.map((x) => x.met)).toEqual([true, false, false]);
    expect(g[0]!.value).toBeCloseTo(1.3);
    expect(goalLine(g[1]!)).toBe(
      '#/editor ready to type / hello-world: 2.25x (goal <= 2x): NOT met',
    );
    expect(goalLine(g[2]!)).toBe(
      '#/lab first-view JavaScript, gzip: 160.0 KB (goal <= 150 KB): NOT met',
    );
  });
});
