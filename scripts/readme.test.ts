// The README tells the truth about the tree: every file or folder it names exists (templates
// such as `<myAlg>.ts` aside), and its folder map lists every folder of src/ and src/core/.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { stepBudgetText } from '../src/core/lua/budget';

const readme = readFileSync('README.md', 'utf8');
const ROOTS = '(?:src|test|e2e|docs|scripts|lessons)';

describe('README', () => {
  it('names only files and folders that exist', () => {
    const named = new Set<string>();
    for (const m of readme.matchAll(new RegExp(`(?<![\\w/.])${ROOTS}/[\\w./-]*`, 'g')))
      named.add(m[0].replace(/[.,:;]+$/, ''));
    expect(named.size).toBeGreaterThan(10);
    const missing = [...named].filter((p) => !existsSync(p));
    expect(missing).toEqual([]);
  });

  it('names test files that exist (the ones to run one at a time)', () => {
    const tests = [...readme.matchAll(/[\w./-]+\.(?:test|spec)\.tsx?/g)].map((m) => m[0]);
    expect(tests.length).toBeGreaterThan(0);
    expect(tests.filter((t) => !existsSync(t))).toEqual([]);
  });

  it('states the script step budget as the code does (core/lua/budget.ts)', () => {
    expect(readme).toContain(`step budget (${stepBudgetText()},`);
    expect(readme).not.toMatch(/\d+ million steps/);
  });

  it('its folder map lists every folder of src/ and src/core/', () => {
    const map = readme.slice(readme.indexOf('## Folder map'), readme.indexOf('## Add an'));
    const listed = new Set([...map.matchAll(/^\| `([^`]+)\/`/gm)].map((m) => m[1]!));
    const dirs = (d: string) =>
      readdirSync(d)
        .filter((x) => statSync(`${d}/${x}`).isDirectory())
        .map((x) => `${d}/${x}`);
    const tree = [...dirs('src'), ...dirs('src/core')];
    expect(tree.filter((d) => !listed.has(d))).toEqual([]);
    expect([...listed].filter((d) => !existsSync(d))).toEqual([]);
  });
});
