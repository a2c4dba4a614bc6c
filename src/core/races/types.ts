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
  /** A request still sending after this many round trips is stopped as starved (default 60). */
  maxRoundTrips?: number;
  /** Unix seconds on the store's clock (default 1700000000); the clock does not move. */
  startTime?: number;
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
  | { request: number; crash: true; state: KeyState[] };

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

export interface ExploreResult {
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
  /** Violations per part of the invariant. */
  violationsBy: Partial<Record<InvariantPart, number>>;
  /** The maxAdmitted bound used ('serial' resolved), if any. */
  allowed: number | null;
  /** Set when the reduction was on and a brute-force count was asked for. */
  exploredWithoutReduction?: number;
  stats: { luaStarts: number; luaSlices: number; replays: number; nodes: number };
}

/** An action in a schedule: request i takes its next round trip, or crashes. */
export type Action = { request: number; crash?: boolean };
