// The explorer's input and result (PLAN I2; the CLI's `explore` verb prints the same result).
import type { JsonReply } from '../redis/reply';

/** One concurrent request: an app server running the code with these KEYS and ARGV. */
export interface RequestSpec {
  keys: string[];
  args: string[];
  /** This request runs other code than the input's `code` (e.g. a puzzle's second server). */
  code?: string;
}

/**
 * What every schedule must keep (all the named parts at once).
 * - maxAdmitted: at most this many requests admitted; 'serial' (the default): no more than
 *   the most that any one-at-a-time order of the same requests admits (what the policy
 *   allows when nothing interleaves).
 * - minAdmitted: at least this many admitted (liveness: no request is refused, starved or
 *   left without an answer while there was room).
 * - allKeysHaveTtl: when the schedule ends, every key in the store has an expiry.
 * - noChargeWhenDenied: a request that ends refused (its code returned anything but an
 *   admission) changed no value in the store with any of its round trips (an expiry change
 *   is not a charge). Crashed requests are not refused: they never answered.
 */
export interface Invariant {
  maxAdmitted?: number | 'serial';
  minAdmitted?: number;
  allKeysHaveTtl?: boolean;
  noChargeWhenDenied?: boolean;
}

export type InvariantPart = 'maxAdmitted' | 'minAdmitted' | 'allKeysHaveTtl' | 'noChargeWhenDenied';

export interface ExploreInput {
  /** App-server Lua: every redis.call is one round trip to the shared store. */
  code: string;
  /** 1 to 4 requests (app servers) running at the same time. */
  requests: RequestSpec[];
  /** Commands run before the requests, e.g. [["SET", "k", "2"]]. */
  initial: string[][];
  invariant: Invariant;
  /** Let app servers crash between two of their round trips: false, true (any), or at most n per schedule. */
  crashes: boolean | number;
  /** Stop after this many schedules (the result says complete: false). */
  maxSchedules: number;
  /** Partial-order reduction (default true); false tries every interleaving. */
  reduction?: boolean;
  /**
   * Symmetry reduction (default false): of two identical requests (same code, KEYS and ARGV)
   * standing at the same point, only the lower-numbered one moves; `schedules` then counts
   * schedules up to renumbering identical requests.
   */
  symmetry?: boolean;
  /** A request still sending after this many round trips is stopped as starved (default 60). */
  maxRoundTrips?: number;
  /** Unix seconds on the store's clock (default 1700000000); it moves only in a pause. */
  startTime?: number;
  /**
   * Stop after this many round trips applied in all (replays included): a deterministic
   * budget, checked at every step (the result says complete: false). Default 200,000.
   */
  maxSteps?: number;
  /**
   * Pause lengths (ms) the explorer tries as a step of its own between any two round trips,
   * or "auto": at each point, pause just long enough for each key with an expiry to expire
   * (its remaining TTL; the three nearest). Default: no pauses (the clock stands still).
   */
  pauses?: number[] | 'auto';
  /** Most pauses in one schedule (default 1 when `pauses` is given, at most 3). */
  maxPauses?: number;
  /** The store is a Redis Cluster node: multi-key commands, scripts and MULTI across hash slots fail with CROSSSLOT. */
  cluster?: boolean;
}

/** A key as a step shows it. */
export interface KeyState {
  key: string;
  type: string;
  value: string | Array<[string, string]> | Array<[string, number]> | string[];
  /** Milliseconds left, or null without an expiry. */
  ttlMs: number | null;
}

/** One step of a schedule: request i's next round trip, or request i's app server crashing. */
export type Step =
  | {
      request: number;
      command: string[];
      reply: JsonReply;
      /** The code's line that sent it, when known. */
      line: number | null;
      /** The store after this round trip. */
      state: KeyState[];
    }
  | { request: number; crash: true; state: KeyState[] }
  /** Time passes on the store's clock (request is PAUSE, -1); keys whose expiry it reaches are gone. */
  | { request: number; pause: number; state: KeyState[] };

/** How a request ended in a schedule. */
export type RequestEnd =
  | { kind: 'admitted'; reply: JsonReply }
  | { kind: 'refused'; reply: JsonReply }
  | { kind: 'error'; reply: JsonReply; message: string }
  | { kind: 'crashed'; afterRoundTrips: number }
  | { kind: 'starved'; afterRoundTrips: number };

export interface Verdict {
  admitted: number;
  /** The bound maxAdmitted compared against (resolved from 'serial'), if any. */
  allowed: number | null;
  ends: RequestEnd[];
  /** Parts of the invariant this schedule breaks, each with a sentence. */
  broken: { part: InvariantPart; why: string }[];
}

/** What the exploration says, in one word. `error` wins over the others: a failing program proves nothing. */
export type ExploreVerdict = 'error' | 'unsafe' | 'incomplete' | 'safe';

/** Why a search stopped before every schedule was tried, with the numbers. */
export interface IncompleteReason {
  by: 'maxSchedules' | 'maxSteps' | 'deadline';
  /** The cap or the deadline (ms) that was reached. */
  limit: number;
  /** The same in words. */
  text: string;
}

/** Requests that ended with an error reply in some schedule. */
export interface Failure {
  /** How many of the requests failed in at least one schedule explored. */
  requests: number;
  /** How many schedules had a failed request. */
  schedules: number;
  /** The first error met (the lowest-numbered failed request of the first such schedule). */
  message: string;
  /** That schedule, step by step. */
  schedule: Step[];
}

export interface ExploreResult {
  /** error (some request failed), unsafe (a violation), incomplete (none found, but not every schedule was tried) or safe. */
  verdict: ExploreVerdict;
  /** The verdict in one sentence, e.g. "2 requests failed: ERR unknown command ...". */
  summary: string;
  /** Complete schedules explored: one per class of schedules equal up to swapping adjacent independent round trips (with reduction), or every interleaving (without). */
  schedules: number;
  /** How many of them break the invariant. */
  violations: number;
  /** False when a cap stopped the search before every schedule was tried. */
  complete: boolean;
  /** The violating schedule with the fewest context switches (then the fewest steps). */
  counterexample: Step[] | null;
  /** The counterexample's verdict. */
  counterexampleVerdict: Verdict | null;
  /** The first part of the invariant the counterexample breaks. */
  part: InvariantPart | null;
  /** Why the search is not complete (null when it is). */
  incompleteReason: IncompleteReason | null;
  /** Failed requests, or null when no request ever ended with an error. */
  failure: Failure | null;
  /** Violations per part of the invariant. */
  violationsBy: Partial<Record<InvariantPart, number>>;
  /** The maxAdmitted bound used ('serial' resolved), if any. */
  allowed: number | null;
  /**
   * Up to 20 distinct violating schedules (each in its easiest equivalent order, the easiest
   * first) to step through; the counterexample is among them unless symmetry renumbered it.
   */
  violating?: Action[][];
  /**
   * Moves the search did not try: `reduction`, equal to a tried one up to swapping independent
   * round trips; `symmetry`, a twin request's mirror image.
   */
  pruned?: { reduction: number; symmetry: number };
  /** Set when the reduction was on and a brute-force count was asked for. */
  exploredWithoutReduction?: number;
  stats: {
    luaStarts: number;
    luaSlices: number;
    replays: number;
    nodes: number;
    /** Round trips applied in all (replays included): what maxSteps counts. */
    steps: number;
  };
}

/**
 * An action in a schedule: request i takes its next round trip, or crashes; or time passes
 * (`pause`: milliseconds on the store's clock, with `request` set to PAUSE, -1).
 */
export type Action = { request: number; crash?: boolean; pause?: number };

/** The `request` of a pause: no app server moves, the store's clock does. */
export const PAUSE = -1;
