// A bench figure over several runs: the median, the spread (min..max) and the runs themselves.

export interface Stat {
  median: number;
  min: number;
  max: number;
  /** (max - min) / median, in percent. */
  spreadPct: number;
  runs: number[];
}

export function stat(xs: number[]): Stat {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  const median = s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
  const r = (x: number): number => Math.round(x);
  return {
    median: r(median),
    min: r(s[0]!),
    max: r(s[s.length - 1]!),
    spreadPct: median > 0 ? Math.round(((s[s.length - 1]! - s[0]!) / median) * 1000) / 10 : 0,
    runs: xs.map(r),
  };
}

/** redis-benchmark's __rand_int__: a 12-digit zero-padded number below keyspace. */
