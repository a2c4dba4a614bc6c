// The lab's first view loads only what it shows (issue 24: <= 150 KB gzip of JavaScript): the
// code the first screen never draws (the production panels, the caption's production lines and
// the report and signals code behind them) is imported lazily, never from the lab page's static
// imports. This follows those imports through the source files.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../../..');

/** The files a module imports statically (value imports and re-exports; no `import type`). */
function staticImports(file: string): string[] {
  const src = readFileSync(file, 'utf8');
  const out: string[] = [];
  const re = /^(?:import|export)\s+(type\s+)?([^'";]*?)\s*from\s+'(\.[^']+)'/gms;
  for (const m of src.matchAll(re)) {
    if (m[1]) continue;
    const names = m[2] ?? '';
    // `import { type A, type B } from` is erased as well.
    const inner = /^\{([^}]*)\}$/.exec(names.trim());
    if (inner && inner[1]!.split(',').every((n) => !n.trim() || /^type\s/.test(n.trim()))) continue;
    const base = resolve(dirname(file), m[3]!);
    const hit = ['.ts', '.tsx', '/index.ts', '/index.tsx', ''].map((e) => base + e);
    const f = hit.find((p) => existsSync(p) && /\.tsx?$/.test(p));
    if (f) out.push(f);
  }
  return out;
}

function closure(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (f: string) => {
    if (seen.has(f)) return;
    seen.add(f);
    for (const i of staticImports(f)) visit(i);
  };
  visit(entry);
  return new Set([...seen].map((f) => relative(ROOT, f).replaceAll('\\', '/')));
}

describe('the lab page static imports', () => {
  const files = closure(join(ROOT, 'src/ui/pages/LabPage.tsx'));

  it('follow the imports (sanity: the scene and its views are in)', () => {
    expect(files).toContain('src/ui/pages/labFirstView.tsx');
    expect(files).toContain('src/ui/lab/production/derived.ts');
    expect(files).toContain('src/core/production/viewsOfRun.ts');
  });

  it.each([
    'src/ui/lab/production/ProductionPanels.tsx',
    'src/ui/lab/production/Caption.tsx',
    'src/ui/lab/production/reports.ts',
    'src/core/production/ofRun.ts',
    'src/core/production/report.ts',
    'src/core/production/signals.ts',
    'src/ui/lab/Charts.tsx',
  ])('leave out %s (loaded lazily)', (f) => {
    expect(existsSync(join(ROOT, f))).toBe(true);
    expect(files).not.toContain(f);
  });
});
