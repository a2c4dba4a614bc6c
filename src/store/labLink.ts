// Share links: `#/lab?scenario=<lz-string JSON>&t=<seconds>`, and from a lesson widget also
// `&compare=<lz JSON {with, titles}>` (the second lane's override and the lane titles),
// `&sel=<request number>&lane=compare` (the selected request) and `&back=<lesson route>` (the
// way back). Parsing and checking a link is store logic (the page only shows the message): a
// damaged scenario is refused with the engine's words, and a time that is not a moment of the
// run (`t=1e308`, `t=-1`, `t=abc`) is refused too, the scenario opening at its end or at 0 s
// instead; a `back` that is not a lesson or problem of this app is ignored.
import { decodeShare, encodeShare } from '../core/share';
import {
  endOf,
  labStore,
  type LabState,
  type LabStore,
  type LaneTitles,
  type LoadResult,
  type ScenarioInput,
  scenarioShapeError,
} from './labStore';
import { isObj } from '../core/util/isObj';
import { errorMessage } from '../core/util/errorMessage';

const SCENARIO_ERROR = "The link's scenario could not be loaded: ";

/** Decode a link's `scenario` parameter (nothing is loaded yet). */
export function readLinkScenario(
  param: string,
): { ok: true; input: unknown } | { ok: false; message: string } {
  try {
    const input = decodeShare(param);
    const bad = scenarioShapeError(input);
    return bad ? { ok: false, message: SCENARIO_ERROR + bad } : { ok: true, input };
  } catch (e) {
    return { ok: false, message: SCENARIO_ERROR + errorMessage(e) };
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

/** What a link carries beside its scenario and time. */
export interface LinkExtras {
  /** The `compare` parameter (still encoded), or null. */
  compare?: string | null;
  /** The `sel` parameter: a request number as the lab shows it (1 is the first). */
  sel?: string | null;
  /** The `lane` parameter: `compare` selects in the comparison lane. */
  lane?: string | null;
}

/** Decode a link's `compare` parameter: the comparison lane's override and the lane titles. */
export function readLinkCompare(
  param: string,
):
  { ok: true; compare: ScenarioInput; titles: LaneTitles | null } | { ok: false; message: string } {
  let v: unknown;
  try {
    v = decodeShare(param);
  } catch (e) {
    return {
      ok: false,
      message: `The link's second lane could not be loaded: ${errorMessage(e)}`,
    };
  }
  if (!isObj(v) || !isObj(v.with))
    return {
      ok: false,
      message:
        "The link's second lane could not be loaded: compare.with must be an object of scenario fields",
    };
  const t = v.titles;
  const title = (x: unknown): string | null =>
    typeof x === 'string' && x.trim() !== '' ? x.slice(0, 120) : null;
  const titles: LaneTitles | null = Array.isArray(t) ? [title(t[0]), title(t[1])] : null;
  return { ok: true, compare: v.with, titles };
}

/**
 * Load a decoded link into a lab store (its limiters must be ready, see prepareLimiters) and
 * move the clock to its time. Returns what to tell the learner, or null when all is well.
 */
export function loadLink(
  input: unknown,
  t: string | null,
  extras: LinkExtras = {},
  store: LabStore = labStore,
): string | null | Promise<string | null> {
  let compare: ScenarioInput | null | undefined;
  let titles: LaneTitles | null = null;
  const notes: string[] = [];
  if (extras.compare) {
    const c = readLinkCompare(extras.compare);
    if (c.ok) {
      compare = c.compare;
      titles = c.titles;
    } else notes.push(c.message);
  }
  const placed = (r: LoadResult): string | null => {
    if (!r.ok) return SCENARIO_ERROR + r.message;
    const time = linkTime(t, endOf(store.getState()));
    store.getState().seek(time.t);
    if (time.message) notes.push(time.message);
    const n = extras.sel ? Number(extras.sel) : NaN;
    if (Number.isInteger(n) && n >= 1) {
      const s = store.getState();
      const lane = extras.lane === 'compare' && s.compare ? 'compare' : 'main';
      const run = lane === 'compare' ? s.compare! : s.run;
      if (n <= run.n) s.select(n - 1, lane);
    }
    return notes.length ? notes.join(' ') : null;
  };
  // The second lane is what is wrong: open the scenario with the lab's own comparison.
  const retry = (r: LoadResult): LoadResult => {
    if (r.ok || !compare) return r;
    notes.push(`The link's second lane could not be loaded: ${r.message}`);
    return store.getState().load(input);
  };
  let r = store.getState().load(input, { compare, titles });
  // A learner's script runs in the lab's worker: the link settles when its run is in.
  if (r.ok && r.settled)
    return r.settled.then(async (s) => {
      let x = retry(s);
      if (x.ok && x.settled) x = await x.settled;
      return placed(x);
    });
  r = retry(r);
  if (r.ok && r.settled) return r.settled.then(placed);
  return placed(r);
}

/** A `back` parameter the lab may link to: a lesson or a problem of this app, nothing else. */
export function safeBack(v: string | null): string | null {
  if (!v) return null;
  return /^#\/(lessons|practice)\/[a-z0-9][\w-]{0,80}(\?lab=\d{1,3})?$/.test(v) ? v : null;
}

/**
 * The lab route that reopens a store's state: its scenario, the comparison lane (when it is an
 * override: a lesson's), the time, the selected request and, given, the way back.
 */
export function labLinkOf(
  s: Pick<
    LabState,
    | 'input'
    | 'compareOverride'
    | 'titles'
    | 'lanes'
    | 'compare'
    | 'now'
    | 'run'
    | 'selected'
    | 'selectedLane'
  >,
  back?: string | null,
): string {
  const q = [`scenario=${encodeShare(s.input)}`];
  if (s.lanes && s.compare && s.compareOverride)
    q.push(`compare=${encodeShare({ with: s.compareOverride, titles: s.titles ?? undefined })}`);
  // Past the last event nothing changes: the link opens at the end.
  q.push(`t=${+Math.min(s.now, endOf(s)).toFixed(3)}`);
  if (s.selected !== null) {
    q.push(`sel=${s.selected + 1}`);
    if (s.selectedLane === 'compare') q.push('lane=compare');
  }
  const b = safeBack(back ?? null);
  if (b) q.push(`back=${encodeURIComponent(b)}`);
  return `#/lab?${q.join('&')}`;
}

/** A failure to get the link's limiters ready (the Lua engine did not load). */
export const linkLoadFailed = (e: unknown): string => SCENARIO_ERROR + errorMessage(e);
