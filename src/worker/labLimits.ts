// The lab Lua worker's limits and the scripts a scenario names: light enough for the page's
// first screen (the worker client and the script status read them), with none of the Lua
// engine or the Redis model that run the scripts (labJob.ts).
import { isObj } from '../core/util/isObj';

/** Stopped script runs allowed in one scenario; later decisions are errors without running. */
export const KILL_CAP = 3;
/** Wall-clock deadline of one script run (the page's worker, Node's worker thread). */
export const SCRIPT_DEADLINE_MS = 750;

/** The Lua sources a raw scenario names (top level, policies, fallback). */
export function scriptsOf(input: unknown): string[] {
  const out: string[] = [];
  const add = (o: unknown) => {
    if (isObj(o) && o.algorithm === 'lua' && isObj(o.params) && typeof o.params.script === 'string')
      out.push(o.params.script);
  };
  if (!isObj(input)) return out;
  add(input);
  for (const key of ['policies', 'fallback'] as const) {
    const v = input[key];
    for (const p of Array.isArray(v) ? v : [v]) add(p);
  }
  return out;
}
