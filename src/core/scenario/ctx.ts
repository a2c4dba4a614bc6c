// The validator's error collector and field readers. Every message names the field and the
// rule, e.g. `requests[3].cost must be a finite number > 0`; numbers must be JSON numbers.
import { isObj, type Obj } from '../util/isObj';

export { isObj, type Obj };
export const list = (xs: readonly string[]): string => xs.map((x) => `"${x}"`).join(', ');
export const fieldPath = (path: string, field: string): string =>
  path === '' ? field : `${path}.${field}`;

export class Ctx {
  errors: string[] = [];
  err(m: string): void {
    this.errors.push(m);
  }
  unknown(o: Obj, path: string, known: readonly string[]): void {
    for (const k of Object.keys(o))
      if (!known.includes(k)) this.err(`${fieldPath(path, k)} is not a known field`);
  }
  /**
   * Number rule: gt0 (> 0), ge0 (>= 0), at most `max` when given. Returns the value or
   * undefined (error recorded).
   */
  num(
    o: Obj,
    field: string,
    path: string,
    rule: 'gt0' | 'ge0',
    dflt?: number,
    max?: number,
  ): number | undefined {
    const v = o[field];
    const text = rule === 'gt0' ? 'a finite number > 0' : 'a finite number >= 0';
    if (v === undefined) {
      if (dflt !== undefined) return dflt;
      this.err(`${fieldPath(path, field)} is required and must be ${text}`);
      return undefined;
    }
    if (typeof v !== 'number' || !Number.isFinite(v) || (rule === 'gt0' ? v <= 0 : v < 0)) {
      this.err(`${fieldPath(path, field)} must be ${text}`);
      return undefined;
    }
    if (max !== undefined && v > max) {
      this.err(`${fieldPath(path, field)} must be at most ${max}`);
      return undefined;
    }
    return v;
  }
  /** A finite number in [-bound, bound] (offsets, drifts, clock steps). */
  signed(o: Obj, field: string, path: string, bound: number, dflt: number): number | undefined {
    const v = o[field];
    if (v === undefined) return dflt;
    if (typeof v !== 'number' || !Number.isFinite(v) || Math.abs(v) > bound) {
      this.err(`${fieldPath(path, field)} must be a finite number from -${bound} to ${bound}`);
      return undefined;
    }
    return v;
  }
  int(
    o: Obj,
    field: string,
    path: string,
    min: number,
    max: number,
    dflt?: number,
  ): number | undefined {
    const v = o[field];
    const text = max === Infinity ? `an integer >= ${min}` : `an integer from ${min} to ${max}`;
    if (v === undefined) {
      if (dflt !== undefined) return dflt;
      this.err(`${fieldPath(path, field)} is required and must be ${text}`);
      return undefined;
    }
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
      this.err(`${fieldPath(path, field)} must be ${text}`);
      return undefined;
    }
    return v;
  }
  str(o: Obj, field: string, path: string, dflt: string): string {
    const v = o[field];
    if (v === undefined) return dflt;
    if (typeof v !== 'string') {
      this.err(`${fieldPath(path, field)} must be a string`);
      return dflt;
    }
    return v;
  }
  bool(o: Obj, field: string, path: string, dflt: boolean): boolean {
    const v = o[field];
    if (v === undefined) return dflt;
    if (typeof v !== 'boolean') {
      this.err(`${fieldPath(path, field)} must be true or false`);
      return dflt;
    }
    return v;
  }
  oneOf<T extends string>(o: Obj, field: string, path: string, opts: readonly T[], dflt: T): T {
    const v = o[field];
    if (v === undefined) return dflt;
    if (typeof v !== 'string' || !(opts as readonly string[]).includes(v)) {
      this.err(`${fieldPath(path, field)} must be one of ${list(opts)}`);
      return dflt;
    }
    return v as T;
  }
}
