// Field checks shared by the Room API and the live channel's validators. Each failure names
// the field and what is wrong with it; the caller turns it into a 400 or a refused message.

export class BadInput extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

export function fail(field: string, what: string): never {
  throw new BadInput(field, `${field}: ${what}`);
}

const describe = (x: unknown): string =>
  x === null
    ? 'null'
    : Array.isArray(x)
      ? 'an array'
      : typeof x === 'object'
        ? 'an object'
        : typeof x;

/** `x` as a plain object with no keys but `allowed`. */
export function record(
  x: unknown,
  field: string,
  allowed: readonly string[],
): Record<string, unknown> {
  if (typeof x !== 'object' || x === null || Array.isArray(x) || Buffer.isBuffer(x))
    fail(field === '' ? 'payload' : field, `expected an object, got ${describe(x)}`);
  const o = x as Record<string, unknown>;
  for (const k of Object.keys(o))
    if (!allowed.includes(k))
      fail(
        field === '' ? k : `${field}.${k}`,
        allowed.length
          ? `unknown field (expected ${allowed.join(', ')})`
          : 'unknown field (expected none)',
      );
  return o;
}

// Control characters other than tab, newline and carriage return.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export interface TextRules {
  max: number;
  min?: number;
  /** One line: no line breaks either. */
  line?: boolean;
  pattern?: RegExp;
  patternHelp?: string;
}

export function text(x: unknown, field: string, rules: TextRules): string {
  if (typeof x !== 'string') fail(field, `expected a string, got ${describe(x)}`);
  if (x.length > rules.max) fail(field, `too long (${x.length} characters, at most ${rules.max})`);
  if (x.length < (rules.min ?? 0))
    fail(field, rules.min === 1 ? 'must not be empty' : `at least ${rules.min} characters`);
  if (CONTROL.test(x)) fail(field, 'contains a control character');
  if (rules.line && /[\r\n]/.test(x)) fail(field, 'must be one line');
  if (rules.pattern && !rules.pattern.test(x))
    fail(field, rules.patternHelp ?? 'has the wrong form');
  return x;
}

export function int(x: unknown, field: string, min: number, max: number): number {
  if (typeof x !== 'number' || !Number.isInteger(x))
    fail(field, `expected a whole number, got ${describe(x)}`);
  if (x < min || x > max) fail(field, `must be between ${min} and ${max}`);
  return x;
}

export function bool(x: unknown, field: string): boolean {
  if (typeof x !== 'boolean') fail(field, `expected true or false, got ${describe(x)}`);
  return x;
}

export function bytes(x: unknown, field: string, max: number): Uint8Array {
  if (!(x instanceof Uint8Array)) fail(field, `expected binary data, got ${describe(x)}`);
  if (x.byteLength === 0) fail(field, 'is empty');
  if (x.byteLength > max) fail(field, `too large (${x.byteLength} bytes, at most ${max})`);
  return x;
}

export const SLUG = /^[a-z0-9][a-z0-9-]{0,63}$/;
export const SLUG_HELP = 'must be lowercase letters, digits and dashes (at most 64)';

/** A JSON value: no functions, bounded depth and size (socket.io already parsed it). */
export function json(x: unknown, field: string, maxBytes: number): unknown {
  let s: string;
  try {
    s = JSON.stringify(x) ?? 'null';
  } catch (_) {
    fail(field, 'is not JSON');
  }
  if (Buffer.byteLength(s) > maxBytes) fail(field, `too large (at most ${maxBytes} bytes of JSON)`);
  return JSON.parse(s) as unknown;
}
