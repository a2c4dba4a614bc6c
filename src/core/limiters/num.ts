// Exact-looking arithmetic on floats. Scenario numbers are decimals (0.1, 59.9, ...) whose
// float images make e.g. 0.3 / 0.1 = 2.9999999999999996 or 60 - 59.9 = 0.10000000000000142.
// The spec's arithmetic is exact, so comparisons, floors and ceils forgive a relative error
// of EPS: a value within EPS of an integer is that integer.
export const EPS = 1e-9;

const tol = (a: number, b: number): number => EPS * Math.max(1, Math.abs(a), Math.abs(b));

/** a <= b, forgiving float noise. */
export const leq = (a: number, b: number): boolean => a <= b + tol(a, b);
/** a > b beyond float noise. */
export const gt = (a: number, b: number): boolean => a > b + tol(a, b);

/** x rounded to the nearest integer when within noise of it, else x. */
export function snap(x: number): number {
  const r = Math.round(x);
  return Math.abs(x - r) <= EPS * Math.max(1, Math.abs(x)) ? r : x;
}

export const floorE = (x: number): number => Math.floor(snap(x));
export const ceilE = (x: number): number => Math.ceil(snap(x));

/** The spec's retry: max(1, ceil(x)). */
export const retryCeil = (x: number): number => Math.max(1, ceilE(x));
