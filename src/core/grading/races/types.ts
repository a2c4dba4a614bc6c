// A race-graded problem: the built-in it must match, how it is called, its hidden decision
// cases (one request at a time) and its race cases (app servers at the same moment).
import type { LuaRuntime } from '../../lua';
import type { RedisModel } from '../../redis/model';
import type { Req } from '../harness';
import type { ScriptSpec } from '../lua';
import type { TrafficShape } from '../traffic';

export interface RaceProblem {
  id: string;
  /** The built-in whose decisions the code must match: `{algorithm, params}`. */
  reference: Record<string, unknown>;
  referenceName: string;
  spec: ScriptSpec;
  /** Unix seconds at lab time 0 (a multiple of the window lines windows up with the built-in's). */
  epoch: number;
  /** Hidden cases decided one request at a time. */
  decisions: DecisionCase[];
  /** Hidden race cases. */
  races: RaceCase[];
  /** A refused request must leave the store unchanged (the contract counts admissions only). */
  noChargeWhenDenied?: boolean;
  /**
   * Generated decision cases (seeded, shrunk): times in whole microseconds off any grid, costs
   * exactly at and above the limit, several app servers. Run after the named decision cases.
   */
  generated?: { shape: TrafficShape; runs: number };
  /**
   * Until when (lab seconds) the state a request at `at` leaves still decides requests (a fixed
   * window: the window's end). Every key of a request that counts must live that long.
   */
  stateUntil?: (at: number) => number;
  /** Refused attempts count too (the state is written on every request, not only admissions). */
  countsAttempts?: boolean;
  passSummary: string;
}

export interface DecisionCase {
  name: string;
  /** The case checks what the problem is about: it runs first (harness.ts `about`). */
  about?: boolean;
  requests: Req[];
  /** Prepares the store first (e.g. the key a crashed app server left). */
  setup?: (model: RedisModel, lua: LuaRuntime, spec: ScriptSpec) => void;
  setupNote?: string;
}

export interface RaceCase {
  name: string;
  /** The case checks what the problem is about: it runs first (harness.ts `about`). */
  about?: boolean;
  /** Requests decided one at a time before the race, by the code itself (their times). */
  before?: number[];
  /** Commands that prepare the store before those (e.g. a leftover key). */
  initial?: (spec: ScriptSpec) => string[][];
  /** A sentence about the setup for the message. */
  setupNote?: string;
  /** App servers sending a request at the same moment, and each one's cost. */
  costs: number[];
  /** When they arrive, lab seconds. */
  at: number;
  /** App servers may crash between two of their round trips. */
  crashes?: boolean;
}
