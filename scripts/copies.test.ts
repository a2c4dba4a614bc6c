// One definition per helper: "is this a JSON object" (src/core/util/isObj.ts) and "what was
// thrown, as text" (src/core/util/errorMessage.ts) once had 19 and 17 copies. This keeps new
// copies out: a file that needs either imports it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const d of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, d.name);
    if (d.isDirectory()) out.push(...sources(p));
    else if (/\.(ts|tsx)$/.test(d.name)) out.push(p);
  }
  return out;
}

const FILES = [...sources('src'), ...sources('scripts'), ...sources('e2e')].map((path) => ({
  path,
  text: readFileSync(path, 'utf8'),
}));

/** Files (and lines) where `re` matches, the helper's own file left out. */
function copiesOf(re: RegExp, home: string): string[] {
  const hits: string[] = [];
  for (const f of FILES) {
    if (f.path === home) continue;
    f.text.split('\n').forEach((line, i) => {
      if (re.test(line)) hits.push(`${f.path}:${i + 1}: ${line.trim()}`);
    });
  }
  return hits;
}

describe('shared helpers are defined once', () => {
  it('finds the source files', () => {
    expect(FILES.some((f) => f.path === join('src', 'core', 'util', 'isObj.ts'))).toBe(true);
  });

  it('isObj: import it from src/core/util/isObj.ts, never define another', () => {
    const defs = copiesOf(
      /\b(function|const|let|var)\s+isObj\b|typeof (\w+) === 'object' && \2 !== null && !Array\.isArray\(\2\)(?!\s*&&)/,
      join('src', 'core', 'util', 'isObj.ts'),
    );
    expect(defs).toEqual([]);
  });

  it('errorMessage: use src/core/util/errorMessage.ts, never spell out the idiom again', () => {
    const copies = copiesOf(
      /instanceof Error\s*\?\s*[\w.]+\.message\s*:\s*String\(/,
      join('src', 'core', 'util', 'errorMessage.ts'),
    );
    expect(copies).toEqual([]);
  });
});
