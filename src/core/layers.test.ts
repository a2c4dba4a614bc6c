// No import runs in a circle among src/core's folders (lab -> production -> lab was one):
// each folder may lean on lower ones, never on one that leans back on it. Tests may import
// anything and are left out; files directly in src/core count as one folder, "(root)".
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const CORE = dirname(fileURLToPath(import.meta.url));
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = join(dir, d.name);
    if (d.isDirectory()) return sources(p);
    return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [p] : [];
  });
}

const folderOf = (file: string): string | null => {
  const parts = relative(CORE, file).split(sep);
  if (parts[0] === '..') return null;
  return parts.length > 1 ? parts[0]! : '(root)';
};

/** Folder -> the folders its files import, with one file that does, for the message. */
function folderGraph(): Map<string, Map<string, string>> {
  const g = new Map<string, Map<string, string>>();
  for (const file of sources(CORE)) {
    const from = folderOf(file)!;
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      const to = folderOf(normalize(join(dirname(file), m[1]!)));
      if (to === null || to === from) continue;
      let out = g.get(from);
      if (!out) g.set(from, (out = new Map()));
      if (!out.has(to)) out.set(to, relative(CORE, file));
    }
  }
  return g;
}

/** Every cycle found by a depth-first search, each as the folders around it. */
function cyclesOf(g: Map<string, Iterable<string>>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const found: string[][] = [];
  const visit = (n: string): void => {
    state.set(n, 'open');
    path.push(n);
    for (const m of g.get(n) ?? []) {
      const s = state.get(m);
      if (s === 'open') found.push([...path.slice(path.indexOf(m)), m]);
      else if (s === undefined) visit(m);
    }
    path.pop();
    state.set(n, 'done');
  };
  for (const n of [...g.keys()].sort()) if (!state.has(n)) visit(n);
  return found;
}

describe('src/core folders', () => {
  it('the cycle finder finds a cycle, and none in a chain', () => {
    const g = (e: Record<string, string[]>) => new Map(Object.entries(e));
    expect(cyclesOf(g({ lab: ['production', 'sim'], production: ['lab'] }))).toEqual([
      ['lab', 'production', 'lab'],
    ]);
    expect(cyclesOf(g({ a: ['b'], b: ['c'], c: ['a'] }))).toEqual([['a', 'b', 'c', 'a']]);
    expect(cyclesOf(g({ a: ['b', 'c'], b: ['c'], c: [] }))).toEqual([]);
  });

  it('import each other in no circle', () => {
    const graph = folderGraph();
    // The graph is real: the engine's folder leans on lower ones.
    expect([...(graph.get('lab')?.keys() ?? [])]).toContain('limiters');
    const cycles = cyclesOf(new Map([...graph].map(([k, v]) => [k, [...v.keys()]])));
    const say = cycles.map((c) =>
      c
        .slice(1)
        .map((to, k) => `${c[k]} -> ${to} (${graph.get(c[k]!)!.get(to)})`)
        .join(', '),
    );
    expect(say).toEqual([]);
  });
});
