// Seeded PRNG (mulberry32): every random choice in the lab comes from one of these, so the
// same scenario and seed give the same run.
export class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0;
  }
  /** A uniform float in [0, 1). */
  next(): number {
    let t = (this.s = (this.s + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  /** An exponential gap with the given rate. */
  exp(rate: number): number {
    return -Math.log(1 - this.next()) / rate;
  }
}

/** 32-bit FNV-1a hash of a string (sticky routing, stream derivation). */
export function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** An independent stream for one purpose ("routing", "traffic[2]", ...) of a seed. */
export function stream(seed: number, purpose: string): Rng {
  const hi = Math.floor(seed / 4294967296) >>> 0;
  return new Rng((hash32(purpose) ^ (seed >>> 0) ^ Math.imul(hi, 0x9e3779b1)) >>> 0);
}
