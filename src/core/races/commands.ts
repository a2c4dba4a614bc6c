// What one round trip touches, for partial-order reduction: the keys a command reads and the
// keys it writes, from its key positions and read/write flag (as Redis's command table gives
// them). Two round trips of different app servers are independent when neither writes what
// the other reads or writes; then both orders give the same replies and the same store, so
// the explorer tries only one of them.
//
// `keysOf` is the one place that knows command key positions here. The Redis model's own
// command table (src/core/redis) will export `commandKeys(args)`; when it does, swap the body
// of `keysOf` for it. Anything this table does not know is treated as touching every key,
// which is always safe (it only costs reduction).
import type { Session } from '../redis/model';

/** What a round trip touches. `all`: 0 named keys only, 1 reads every key, 2 writes every key. */
export interface Footprint {
  reads: readonly string[];
  writes: readonly string[];
  all: 0 | 1 | 2;
}

/** A round trip that touches nothing in the store (MULTI, a queued command, TIME, a crash). */
export const LOCAL: Footprint = { reads: [], writes: [], all: 0 };
const EVERYTHING: Footprint = { reads: [], writes: [], all: 2 };
const READS_EVERYTHING: Footprint = { reads: [], writes: [], all: 1 };

type KeyRule = 'first' | 'all' | 'pairs' | 'none';
interface Row {
  keys: KeyRule;
  write: boolean;
}

const rows = new Map<string, Row>();
const put = (names: string, keys: KeyRule, write: boolean) => {
  for (const n of names.split(/\s+/).filter(Boolean)) rows.set(n, { keys, write });
};
put(
  `get type ttl pttl expiretime pexpiretime strlen getrange hget hmget hgetall hkeys hvals hlen
   hexists hstrlen hrandfield zcard zscore zmscore zcount zlexcount zrange zrangebyscore
   zrangebylex zrevrange zrevrangebyscore zrevrangebylex zrank zrevrank llen lrange lindex lpos
   smembers sismember smismember scard srandmember getbit bitcount dump`,
  'first',
  false,
);
put('mget exists sinter sunion sdiff', 'all', false);
put(
  `set setnx setex psetex getset getdel getex append setrange incr decr incrby decrby
   incrbyfloat expire pexpire expireat pexpireat persist hset hmset hdel hsetnx hincrby
   hincrbyfloat zadd zincrby zrem zremrangebyscore zremrangebyrank zremrangebylex zpopmin
   zpopmax lpush rpush lpushx rpushx lpop rpop ltrim lset lrem linsert sadd srem spop
   setbit restore`,
  'first',
  true,
);
put('del unlink touch', 'all', true);
put('mset msetnx', 'pairs', true);
put('ping echo time multi discard unwatch select cluster quit reset client hello', 'none', false);

/** The keys a command names, or null when this table does not know the command. */
export function keysOf(args: readonly string[]): { keys: string[]; write: boolean } | null {
  const name = args[0]?.toLowerCase() ?? '';
  const row = rows.get(name);
  if (!row) return null;
  switch (row.keys) {
    case 'none':
      return { keys: [], write: row.write };
    case 'first':
      return { keys: args.length > 1 ? [args[1]!] : [], write: row.write };
    case 'all':
      return { keys: args.slice(1), write: row.write };
    case 'pairs':
      return { keys: args.filter((_, i) => i % 2 === 1), write: row.write };
  }
}

const GLOBAL_READS = new Set(['keys', 'dbsize', 'scan', 'randomkey', 'info']);

/** What one command, sent alone (not queued), touches. */
function commandFootprint(args: readonly string[]): Footprint {
  const name = args[0]?.toLowerCase() ?? '';
  if (GLOBAL_READS.has(name)) return READS_EVERYTHING;
  // EVAL/EVALSHA/FCALL may touch keys they do not declare; SCRIPT and FLUSHALL change shared
  // state. Everything unknown lands here too.
  const k = keysOf(args);
  if (!k) return EVERYTHING;
  if (k.keys.length === 0) return LOCAL;
  return k.write ? { reads: [], writes: k.keys, all: 0 } : { reads: k.keys, writes: [], all: 0 };
}

function union(fs: Footprint[]): Footprint {
  let all: 0 | 1 | 2 = 0;
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
    return union([watched, ...session.queue.map(commandFootprint)]);
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
  if (a.all === 2) return touches(b);
  if (b.all === 2) return touches(a);
  if (a.all === 1) return writes(b);
  if (b.all === 1) return writes(a);
  return meets(a.writes, b.writes) || meets(a.writes, b.reads) || meets(b.writes, a.reads);
}
