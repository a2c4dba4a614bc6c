import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { offsetAt, positionAt } from './caret';

describe('caret', () => {
  const text = 'local a = 1\n\nreturn a';
  it('maps offsets to 1-based lines and columns, line breaks included', () => {
    expect(positionAt(text, 0)).toEqual({ lineNumber: 1, column: 1 });
    expect(positionAt(text, 11)).toEqual({ lineNumber: 1, column: 12 });
    expect(positionAt(text, 12)).toEqual({ lineNumber: 2, column: 1 });
    expect(positionAt(text, 13)).toEqual({ lineNumber: 3, column: 1 });
    expect(positionAt(text, text.length)).toEqual({ lineNumber: 3, column: 9 });
    expect(positionAt(text, 999)).toEqual({ lineNumber: 3, column: 9 });
    expect(positionAt('', 0)).toEqual({ lineNumber: 1, column: 1 });
  });

  it('maps lines and columns back, clamped to the line', () => {
    expect(offsetAt(text, 3, 1)).toBe(13);
    expect(offsetAt(text, 1, 99)).toBe(11);
    expect(offsetAt(text, 9, 1)).toBe(13);
  });

  it('round-trips every offset of any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'b', '\n', ' ') }), fc.nat(), (t, k) => {
        const o = t.length === 0 ? 0 : k % (t.length + 1);
        const p = positionAt(t, o);
        expect(offsetAt(t, p.lineNumber, p.column)).toBe(o);
      }),
    );
  });
});
