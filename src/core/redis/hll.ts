// Redis's HyperLogLog (hyperloglog.c, redis-server 7.0.15), ported so that PFADD and PFCOUNT
// answer exactly what Redis answers and the stored string has Redis's bytes: a 16-byte header
// ("HYLL", encoding, 3 unused, an 8-byte cached cardinality whose top bit marks it stale),
// then 16384 six-bit registers, either sparse (ZERO / XZERO / VAL opcodes, up to
// hll-sparse-max-bytes 3000) or dense (12288 bytes). MurmurHash64A picks the register and the
// run of zeros; the count is Ertl's estimator (hllTau / hllSigma) as Redis computes it.

export const HLL_P = 14;
export const HLL_REGISTERS = 1 << HLL_P;
const HLL_Q = 64 - HLL_P;
const HLL_HDR = 16;
export const HLL_DENSE_SIZE = HLL_HDR + (HLL_REGISTERS * 6) / 8;
const DENSE = 0;
const SPARSE = 1;
const VAL_MAX_VALUE = 32;
const VAL_MAX_LEN = 4;
const ZERO_MAX_LEN = 64;
/** Redis's hll-sparse-max-bytes default. */
const SPARSE_MAX_BYTES = 3000;
// 0.5 / ln(2); Redis writes it as 0.721347520444481703680, the same double.
const ALPHA_INF = 0.7213475204444817;

const M64 = (1n << 64n) - 1n;
const MUL = 0xc6a4a7935bd1e995n;

/** MurmurHash64A (seed 0xadc83b19), on a little-endian machine as Redis runs. */
export function murmur64a(key: Uint8Array, seed = 0xadc83b19n): bigint {
  const len = key.length;
  let h = (seed ^ ((BigInt(len) * MUL) & M64)) & M64;
  const end = len - (len & 7);
  for (let i = 0; i < end; i += 8) {
    let k = 0n;
    for (let b = 7; b >= 0; b--) k = (k << 8n) | BigInt(key[i + b]!);
    k = (k * MUL) & M64;
    k ^= k >> 47n;
    k = (k * MUL) & M64;
    h ^= k;
    h = (h * MUL) & M64;
  }
  const rest = len & 7;
  if (rest > 0) {
    for (let b = rest - 1; b >= 0; b--) h ^= BigInt(key[end + b]!) << BigInt(8 * b);
    h = (h * MUL) & M64;
  }
  h ^= h >> 47n;
  h = (h * MUL) & M64;
  h ^= h >> 47n;
  return h;
}

/** hllPatLen: the register an element lands in and its run of zeros plus one. */
export function patLen(ele: Uint8Array): { index: number; count: number } {
  let hash = murmur64a(ele);
  const index = Number(hash & BigInt(HLL_REGISTERS - 1));
  hash >>= BigInt(HLL_P);
  hash |= 1n << BigInt(HLL_Q);
  let count = 1;
  let bit = 1n;
  while ((hash & bit) === 0n) {
    count++;
    bit <<= 1n;
  }
  return { index, count };
}

/** createHLLObject: an empty sparse HLL (one XZERO of 16384). */
export function emptyHll(): Uint8Array {
  const b = new Uint8Array(HLL_HDR + 2);
  b.set([0x48, 0x59, 0x4c, 0x4c], 0); // HYLL
  b[4] = SPARSE;
  b[HLL_HDR] = 0x40 | ((HLL_REGISTERS - 1) >> 8);
  b[HLL_HDR + 1] = (HLL_REGISTERS - 1) & 0xff;
  return b;
}

/** isHLLObjectOrReply's check of the bytes. */
export function isHll(b: Uint8Array): boolean {
  if (b.length < HLL_HDR) return false;
  if (b[0] !== 0x48 || b[1] !== 0x59 || b[2] !== 0x4c || b[3] !== 0x4c) return false;
  if (b[4]! > SPARSE) return false;
  return b[4] !== DENSE || b.length === HLL_DENSE_SIZE;
}

function denseGet(b: Uint8Array, reg: number): number {
  const byte = HLL_HDR + ((reg * 6) >> 3);
  const fb = (reg * 6) & 7;
  return ((b[byte]! >> fb) | ((b[byte + 1] ?? 0) << (8 - fb))) & 63;
}

function denseSet(b: Uint8Array, reg: number, v: number): void {
  const byte = HLL_HDR + ((reg * 6) >> 3);
  const fb = (reg * 6) & 7;
  b[byte] = (b[byte]! & ~(63 << fb)) | ((v << fb) & 0xff);
  if (byte + 1 < b.length) b[byte + 1] = (b[byte + 1]! & ~(63 >> (8 - fb))) | (v >> (8 - fb));
}

/** Every register's value, from either encoding; null when the sparse form is corrupt. */
export function registers(b: Uint8Array): Uint8Array | null {
  const regs = new Uint8Array(HLL_REGISTERS);
  if (b[4] === DENSE) {
    for (let i = 0; i < HLL_REGISTERS; i++) regs[i] = denseGet(b, i);
    return regs;
  }
  let idx = 0;
  for (let p = HLL_HDR; p < b.length;) {
    const op = b[p]!;
    let run: number;
    if ((op & 0xc0) === 0) {
      run = (op & 0x3f) + 1;
      p++;
    } else if ((op & 0xc0) === 0x40) {
      run = (((op & 0x3f) << 8) | (b[p + 1] ?? 0)) + 1;
      p += 2;
    } else {
      run = (op & 3) + 1;
      const v = ((op >> 2) & 0x1f) + 1;
      if (idx + run > HLL_REGISTERS) return null;
      regs.fill(v, idx, idx + run);
      p++;
    }
    if (idx + run > HLL_REGISTERS) return null;
    idx += run;
  }
  return idx === HLL_REGISTERS ? regs : null;
}

function toDense(b: Uint8Array): Uint8Array | null {
  const regs = registers(b);
  if (regs === null) return null;
  const d = new Uint8Array(HLL_DENSE_SIZE);
  d.set(b.subarray(0, HLL_HDR));
  d[4] = DENSE;
  for (let i = 0; i < HLL_REGISTERS; i++) if (regs[i]) denseSet(d, i, regs[i]!);
  return d;
}

const valOp = (v: number, len: number): number => 0x80 | ((v - 1) << 2) | (len - 1);
const isVal = (op: number): boolean => (op & 0x80) !== 0;
const valValue = (op: number): number => ((op >> 2) & 0x1f) + 1;
const valLen = (op: number): number => (op & 3) + 1;

function zeroOps(len: number): number[] {
  const l = len - 1;
  return len > ZERO_MAX_LEN ? [0x40 | (l >> 8), l & 0xff] : [l];
}

/**
 * hllSparseSet / hllDenseSet: raise register `index` to `count`. Returns the new bytes (the
 * same array when dense or unchanged), whether a register changed, or null when corrupt.
 */
export function hllSet(
  b: Uint8Array,
  index: number,
  count: number,
): { bytes: Uint8Array; changed: boolean } | null {
  if (b[4] === DENSE) {
    if (count <= denseGet(b, index)) return { bytes: b, changed: false };
    denseSet(b, index, count);
    return { bytes: b, changed: true };
  }
  const promote = (): { bytes: Uint8Array; changed: boolean } | null => {
    const d = toDense(b);
    if (d === null) return null;
    denseSet(d, index, count);
    return { bytes: d, changed: true };
  };
  if (count > VAL_MAX_VALUE) return promote();
  const ops = Array.from(b.subarray(HLL_HDR));
  let p = 0;
  let first = 0;
  let span = 0;
  let prev = -1;
  while (p < ops.length) {
    const op = ops[p]!;
    let oplen = 1;
    if ((op & 0xc0) === 0) span = (op & 0x3f) + 1;
    else if (isVal(op)) span = valLen(op);
    else {
      span = (((op & 0x3f) << 8) | (ops[p + 1] ?? 0)) + 1;
      oplen = 2;
    }
    if (index <= first + span - 1) break;
    prev = p;
    p += oplen;
    first += span;
  }
  if (span === 0 || p >= ops.length) return null;
  const op = ops[p]!;
  const isZero = (op & 0xc0) === 0;
  const isXzero = (op & 0xc0) === 0x40;
  const runlen = isZero ? (op & 0x3f) + 1 : isXzero ? span : valLen(op);
  let updatedInPlace = false;
  if (!isZero && !isXzero) {
    if (valValue(op) >= count) return { bytes: b, changed: false };
    if (runlen === 1) {
      ops[p] = valOp(count, 1);
      updatedInPlace = true;
    }
  }
  if (!updatedInPlace && isZero && runlen === 1) {
    ops[p] = valOp(count, 1);
    updatedInPlace = true;
  }
  if (!updatedInPlace) {
    const last = first + span - 1;
    const seq: number[] = [];
    if (isZero || isXzero) {
      if (index !== first) seq.push(...zeroOps(index - first));
      seq.push(valOp(count, 1));
      if (index !== last) seq.push(...zeroOps(last - index));
    } else {
      const cur = valValue(op);
      if (index !== first) seq.push(valOp(cur, index - first));
      seq.push(valOp(count, 1));
      if (index !== last) seq.push(valOp(cur, last - index));
    }
    const oldlen = isXzero ? 2 : 1;
    const delta = seq.length - oldlen;
    if (delta > 0 && b.length + delta > SPARSE_MAX_BYTES) return promote();
    ops.splice(p, oldlen, ...seq);
  }
  // Merge adjacent VAL opcodes of one value, scanning up to 5 opcodes from prev.
  let q = prev >= 0 ? prev : 0;
  let scan = 5;
  while (q < ops.length && scan-- > 0) {
    const o = ops[q]!;
    if ((o & 0xc0) === 0x40) {
      q += 2;
      continue;
    }
    if ((o & 0xc0) === 0) {
      q++;
      continue;
    }
    const n = ops[q + 1];
    if (n !== undefined && isVal(n) && valValue(o) === valValue(n)) {
      const len = valLen(o) + valLen(n);
      if (len <= VAL_MAX_LEN) {
        ops[q + 1] = valOp(valValue(o), len);
        ops.splice(q, 1);
        continue;
      }
    }
    q++;
  }
  const out = new Uint8Array(HLL_HDR + ops.length);
  out.set(b.subarray(0, HLL_HDR));
  out.set(ops, HLL_HDR);
  return { bytes: out, changed: true };
}

export function invalidateCache(b: Uint8Array): void {
  b[15] = b[15]! | 0x80;
}

/** The cached cardinality, or null when it is stale. */
export function cachedCount(b: Uint8Array): bigint | null {
  if ((b[15]! & 0x80) !== 0) return null;
  let v = 0n;
  for (let i = 15; i >= 8; i--) v = (v << 8n) | BigInt(b[i]!);
  return v;
}

export function storeCount(b: Uint8Array, card: number): void {
  let v = BigInt(card);
  for (let i = 8; i < 16; i++) {
    b[i] = Number(v & 0xffn);
    v >>= 8n;
  }
}

function sigma(x: number): number {
  if (x === 1) return Infinity;
  let y = 1;
  let z = x;
  let zPrime: number;
  do {
    x *= x;
    zPrime = z;
    z += x * y;
    y += y;
  } while (zPrime !== z);
  return z;
}

function tau(x: number): number {
  if (x === 0 || x === 1) return 0;
  let y = 1;
  let z = 1 - x;
  let zPrime: number;
  do {
    x = Math.sqrt(x);
    zPrime = z;
    y *= 0.5;
    z -= (1 - x) * (1 - x) * y;
  } while (zPrime !== z);
  return z / 3;
}

/** hllCount over register values. */
export function estimate(regs: Uint8Array): number {
  const m = HLL_REGISTERS;
  const histo = new Array<number>(64).fill(0);
  for (let i = 0; i < m; i++) histo[regs[i]!]!++;
  let z = m * tau((m - histo[HLL_Q + 1]!) / m);
  for (let j = HLL_Q; j >= 1; --j) {
    z += histo[j]!;
    z *= 0.5;
  }
  z += m * sigma(histo[0]! / m);
  const e = (ALPHA_INF * m * m) / z;
  return Math.floor(e + 0.5);
}
