import { describe, expect, it } from 'vitest';
import { MemoryGuard, sizeOf } from './labMemory';

describe('the memory guard of a lab run', () => {
  it('counts the texts of key snapshots and arguments', () => {
    expect(sizeOf('abc')).toBe(3);
    expect(sizeOf(['SET', 'k', 'vv'])).toBe(16 + 6);
    expect(sizeOf({ key: 'k', value: [['f', 'v']], ttlMs: null })).toBe(16 + 1 + 16 + 16 + 2);
  });

  it('lets writes through under the cap, measures the models past it, refuses while over', () => {
    let held = 0;
    let measured = 0;
    const g = new MemoryGuard(() => {
      measured++;
      return held;
    }, 1000);
    const w = (n: number) => ['SET', 'k', 'x'.repeat(n)];
    expect(g.allow(0, w(500))).toBe(true);
    held = 520;
    expect(g.allow(1, w(500))).toBe(false); // 520 held + 520 over 1000: measured, refused
    expect(measured).toBe(1);
    expect(g.allow(1, w(500))).toBe(false); // the same script run: no second measure
    expect(measured).toBe(1);
    expect(g.allow(1, w(10))).toBe(true); // a small write still fits
    held = 100; // a later run deleted keys: measured again, let through
    expect(g.allow(2, w(500))).toBe(true);
    expect(measured).toBe(2);
  });

  it('caps the bytes one script run writes, however small the models stay', () => {
    const g = new MemoryGuard(() => 0, 1e9, 1000);
    const w = ['SET', 'k', 'x'.repeat(280)]; // 300 bytes
    expect([1, 2, 3, 4].map(() => g.allow(0, w))).toEqual([true, true, true, false]);
    expect(g.allow(1, w)).toBe(true); // the next run starts afresh
  });
});
