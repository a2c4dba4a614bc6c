// The one test for "a JSON object": what every reader of untrusted input (scenarios, links,
// saved progress, messages between windows and workers) checks before reading fields.

/** A JSON object's fields. */
export type Obj = Record<string, unknown>;

/** An object that is not null and not an array. */
export const isObj = (v: unknown): v is Obj =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
