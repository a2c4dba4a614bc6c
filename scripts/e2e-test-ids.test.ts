// Issue 23: a spec finds elements through the page object of its route (e2e/pages/), where each
// test id is written once. A spec that names a test id itself (getByTestId or a data-testid
// selector) is what this check refuses, naming the file and line.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const E2E = join(import.meta.dirname, '..', 'e2e');

/** What a spec may not write: the page objects hold these. */
const RAW = [/getByTestId\(/, /data-testid/];

/** Each line of a spec's text that names a test id itself, as "file:line: text". */
function rawTestIds(file: string, text: string): string[] {
  return text
    .split('\n')
    .map((line, i) => ({ line, n: i + 1 }))
    .filter(({ line }) => RAW.some((re) => re.test(line)))
    .map(({ line, n }) => `${file}:${n}: ${line.trim()}`);
}

function specs(dir: string, rel = 'e2e'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.isDirectory()) return specs(join(dir, e.name), `${rel}/${e.name}`);
    return e.name.endsWith('.spec.ts') ? [`${rel}/${e.name}`] : [];
  });
}

describe('e2e specs find elements through page objects', () => {
  it('finds the specs', () => {
    expect(specs(E2E).length).toBeGreaterThan(20);
  });

  it('no spec names a test id (getByTestId or data-testid): use e2e/pages/', () => {
    const found = specs(E2E).flatMap((f) =>
      rawTestIds(f, readFileSync(join(E2E, '..', f), 'utf8')),
    );
    expect(found).toEqual([]);
  });

  it('the check sees both forms, and leaves a page object call alone', () => {
    const text = [
      "await page.getByTestId('clock-now').click();",
      'page.locator(\'[data-testid="distribution"] li\');',
      'await expect(lab.clock).toHaveText("1.00");',
    ].join('\n');
    expect(rawTestIds('e2e/x.spec.ts', text)).toEqual([
      "e2e/x.spec.ts:1: await page.getByTestId('clock-now').click();",
      'e2e/x.spec.ts:2: page.locator(\'[data-testid="distribution"] li\');',
    ]);
  });
});
