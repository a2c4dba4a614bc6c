// Reading JSON someone handed in (a scenario, a case line, an answer file). JSON.parse copes
// with any depth, but what comes after it (validation, copying a value to a worker thread)
// walks the value recursively, and a value nested 100,000 deep overflows the stack there. So,
// as a careful server does, input nested deeper than MAX_JSON_DEPTH or longer than
// MAX_JSON_CHARS is refused with a message saying where.

/** Arrays and objects inside each other: no input of the lab needs more than a handful. */
export const MAX_JSON_DEPTH = 100;
/** Characters of one JSON text (a scenario, an answer, one line of `redis` cases). */
export const MAX_JSON_CHARS = 64 * 1024 * 1024;

export type JsonInput = { ok: true; value: unknown } | { ok: false; message: string };

/**
 * Where `text` (valid JSON) first nests arrays and objects deeper than `max`, or null. A scan
 * of the characters, never a recursion, so any depth is safe.
 */
export function deepestPoint(
  text: string,
  max = MAX_JSON_DEPTH,
): { line: number; column: number } | null {
  let depth = 0;
  let inString = false;
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return { line, column: i - lineStart + 1 };
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    } else if (c === 0x0a) {
      line++;
      lineStart = i + 1;
    }
  }
  return null;
}

/** The message for JSON nested too deep, or null when it is not. */
export function depthProblem(text: string, what: string): string | null {
  const at = deepestPoint(text);
  if (!at) return null;
  const where = text.includes('\n')
    ? `line ${at.line}, column ${at.column}`
    : `column ${at.column}`;
  return `${what} nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep (${where}); the lab reads at most ${MAX_JSON_DEPTH}`;
}

/** The message for JSON text that is too long, or null when it is not. */
export function sizeProblem(text: string, what: string): string | null {
  return text.length > MAX_JSON_CHARS
    ? `${what} is ${text.length.toLocaleString('en-US')} characters long; the lab reads at most ${MAX_JSON_CHARS.toLocaleString('en-US')}`
    : null;
}

/** Parse `text`, refusing it (a message starting with `what`) when too long, invalid or too deep. */
export function parseJsonInput(text: string, what = 'input'): JsonInput {
  const size = sizeProblem(text, what);
  if (size) return { ok: false, message: size };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, message: `${what} is not valid JSON: ${(e as Error).message}` };
  }
  const deep = depthProblem(text, what);
  return deep ? { ok: false, message: deep } : { ok: true, value };
}
