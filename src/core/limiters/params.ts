// Parameter validation for limiter factories, from each algorithm's declared parameters
// (ParamDescriptor). Messages name the field and the rule (docs/spec/limiters.md, "Bad
// input"): first the basic rule (a finite number > 0, or >= 0), then the sane bounds.
import type { ParamDescriptor, Params } from './types';

export const isNumber = (v: unknown): v is number => typeof v === 'number';

/** The basic rule of a parameter, as messages say it. */
export function ruleText(p: ParamDescriptor): string {
  switch (p.kind) {
    case 'number':
      return p.allowZero ? 'must be a finite number >= 0' : 'must be a finite number > 0';
    case 'boolean':
      return 'must be true or false';
    case 'string':
      return 'must be a string';
    case 'string[]':
      return 'must be an array of strings';
  }
}

function basicOk(p: ParamDescriptor, v: unknown): boolean {
  switch (p.kind) {
    case 'number':
      return isNumber(v) && Number.isFinite(v) && (p.allowZero ? v >= 0 : v > 0);
    case 'boolean':
      return typeof v === 'boolean';
    case 'string':
      return typeof v === 'string';
    case 'string[]':
      return Array.isArray(v) && v.every((x) => typeof x === 'string');
  }
}

/** A bound as a person reads it: 1000000000 as 1e9, 31536000 as is. */
export const boundText = (x: number): string =>
  Math.abs(x) >= 1e7 && Math.log10(Math.abs(x)) % 1 === 0
    ? x.toExponential().replace('+', '')
    : String(x);

/** The bounds message for a number outside [min, max], or null when it is inside. */
export function boundsError(p: ParamDescriptor, v: number): string | null {
  const unit = p.unit ? ` ${p.unit}` : '';
  if (p.min !== undefined && v < p.min && !(p.allowZero && v === 0))
    return `must be at least ${boundText(p.min)}${unit}`;
  if (p.max !== undefined && v > p.max) return `must be at most ${boundText(p.max)}${unit}`;
  return null;
}

/** Validate `params` against declared parameters; messages name `path` + field. */
export function validateParams(params: Params, path: string, specs: ParamDescriptor[]): string[] {
  const errors: string[] = [];
  const known = new Set(specs.map((s) => s.name));
  for (const s of specs) {
    const v = params[s.name];
    if (v === undefined) {
      if (s.required) errors.push(`${path}.${s.name} is required and ${ruleText(s)}`);
      continue;
    }
    if (!basicOk(s, v)) {
      errors.push(`${path}.${s.name} ${ruleText(s)}`);
      continue;
    }
    if (s.kind === 'number') {
      const b = boundsError(s, v as number);
      if (b) errors.push(`${path}.${s.name} ${b}`);
    }
  }
  for (const k of Object.keys(params)) {
    if (!known.has(k)) errors.push(`${path}.${k} is not a known field`);
  }
  return errors;
}

/** The lab's starting params for an algorithm: every parameter that declares a default. */
export function defaultsOf(specs: ParamDescriptor[]): Params {
  const out: Params = {};
  for (const s of specs)
    if (s.default !== undefined)
      out[s.name] = Array.isArray(s.default) ? [...s.default] : s.default;
  return out;
}

export const num = (params: Params, name: string, dflt = 0): number => {
  const v = params[name];
  return typeof v === 'number' ? v : dflt;
};
export const bool = (params: Params, name: string): boolean => params[name] === true;

/** A numeric param, or NaN when it is missing (for quota/window arithmetic). */
export const numOrNaN = (params: Params, name: string): number => {
  const v = params[name];
  return typeof v === 'number' ? v : NaN;
};

/**
 * Sane bounds shared by the built-in algorithms (docs/spec/limiters.md, "Bounds"): wide
 * enough for any real policy, narrow enough that the arithmetic stays meaningful.
 */
export const BOUNDS = {
  /** Limits, capacities, bursts: sums of costs stay exact integers, far below 2^53. */
  count: { max: 1e9 },
  /** Window lengths and delays: 1 ms (finer than any limiter is configured) to 365 days. */
  seconds: { min: 0.001, max: 31_536_000, unit: 'seconds' },
  /** Rates: about one a fortnight (1e-6 per second) to a billion per second. */
  rate: { min: 1e-6, max: 1e9, unit: 'per second' },
} as const;

/** `limit` requests per `windowSeconds`: the parameters every window algorithm starts from. */
export const WINDOW_PARAMS: readonly ParamDescriptor[] = [
  {
    name: 'limit',
    kind: 'number',
    required: true,
    default: 3,
    help: 'requests per window',
    ...BOUNDS.count,
  },
  {
    name: 'windowSeconds',
    kind: 'number',
    required: true,
    default: 60,
    help: 'window length, seconds',
    ...BOUNDS.seconds,
  },
];
