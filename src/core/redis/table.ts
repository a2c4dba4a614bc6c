// The one command table: the rows every family exports, prepared for dispatch. The model
// (model.ts) dispatches through it, the editor's completion and hover read it (commandDoc,
// COMMAND_ROWS), and anything that needs a command's keys (cluster slots, the race
// explorer's partial-order reduction, the editor's trace) asks commandKeys.
import type { Command, CommandRow } from './command';
import { parseInt64 } from './numfmt';
import { BITMAP_COMMANDS } from './commands/bitmaps';
import { CONNECTION_COMMANDS } from './commands/connection';
import { FUNCTION_COMMANDS } from './commands/functions';
import { HASH_COMMANDS } from './commands/hashes';
import { HYPERLOGLOG_COMMANDS } from './commands/hyperloglog';
import { KEYS_COMMANDS } from './commands/keys';
import { LIST_COMMANDS } from './commands/lists';
import { RANDOM_COMMANDS } from './commands/random';
import { SCRIPTING_COMMANDS } from './commands/scripting';
import { SERVER_COMMANDS } from './commands/server';
import { SET_COMMANDS } from './commands/sets';
import { SORT_COMMANDS } from './commands/sort';
import { STRING_COMMANDS } from './commands/strings';
import { TRANSACTION_COMMANDS } from './commands/transactions';
import { ZSET_COMMANDS } from './commands/zsets';

export type { Command, CommandRow, CommandFlag, KeySpec } from './command';

/** Every command the model knows, family by family. */
export const COMMAND_ROWS: readonly CommandRow[] = [
  ...STRING_COMMANDS,
  ...HASH_COMMANDS,
  ...LIST_COMMANDS,
  ...SET_COMMANDS,
  ...ZSET_COMMANDS,
  ...KEYS_COMMANDS,
  ...SORT_COMMANDS,
  ...TRANSACTION_COMMANDS,
  ...SCRIPTING_COMMANDS,
  ...FUNCTION_COMMANDS,
  ...CONNECTION_COMMANDS,
  ...BITMAP_COMMANDS,
  ...HYPERLOGLOG_COMMANDS,
  ...RANDOM_COMMANDS,
  ...SERVER_COMMANDS,
];

function prepare(r: CommandRow): Command {
  let subs: Map<string, Command> | null = null;
  if (r.subcommands !== undefined) {
    subs = new Map();
    for (const s of r.subcommands) subs.set(s.name.slice(s.name.indexOf('|') + 1), prepare(s));
  }
  return {
    row: r,
    name: r.name,
    arity: r.arity,
    run: r.run,
    write: r.flags.includes('write'),
    mayReplicate: r.flags.includes('may_replicate'),
    noscript: r.flags.includes('noscript'),
    notQueued: r.notQueued === true,
    hasKeys: r.keySpecs.length > 0,
    subs,
  };
}

const BY_NAME = new Map<string, Command>();
for (const r of COMMAND_ROWS) {
  if (BY_NAME.has(r.name)) throw new Error(`command table: ${r.name} is defined twice`);
  const c = prepare(r);
  BY_NAME.set(r.name, c);
  BY_NAME.set(r.name.toUpperCase(), c);
}

/** The command named `name` (any case), subcommands not resolved; undefined when unknown. */
export function findCommand(name: string): Command | undefined {
  return BY_NAME.get(name) ?? BY_NAME.get(name.toLowerCase());
}

/**
 * The command `args` calls, its subcommand resolved when it has some (`SCRIPT LOAD` ->
 * script|load); undefined for an unknown command or subcommand.
 */
export function resolveCommand(args: readonly string[]): Command | undefined {
  if (args.length === 0) return undefined;
  const c = findCommand(args[0]!);
  if (c === undefined || c.subs === null || args.length < 2) return c;
  return c.subs.get(args[1]!.toLowerCase());
}

/**
 * Keys of one call by the command's key specs (getKeysUsingKeySpecs in db.c): a spec that
 * does not fit the arguments (a bad numkeys, too few arguments) gives no keys at all, and the
 * command itself then answers the error.
 */
export function keysOf(cmd: Command, args: readonly string[]): string[] {
  if (cmd.row.getKeys !== undefined) return cmd.row.getKeys(args);
  const out: string[] = [];
  const argc = args.length;
  for (const spec of cmd.row.keySpecs) {
    if ('unknown' in spec) continue;
    let first = spec.index;
    let last: number;
    if ('lastKey' in spec) {
      last = spec.lastKey >= 0 ? first + spec.lastKey : argc + spec.lastKey;
    } else {
      const at = first + spec.keynumIdx;
      if (at >= argc) return [];
      const n = parseInt64(args[at]!);
      if (n === null || n < 0n || n > BigInt(argc)) return [];
      first += spec.firstKey;
      last = first + Number(n) - 1;
    }
    if (last >= argc || last < first || first >= argc) return [];
    for (let i = first; i <= last; i += spec.step) out.push(args[i]!);
  }
  return out;
}

/**
 * The keys a command line names (`['MSET', 'a', '1', 'b', '2']` -> ['a', 'b']), from the
 * table's key specs; [] for an unknown command or one without keys. For the race explorer,
 * the editor's trace and cluster-slot checks.
 */
export function commandKeys(args: readonly string[]): string[] {
  const cmd = resolveCommand(args);
  return cmd === undefined || !cmd.hasKeys ? [] : keysOf(cmd, args);
}

/** Does the command change data (the `write` flag)? false for unknown commands. */
export function isWriteCommand(args: readonly string[]): boolean {
  return resolveCommand(args)?.write ?? false;
}

/** Does the command only read (the `readonly` flag)? */
export function isReadCommand(args: readonly string[]): boolean {
  return resolveCommand(args)?.row.flags.includes('readonly') ?? false;
}

/**
 * COMMAND INFO's legacy first key, last key and step, derived from the key specs as Redis
 * derives them (populateCommandLegacyRangeSpec), and whether the keys are movable.
 */
export function legacyKeyRange(r: CommandRow): {
  firstKey: number;
  lastKey: number;
  step: number;
  movable: boolean;
} {
  const specs = r.keySpecs;
  if (specs.length === 0) return { firstKey: 0, lastKey: 0, step: 0, movable: false };
  const s0 = specs[0]!;
  if (specs.length === 1 && 'lastKey' in s0 && 'index' in s0) {
    const last = s0.lastKey >= 0 ? s0.index + s0.lastKey : s0.lastKey;
    return { firstKey: s0.index, lastKey: last, step: s0.step, movable: false };
  }
  let movable = false;
  let first = Infinity;
  let last = 0;
  let prevLast = 0;
  const unsigned = (x: number): number => (x < 0 ? 2 ** 32 + x : x);
  for (const s of specs) {
    if (!('lastKey' in s) || !('index' in s)) {
      movable = true;
      continue;
    }
    if (s.step !== 1 || (prevLast !== 0 && prevLast !== s.index - 1)) {
      movable = true;
      continue;
    }
    first = Math.min(first, s.index);
    const abs = s.lastKey >= 0 ? s.lastKey + s.index : s.lastKey;
    last = unsigned(last) >= unsigned(abs) ? last : abs;
    prevLast = last;
  }
  if (first === Infinity) return { firstKey: 0, lastKey: 0, step: 0, movable: true };
  return { firstKey: first, lastKey: last, step: 1, movable };
}

/** COMMAND INFO's flags: the row's, plus movablekeys where the key specs imply it. */
export function commandFlags(r: CommandRow): string[] {
  // may_replicate is hidden from COMMAND INFO on purpose (server.c).
  const flags: string[] = r.flags.filter((f) => f !== 'may_replicate');
  if (legacyKeyRange(r).movable) flags.push('movablekeys');
  return flags;
}

/** The table row for a command name (any case) or `parent|sub`; undefined when unknown. */
export function commandDoc(name: string): CommandRow | undefined {
  const bar = name.indexOf('|');
  if (bar < 0) return findCommand(name)?.row;
  return findCommand(name.slice(0, bar))?.subs?.get(name.slice(bar + 1).toLowerCase())?.row;
}

/** Can a script call this command (for a container such as SCRIPT: some subcommand)? */
export function allowedInScripts(r: CommandRow): boolean {
  if (r.subcommands !== undefined) return r.subcommands.some(allowedInScripts);
  return !r.flags.includes('noscript');
}
