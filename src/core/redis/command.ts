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
export type CommandFlag =
  | 'write'
  | 'readonly'
  | 'denyoom'
  | 'admin'
  | 'noscript'
  | 'blocking'
  | 'loading'
  | 'stale'
  | 'skip_monitor'
  | 'skip_slowlog'
  | 'fast'
  | 'may_replicate'
  | 'no_mandatory_keys'
  | 'no_multi'
  | 'allow_busy'
  | 'no_async_loading';

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
  readonly impl: CommandImpl;
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
  readonly impl: CommandImpl;
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

/** A row of a command that takes no keys (server and connection commands). */
export function noKeysRow(
  group: CommandGroup,
  name: string,
  arity: number,
  flags: string,
  args: string,
  summary: string,
  since: string,
  impl: CommandImpl,
  subcommands?: readonly CommandRow[],
): CommandRow {
  return row(group, name, arity, flags, NO_KEYS, args, summary, since, impl, {
    ...(subcommands ? { subcommands } : {}),
  });
}

/** A row from positional parts: flags are space-separated COMMAND INFO names. */
export function row(
  group: CommandGroup,
  name: string,
  arity: number,
  flags: string,
  keySpecs: readonly KeySpec[],
  args: string,
  summary: string,
  since: string,
  impl: CommandImpl,
  extra: {
    subcommands?: readonly CommandRow[];
    notQueued?: boolean;
    getKeys?: (args: readonly string[]) => string[];
  } = {},
): CommandRow {
  return {
    name,
    group,
    arity,
    flags: flags === '' ? [] : (flags.split(' ') as CommandFlag[]),
    keySpecs,
    args,
    summary,
    since,
    impl,
    ...extra,
  };
}
