import { describe, expect, it } from 'vitest';
import { caseCountLine, caseNameLegend } from './feedback';
import { runCases, type HiddenCase } from './harness';

const pass = (name: string): HiddenCase => ({ name, check: () => null });
const fail = (name: string): HiddenCase => ({
  name,
  check: () => ({ name, message: `${name} went wrong` }),
});

describe('case counts', () => {
  it('agree with the summary: case 2 of 9 failed, 1 passed, 7 not run', async () => {
    const r = await runCases([
      pass('a'),
      fail('b'),
      ...['c', 'd', 'e', 'f', 'g', 'h', 'i'].map(pass),
    ]);
    expect(r.summary).toBe('Failed on hidden case 2 of 9: b.');
    expect(r.total).toBe(9);
    const line = caseCountLine(r)!;
    expect(line).toContain('1 passed, 1 failed, 7 not run yet (of 9)');
    expect(line).toMatch(/stops at the first failure/);
  });

  it('say every case passed, counted once', async () => {
    const r = await runCases([pass('a'), pass('b'), pass('c')]);
    expect(caseCountLine(r)).toBe('All 3 hidden cases passed.');
  });

  it('a failure on the last case leaves none waiting', async () => {
    const r = await runCases([pass('a'), fail('b')]);
    expect(caseCountLine(r)).toBe('Hidden cases: 1 passed, 1 failed (of 2).');
  });

  it('a grade with no cases (stopped, or a grader error) has no count line', () => {
    expect(caseCountLine({ passed: false, cases: [] })).toBeNull();
  });

  it('a grade without a total counts what ran', () => {
    const line = caseCountLine({
      passed: false,
      cases: [
        { name: 'a', passed: true },
        { name: 'b', passed: false },
      ],
    });
    expect(line).toBe('Hidden cases: 1 passed, 1 failed (of 2).');
  });
});

describe('what the problem is about runs first', () => {
  it('cases marked about run before the others, each group in its own order', async () => {
    const order: string[] = [];
    const c = (name: string, about = false): HiddenCase => ({
      name,
      about,
      check: () => {
        order.push(name);
        return null;
      },
    });
    await runCases([c('a'), c('crash', true), c('b'), c('crash 2', true)]);
    expect(order).toEqual(['crash', 'crash 2', 'a', 'b']);
  });

  it('the first failure shown is the one the problem is about, though an earlier case fails', async () => {
    const r = await runCases([fail('Retry-After'), { ...fail('the crash'), about: true }]);
    expect(r.failure?.name).toBe('the crash');
    expect(r.summary).toBe('Failed on hidden case 1 of 2: the crash.');
  });
});

describe('"(N)" in case names', () => {
  it('is explained when a case name uses it', () => {
    const legend = caseNameLegend(['3 requests (N)', '4 requests (N+1)'])!;
    expect(legend).toMatch(/N is the limit/);
    expect(legend).toMatch(/\(N\+1\) one more/);
  });

  it('needs no note otherwise', () => {
    expect(caseNameLegend(['a burst straddling a boundary'])).toBeNull();
    expect(caseNameLegend(['the problem-details JSON (RFC 9457)'])).toBeNull();
  });
});
