// What one round trip touches, for partial-order reduction: the keys a command reads and the
// keys it writes, from its key positions and read/write flag (as Redis's command table gives
// them). Two round trips of different app servers are independent when neither writes what
// the other reads or writes; then both orders give the same replies and the same store, so
// the explorer tries only one of them.
//
// Key positions and the read/write flag come from the Redis model's command table
// (`resolveCommand`, `keysOf`), the same one the model dispatches on. Anything that table does
// not know, and any command that may touch keys it does not name, is treated as touching
// every key: always safe, it only costs reduction.
import type { Session } from '../redis/model';
import { keysOf, resolveCommand } from '../redis/table';

/**
 * What a round trip touches. `all`: 0 named keys only, 1 reads every key, 2 writes every key,
 * 3 moves the clock (a pause: it conflicts with every step, since expiries and TIME read it).
 */
export interface Footprint {
  reads: readonly string[];
  writes: readonly string[];
  all: 0 | 1 | 2 | 3;
}

/** A pause: time passes on the store's clock. */
export const CLOCK: Footprint = { reads: [], writes: [], all: 3 };

/** A round trip that touches nothing in the store (MULTI, a queued command, TIME, a crash). */
export const LOCAL: Footprint = { reads: [], writes: [], all: 0 };
const EVERYTHING: Footprint = { reads: [], writes: [], all: 2 };
const READS_EVERYTHING: Footprint = { reads: [], writes: [], all: 1 };

const GLOBAL_READS = new Set(['keys', 'dbsize', 'scan', 'randomkey', 'info']);
/** Scripts and functions may touch keys they do not declare. */
// SCRIPT and FUNCTION change the shared script cache that EVALSHA and FCALL read.
const OPAQUE = new Set([
  'eval',
  'evalsha',
  'eval_ro',
  'evalsha_ro',
  'fcall',
  'fcall_ro',
  'script',
  'function',
]);

/** What one command, sent alone (not queued), touches. */
function commandFootprint(args: readonly string[]): Footprint {
  const name = args[0]?.toLowerCase() ?? '';
  if (GLOBAL_READS.has(name)) return READS_EVERYTHING;
  const cmd = resolveCommand(args);
  if (cmd === undefined || OPAQUE.has(name)) return EVERYTHING;
  const keys = cmd.hasKeys ? keysOf(cmd, args) : [];
  // A write without named keys (FLUSHALL, SCRIPT FLUSH, SWAPDB) changes shared state.
  if (keys.length === 0) return cmd.write ? EVERYTHING : LOCAL;
  return cmd.write ? { reads: [], writes: keys, all: 0 } : { reads: keys, writes: [], all: 0 };
}

function union(fs: Footprint[]): Footprint {
  let all: 0 | 1 | 2 | 3 = 0;
  const reads = new Set<string>();
  const writes = new Set<string>();
  for (const f of fs) {
    if (f.all > all) all = f.all;
    for (const k of f.reads) reads.add(k);
    for (const k of f.writes) writes.add(k);
  }
  for (const k of writes) reads.delete(k);
  return { reads: [...reads], writes: [...writes], all };
}

/**
 * What a round trip touches, given the sending client's connection: inside MULTI a command is
 * only queued (local); EXEC runs the queue and reads the WATCHed keys (another client's write
 * to one of them changes EXEC's answer); WATCH reads its keys (a write before it is not seen,
 * a write after it aborts the transaction).
 */
export function footprint(args: readonly string[], session: Session): Footprint {
  const name = args[0]?.toLowerCase() ?? '';
  if (name === 'exec') {
    if (!session.inMulti) return LOCAL;
    const watched: Footprint = { reads: [...session.watched.keys()], writes: [], all: 0 };
    return union([watched, ...session.queue.map((q) => commandFootprint(q.args))]);
  }
  if (name === 'watch')
    return session.inMulti ? LOCAL : { reads: args.slice(1), writes: [], all: 0 };
  if (session.inMulti && name !== 'multi' && name !== 'discard') return LOCAL;
  return commandFootprint(args);
}

const meets = (a: readonly string[], b: readonly string[]): boolean => {
  if (a.length === 0 || b.length === 0) return false;
  for (const x of a) if (b.includes(x)) return true;
  return false;
};
const touches = (f: Footprint) => f.all > 0 || f.reads.length > 0 || f.writes.length > 0;
const writes = (f: Footprint) => f.all === 2 || f.writes.length > 0;

/** Two round trips of different clients conflict: swapping them may change a reply or the store. */
export function conflicts(a: Footprint, b: Footprint): boolean {
  if (a.all === 3 || b.all === 3) return true;
  if (a.all === 2) return touches(b);
  if (b.all === 2) return touches(a);
  if (a.all === 1) return writes(b);
  if (b.all === 1) return writes(a);
  return meets(a.writes, b.writes) || meets(a.writes, b.reads) || meets(b.writes, a.reads);
}
