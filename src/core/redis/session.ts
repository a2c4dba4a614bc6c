// One client connection's state, as Redis keeps it in `client` (multi.c): the MULTI queue and
// the WATCHed keys. Each session sees the same keyspace; the race explorer gives every request
// its own session.
import type { Command } from './table';

export interface Queued {
  readonly cmd: Command;
  readonly args: string[];
}

export class Session {
  /** The selected database (SELECT). */
  db = 0;
  /** CLIENT SETNAME's name (null: none). */
  name: string | null = null;
  inMulti = false;
  /** Commands queued by MULTI, resolved and checked when they were queued. */
  queue: Queued[] = [];
  /** A command was rejected while queuing: EXEC answers EXECABORT. */
  dirtyExec = false;
  /** A watched key was touched: EXEC answers a nil array. */
  dirtyCas = false;
  /** Watched keys; the value says whether the key was already logically expired at WATCH. */
  readonly watched = new Map<string, boolean>();
}
