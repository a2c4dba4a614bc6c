// Share links for the scheduler screen. A puzzle link names the puzzle and the schedule:
// `#/races/<puzzle>?schedule=ABaB`; a link to any code carries the explorer input too,
// compressed like the lab's links: `#/races?s=<lz-string of {"v":1,"input":...,"schedule":"ABaB"}>`.
// A schedule is one letter a step: A-D for that server's next round trip, a-d for its crash.
// Links come from anywhere, so decoding is bounded (length, nesting, steps) and every refusal
// says what is wrong; the page decodes them in the races worker, never on its main thread.
// lz-string is CommonJS: a default import works in Vite, Vitest and plain Node (tsx) alike.
import lz from 'lz-string';
import { ExploreInputError } from './errors';
import { MAX_REQUESTS, parseExploreInput } from './input';
import { PAUSE, type Action, type ExploreInput } from './types';

/** Longest `s=` parameter accepted (a few KB of Lua compresses well below this). */
export const MAX_LINK_CHARS = 8000;
/** Longest decompressed JSON accepted. */
const MAX_JSON_CHARS = 200_000;
/** Most steps a shared schedule may have. */
export const MAX_SCHEDULE_STEPS = 400;

export function scheduleText(schedule: readonly Action[]): string {
  return schedule
    .map((a) =>
      a.pause !== undefined ? `P${a.pause}` : String.fromCharCode((a.crash ? 97 : 65) + a.request),
    )
    .join('');
}

/** Longest pause a link may carry, ms (one day). */
const MAX_LINK_PAUSE_MS = 86_400_000;

/** Reads a schedule string; throws an Error saying what is wrong. */
export function parseScheduleText(text: string, servers = MAX_REQUESTS): Action[] {
  if (text.length > MAX_SCHEDULE_STEPS)
    throw new Error(
      `the schedule has ${text.length} steps; a shared schedule has at most ${MAX_SCHEDULE_STEPS}`,
    );
  const out: Action[] = [];
  for (let k = 0; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (text[k] === 'P') {
      // A pause: P and its length in ms, e.g. P1500.
      const digits = /^\d{1,9}/.exec(text.slice(k + 1))?.[0] ?? '';
      const ms = Number(digits);
      if (!digits || ms < 1 || ms > MAX_LINK_PAUSE_MS)
        throw new Error(
          `the schedule's step ${out.length + 1} is a pause without a length: write P and whole milliseconds from 1 to ${MAX_LINK_PAUSE_MS}, e.g. P1000`,
        );
      out.push({ request: PAUSE, pause: ms });
      k += digits.length;
      continue;
    }
    const upper = c >= 65 && c < 65 + servers;
    const lower = c >= 97 && c < 97 + servers;
    if (!upper && !lower) {
      const last = String.fromCharCode(64 + servers);
      throw new Error(
        `the schedule's step ${out.length + 1} is "${text[k]}"; a step is a server letter A-${last} (a-${last.toLowerCase()}: that server crashes) or a pause (P and milliseconds, e.g. P1000)`,
      );
    }
    out.push(lower ? { request: c - 97, crash: true } : { request: c - 65 });
  }
  return out;
}

export interface RaceShare {
  input: ExploreInput;
  schedule: Action[];
}

export function encodeRaceShare(input: unknown, schedule: readonly Action[]): string {
  return lz.compressToEncodedURIComponent(
    JSON.stringify({ v: 1, input, schedule: scheduleText(schedule) }),
  );
}

/** Nesting deeper than this is not an explorer input. */
function tooDeep(v: unknown, depth: number): boolean {
  if (depth > 12) return true;
  if (Array.isArray(v)) return v.some((x) => tooDeep(x, depth + 1));
  if (typeof v === 'object' && v !== null)
    return Object.values(v).some((x) => tooDeep(x, depth + 1));
  return false;
}

/** Decodes an `s=` parameter; throws an Error whose message says what is wrong with the link. */
export function decodeRaceShare(given: string): RaceShare {
  // A query string reads "+" as a space (URLSearchParams); lz-string's alphabet uses "+".
  const param = given.replace(/ /g, '+');
  if (param.length > MAX_LINK_CHARS)
    throw new Error(
      `the link is too long (${param.length} characters; a schedule link has at most ${MAX_LINK_CHARS})`,
    );
  if (!/^[A-Za-z0-9+\-$]*$/.test(param))
    throw new Error('the link is damaged: it has characters a compressed link never has');
  let json: string | null;
  try {
    json = lz.decompressFromEncodedURIComponent(param);
  } catch {
    json = null;
  }
  if (!json) throw new Error('the link is damaged: its data could not be decompressed');
  if (json.length > MAX_JSON_CHARS)
    throw new Error('the link is damaged: it unpacks to far more data than a schedule link holds');
  let v: unknown;
  try {
    v = JSON.parse(json);
  } catch {
    throw new Error('the link is damaged: its data is not valid JSON');
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw new Error('the link is damaged: it does not hold a schedule');
  const o = v as Record<string, unknown>;
  if (o.v !== 1) throw new Error('the link was made by another version of the lab');
  if (tooDeep(o.input, 0)) throw new Error('the link is damaged: its input is nested too deeply');
  let input: ExploreInput;
  try {
    input = parseExploreInput(o.input);
  } catch (e) {
    if (e instanceof ExploreInputError)
      throw new Error(`the link's code and requests are not valid: ${e.errors[0]}`, { cause: e });
    throw e;
  }
  if (typeof o.schedule !== 'string') throw new Error('the link is damaged: it has no schedule');
  return { input, schedule: parseScheduleText(o.schedule, input.requests.length) };
}
