// Share links: `#/lab?scenario=<lz-string JSON>&t=<seconds>`. Parsing and checking a link is
// store logic (the page only shows the message): a damaged scenario is refused with the
// engine's words, and a time that is not a moment of the run (`t=1e308`, `t=-1`, `t=abc`)
// is refused too, the scenario opening at its end or at 0 s instead.
import { decodeShare } from '../core/share';
import { endOf, labStore } from './labStore';

const SCENARIO_ERROR = "The link's scenario could not be loaded: ";

/** Decode a link's `scenario` parameter (nothing is loaded yet). */
export function readLinkScenario(
  param: string,
): { ok: true; input: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, input: decodeShare(param) };
  } catch (e) {
    return { ok: false, message: SCENARIO_ERROR + (e instanceof Error ? e.message : String(e)) };
  }
}

/**
 * A link's `t` checked against a run whose clock ends at `end`: absent is 0; a time past the
 * end (`t=1e308`) opens at the end, and one that is not a time (`t=-1`, `t=abc`) at 0, each
 * with a message saying so.
 */
export function linkTime(t: string | null, end: number): { t: number; message: string | null } {
  if (t === null || t.trim() === '') return { t: 0, message: null };
  const x = Number(t);
  const shown = t.length > 24 ? `${t.slice(0, 24)}…` : t;
  if (!Number.isFinite(x) || x < 0)
    return {
      t: 0,
      message: `The link's time t=${shown} is not a number of seconds from 0; it opens at 0 s instead.`,
    };
  // A copied link rounds the time to 3 decimals, so allow that much past the end.
  if (x <= end + 1e-3) return { t: x, message: null };
  return {
    t: end,
    message: `The link's time t=${shown} is past the end of this run (${end.toFixed(2)} s); it opens at the end instead.`,
  };
}

/**
 * Load a decoded link into the lab (its limiters must be ready, see prepareLimiters) and move
 * the clock to its time. Returns what to tell the learner, or null when all is well.
 */
export function loadLink(input: unknown, t: string | null): string | null {
  const r = labStore.getState().load(input);
  if (!r.ok) return SCENARIO_ERROR + r.message;
  const time = linkTime(t, endOf(labStore.getState()));
  labStore.getState().seek(time.t);
  return time.message;
}

/** A failure to get the link's limiters ready (the Lua engine did not load). */
export const linkLoadFailed = (e: unknown): string =>
  SCENARIO_ERROR + (e instanceof Error ? e.message : String(e));
