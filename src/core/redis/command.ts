// The shape of the command table (Redis's struct redisCommand, as COMMAND INFO shows it): every
// command family (commands/*.ts) exports rows of this one type, table.ts joins them, the
// model dispatches through them and the editor's completion and hover read them.
import type { Rng } from '../sim/rng';
import type { FunctionRegistry } from './functionLib';
import type { Keyspace } from './keyspace';
import type { Reply } from './reply';
import type { ScriptEngine } from './scripting';
import type { Session } from './session';

/** Command flags, named as COMMAND INFO names them (`movablekeys` is derived from the keys). */
export const COMMAND_FLAGS = [
  'write',
  'readonly',
  'denyoom',
  'admin',
  'pubsub',
  'noscript',
  'blocking',
  'loading',
  'stale',
  'skip_monitor',
  'skip_slowlog',
  'fast',
  'may_replicate',
  'no_mandatory_keys',
  'no_multi',
  'allow_busy',
  'no_async_loading',
] as const;

/** A command flag, named as COMMAND INFO names it. */
export type CommandFlag = (typeof COMMAND_FLAGS)[number];

/**
 * Where a command's keys are, as a Redis 7 key spec: keys start at argument `index` (the
 * command name is argument 0), then either a range (`lastKey` relative to `index`, negative:
 * counted from the end; every `step`-th argument) or a count read from argument
 * `index + keynumIdx`, the keys starting `firstKey` after `index`. A row with an `unknown`
 * spec locates its keys with `getKeys` (Redis's getkeys_proc).
 */
export type KeySpec =
  | { readonly index: number; readonly lastKey: number; readonly step: number }
  /** Keys Redis cannot locate from the arguments alone (SORT's STORE, BY and GET). */
  | { readonly unknown: true }
  | {
      readonly index: number;
      readonly keynumIdx: number;
      readonly firstKey: number;
      readonly step: number;
    };

/** The families, as Redis's documentation groups commands (and as the editor lists them). */
export type CommandGroup =
  | 'string'
  | 'hash'
  | 'list'
  | 'set'
  | 'sorted-set'
  | 'generic'
  | 'transactions'
  | 'scripting'
  | 'server'
  | 'cluster'
  | 'connection'
  | 'pubsub'
  | 'bitmap'
  | 'hyperloglog';

/** What a running script may do (the Redis 7 shebang flags and EVAL_RO), set by EVAL. */
export interface ScriptRules {
  /** The slot the script's keys live in (-1: none yet). */
  slot: number;
  /** Scripts without a shebang may touch keys of any slot on this node (Redis 7 compat). */
  allowCrossSlot: boolean;
  /** `#!lua flags=no-writes` or EVAL_RO: write commands are refused. */
  readOnly: boolean;
}

/** What a command implementation sees: Redis's `client` (its db and connection) and `server`. */
export interface Ctx {
  readonly db: Keyspace;
  /** The connection the command came from (MULTI / WATCH state). */
  readonly session: Session;
  /** The script cache: lowercase SHA-1 hex -> source. */
  readonly scripts: Map<string, string>;
  /** The libraries FUNCTION LOAD loaded (server-wide, as the script cache). */
  readonly functions: FunctionRegistry;
  readonly scriptEngine: ScriptEngine | null;
  readonly clusterMode: boolean;
  /**
   * The caller cannot block (CLIENT_DENY_BLOCKING: a script, or EXEC): blocking commands with
   * nothing to pop answer nil at once, as if their timeout had passed.
   */
  readonly denyBlocking: boolean;
  /** A script is running the command (Redis's CLIENT_SCRIPT). */
  readonly inScript: boolean;
  /** The server's random stream (SPOP, SRANDMEMBER, ...): seeded, so a run repeats. */
  readonly random: Rng;
  /** EXEC: run one command queued by MULTI (it was resolved and checked when queued). */
  runQueued(cmd: Command, args: string[]): Reply;
  /** EVAL: run a script to completion under `rules` (atomic: nothing else runs meanwhile). */
  runScript(
    rules: ScriptRules,
    source: string,
    sha: string,
    keys: readonly string[],
    argv: readonly string[],
  ): Reply;
}

export type CommandImpl = (ctx: Ctx, a: string[]) => Reply;

/** One row of the command table. */
export interface CommandRow {
  /** Lowercase; a subcommand is `parent|sub`, as COMMAND INFO names it. */
  readonly name: string;
  readonly group: CommandGroup;
  /** Redis's arity: the exact argument count with the name, or -N for at least N. */
  readonly arity: number;
  readonly flags: readonly CommandFlag[];
  readonly keySpecs: readonly KeySpec[];
  /** The arguments after the name, in Redis's syntax notation (for docs and signature help). */
  readonly args: string;
  /** One line for the editor's hover and completion. */
  readonly summary: string;
  /** The Redis version that added the command. */
  readonly since: string;
  readonly run: CommandImpl;
  /** The keys of one call when the key specs cannot say (Redis's getkeys_proc). */
  readonly getKeys?: (args: readonly string[]) => string[];
  readonly subcommands?: readonly CommandRow[];
  /** Runs at once inside MULTI instead of being queued (MULTI, EXEC, DISCARD, WATCH). */
  readonly notQueued?: boolean;
}

/** A table row prepared for dispatch: flags as booleans, subcommands by lowercase name. */
export interface Command {
  readonly row: CommandRow;
  readonly name: string;
  readonly arity: number;
  readonly run: CommandImpl;
  readonly write: boolean;
  readonly mayReplicate: boolean;
  readonly noscript: boolean;
  readonly notQueued: boolean;
  readonly hasKeys: boolean;
  readonly subs: Map<string, Command> | null;
}

// ---- helpers for writing rows ---------------------------------------------------------

/** The key at argument 1. */
export const KEY1: readonly KeySpec[] = [{ index: 1, lastKey: 0, step: 1 }];
/** Keys at arguments 1 and 2 (a source and a destination). */
export const KEY1_2: readonly KeySpec[] = [
  { index: 1, lastKey: 0, step: 1 },
  { index: 2, lastKey: 0, step: 1 },
];
/** Every argument is a key. */
export const ALL_KEYS: readonly KeySpec[] = [{ index: 1, lastKey: -1, step: 1 }];
/** key value key value ... */
export const KEY_VALUE_PAIRS: readonly KeySpec[] = [{ index: 1, lastKey: -1, step: 2 }];
/** numkeys at `index`, then that many keys. */
export const keynum = (index: number): KeySpec => ({
  index,
  keynumIdx: 0,
  firstKey: 1,
  step: 1,
});
export const NO_KEYS: readonly KeySpec[] = [];

/** One command as its family's table writes it: every field by name. */
export interface CommandSpec {
  readonly group: CommandGroup;
  /** Lowercase; a subcommand is `parent|sub`. */
  readonly name: string;
  /** Redis's arity: the exact argument count with the name, or -N for at least N. */
  readonly arity: number;
  /** COMMAND INFO flag names, space-separated ('' for none). */
  readonly flags: string;
  /** Where the keys are (none when left out). */
  readonly keys?: readonly KeySpec[];
  /** The keys of one call when the key specs cannot say (Redis's getkeys_proc). */
  readonly getKeys?: (args: readonly string[]) => string[];
  /** The arguments after the name, in Redis's syntax notation. */
  readonly args: string;
  /** One line for the editor's hover and completion. */
  readonly summary: string;
  /** The Redis version that added the command. */
  readonly since: string;
  /** Runs at once inside MULTI instead of being queued (MULTI, EXEC, DISCARD, WATCH). */
  readonly notQueued?: boolean;
  readonly run: CommandImpl;
  readonly subcommands?: readonly CommandRow[];
}

const KNOWN_FLAGS: ReadonlySet<string> = new Set<CommandFlag>(COMMAND_FLAGS);

/** A row of the command table; a flag COMMAND INFO does not know is refused by name. */
export function command(spec: CommandSpec): CommandRow {
  const flags = spec.flags === '' ? [] : spec.flags.split(' ');
  for (const f of flags) {
    if (!KNOWN_FLAGS.has(f))
      throw new Error(`command table: ${spec.name} has an unknown flag "${f}"`);
  }
  return {
    name: spec.name,
    group: spec.group,
    arity: spec.arity,
    flags: flags as CommandFlag[],
    keySpecs: spec.keys ?? NO_KEYS,
    args: spec.args,
    summary: spec.summary,
    since: spec.since,
    run: spec.run,
    ...(spec.getKeys ? { getKeys: spec.getKeys } : {}),
    ...(spec.subcommands ? { subcommands: spec.subcommands } : {}),
    ...(spec.notQueued ? { notQueued: spec.notQueued } : {}),
  };
}
