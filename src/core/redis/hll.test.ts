import { describe, expect, it } from 'vitest';
import { toBytes } from './bytes';
import { emptyHll, estimate, hllSet, HLL_DENSE_SIZE, isHll, patLen, registers } from './hll';

function addAll(n0: number, n1: number, start = emptyHll()): Uint8Array {
  let b = start;
  for (let i = n0; i < n1; i++) {
    const { index, count } = patLen(toBytes(`ip-${i}`));
    b = hllSet(b, index, count)!.bytes;
  }
  return b;
}

describe("Redis's HyperLogLog", () => {
  it('starts as an 18-byte sparse HLL that counts 0', () => {
    const b = emptyHll();
    expect(b.length).toBe(18);
    expect(isHll(b)).toBe(true);
    expect(estimate(registers(b)!)).toBe(0);
  });
  it('counts and sizes as redis-server 7.0.15 (PFCOUNT 1004 in 1912 bytes, then 9977 dense)', () => {
    const sparse = addAll(0, 1000);
    expect(sparse.length).toBe(1912);
    expect(estimate(registers(sparse)!)).toBe(1004);
    const dense = addAll(1000, 10000, sparse);
    expect(dense.length).toBe(HLL_DENSE_SIZE);
    expect(estimate(registers(dense)!)).toBe(9977);
  });
});
