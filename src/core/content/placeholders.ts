// `{{name}}` placeholders in a problem's or a question's text, filled from an instance's
// numbers (docs/content-format.md). A placeholder with no value stays visible as it is, so a
// typo shows on the page instead of silently vanishing (the content check reports it too).

const PLACEHOLDER = /\{\{\s*([A-Za-z][\w]*)\s*\}\}/g;

/** Formats a number as prose does: no float noise, at most 6 decimals. */
export const formatVar = (v: number | string): string =>
  typeof v === 'number' ? String(Number(v.toFixed(6))) : v;

/** `text` with every `{{name}}` that `vars` has replaced by its value. */
export function fillPlaceholders(text: string, vars: Record<string, number | string>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    vars[name] === undefined ? whole : formatVar(vars[name]!),
  );
}

/** The placeholder names a text uses. */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}

/**
 * A JSON value with every string that is exactly `{{name}}` replaced by the value itself (so
 * `"limit": "{{limit}}"` becomes a number), and placeholders inside longer strings filled.
 */
export function fillJson(v: unknown, vars: Record<string, number | string>): unknown {
  if (typeof v === 'string') {
    const m = /^\{\{\s*([A-Za-z][\w]*)\s*\}\}$/.exec(v);
    if (m && vars[m[1]!] !== undefined) return vars[m[1]!];
    return fillPlaceholders(v, vars);
  }
  if (Array.isArray(v)) return v.map((x) => fillJson(x, vars));
  if (typeof v === 'object' && v !== null)
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fillJson(x, vars)]));
  return v;
}
