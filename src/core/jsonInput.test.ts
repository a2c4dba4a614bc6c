import { describe, expect, it } from 'vitest';
import { MAX_JSON_CHARS, MAX_JSON_DEPTH, deepestPoint, parseJsonInput } from './jsonInput';

const nested = (n: number) => '['.repeat(n) + ']'.repeat(n);

describe('JSON input limits', () => {
  it('reads JSON up to MAX_JSON_DEPTH levels and refuses one more, saying where', () => {
    expect(MAX_JSON_DEPTH).toBe(100);
    expect(parseJsonInput(nested(100))).toMatchObject({ ok: true });
    expect(parseJsonInput(nested(101))).toEqual({
      ok: false,
      message:
        'input nests arrays and objects more than 100 levels deep (column 101); the lab reads at most 100',
    });
    const lines = `{\n "a": [\n${nested(200)}]}`;
    expect(deepestPoint(lines)).toEqual({ line: 3, column: 99 });
  });

  it('refuses 100,000 levels without a stack overflow, objects as arrays', () => {
    const deep = '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000);
    const r = parseJsonInput(deep, 'answer.json');
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toMatch(/^answer\.json nests arrays and objects more than 100/);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ s: '['.repeat(500) + '\\"[[[' + '{'.repeat(500) });
    expect(parseJsonInput(text)).toMatchObject({ ok: true });
  });

  it('names invalid JSON and text that is too long before reading it', () => {
    expect(parseJsonInput('{nope', 'x.json')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^x\.json is not valid JSON: /) as unknown,
    });
    const long = parseJsonInput(' '.repeat(MAX_JSON_CHARS + 1));
    expect(long).toMatchObject({
      ok: false,
      message: expect.stringMatching(
        /^input is 67,108,865 characters long; the lab reads at most 67,108,864$/,
      ) as unknown,
    });
  });
});
