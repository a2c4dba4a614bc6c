import { describe, expect, it } from 'vitest';
import { canonicalKeys, keyDifferences, replyDifference } from './compare';

describe('replyDifference', () => {
  it('is null for equal replies', () => {
    expect(replyDifference([1, 'a', null, { ok: 'OK' }], [1, 'a', null, { ok: 'OK' }])).toBeNull();
  });
  it('names an error only one side raises', () => {
    expect(replyDifference({ err: 'ERR x' }, 1)).toBe('only the model answered an error: ERR x');
    expect(replyDifference('1', { err: 'NOSCRIPT y' })).toBe(
      'only the real server answered an error: NOSCRIPT y',
    );
  });
  it('marks the same number written differently, inside arrays too', () => {
    expect(replyDifference(['a', '1.5'], ['a', '1.50'])).toBe(
      'the same number written differently at [1]: "1.5" and "1.50"',
    );
  });
  it('tells a status from a bulk string', () => {
    expect(replyDifference({ ok: 'OK' }, 'OK')).toBe(
      'the model answered a status, the real server a bulk string',
    );
  });
});

describe('keyDifferences', () => {
  const k = (key: string, value: string, ttlMs: number | null = null) => ({
    key,
    type: 'string',
    value,
    ttlMs,
  });
  it('finds missing keys, other values and expiries', () => {
    const d = keyDifferences(
      [k('a', '1'), k('b', '2', 1000), k('c', '3', 5000)],
      [k('a', '2'), k('b', '2'), k('c', '3', 4990), k('d', '4')],
      50,
    ).map((x) => x.note);
    expect(d).toEqual([
      '"a" holds "1" on the model, "2" for real',
      '"b" has an expiry on the model, none for real',
      '"d" exists only on the real server',
    ]);
    expect(keyDifferences([k('c', '3', 5000)], [k('c', '3', 3000)], 50)[0]!.note).toBe(
      '"c" expires in 5000 ms on the model, 3000 ms for real',
    );
  });
  it('orders sets and hashes the same on both sides', () => {
    const a = canonicalKeys([{ key: 's', type: 'set', value: ['b', 'a'], ttlMs: null }]);
    expect(a[0]!.value).toEqual(['a', 'b']);
  });
});
